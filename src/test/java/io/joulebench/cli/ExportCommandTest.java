package io.joulebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.results.FakeSessionRunner;
import io.joulebench.core.results.WindowsCsvColumns;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ExportCommandTest {

    @TempDir
    Path tmp;

    private Path folder;

    record Run(int exit, String out, String err) {
    }

    private static Run run(String... args) {
        CommandLine cl = JoulebenchCommand.commandLine(() -> new FakeSessionRunner(0));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        return new Run(cl.execute(args), out.toString(), err.toString());
    }

    @BeforeEach
    void runQuickstart() throws IOException {
        assertThat(run("run", "examples/quickstart.yaml", "--out", tmp.resolve("out").toString()).exit()).isZero();
        try (Stream<Path> s = Files.list(tmp.resolve("out"))) {
            folder = s.findFirst().orElseThrow();
        }
    }

    @Test
    void export_writes_windows_csv_to_stdout_and_to_a_file() throws IOException {
        Run r = run("export", folder.toString());
        assertThat(r.exit()).isZero();
        List<String> lines = r.out().lines().toList();
        assertThat(lines).hasSize(10);
        assertThat(lines.get(0)).isEqualTo(String.join(",", WindowsCsvColumns.ALL));
        Path file = tmp.resolve("export/w.csv");
        assertThat(run("export", folder.toString(), "--csv", file.toString()).exit()).isZero();
        assertThat(Files.readString(file)).isEqualTo(Files.readString(folder.resolve("windows.csv")));
    }

    @Test
    void export_requests_prepends_the_window_id_to_every_request_row() throws IOException {
        Path file = tmp.resolve("r.csv");
        Run r = run("export", folder.toString(), "--requests", "--csv", file.toString());
        assertThat(r.exit()).isZero();
        List<String> lines = Files.readAllLines(file);
        assertThat(lines.get(0)).startsWith("experiment_id,request_index,issued_at,");
        assertThat(lines).hasSize(1 + 9 * 2);
        assertThat(lines.get(1)).matches("server-[0-9a-f]{16}-c1-L0-W0,0,10,.*");
    }

    @Test
    void export_devices_writes_the_folders_devices_csv_and_refuses_requests_beside_it() throws IOException {
        Path file = tmp.resolve("d.csv");
        Run r = run("export", folder.toString(), "--devices", "--csv", file.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        List<String> lines = Files.readAllLines(file);
        assertThat(lines.get(0)).startsWith("experiment_id,level_index,window_index,domain,device_index,");
        assertThat(lines).as("one device in each of 9 windows").hasSize(1 + 9);
        assertThat(lines.get(1)).matches("server-[0-9a-f]{16}-c1-L0-W0,0,0,gpu,0,sim-0,reference-gpu,,,.*");
        assertThat(Files.readString(file)).isEqualTo(Files.readString(folder.resolve("devices.csv")));
        Run both = run("export", folder.toString(), "--devices", "--requests");
        assertThat(both.exit()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(both.err()).contains("--requests and --devices");
    }

    @Test
    void export_csv_neutralises_formulas_in_unknown_text_columns_but_leaves_their_numbers_alone() throws IOException {
        // columns a newer version might append: a signed number and free text
        Path windows = folder.resolve("windows.csv");
        List<String> lines = Files.readAllLines(windows);
        List<String> extended = new java.util.ArrayList<>();
        extended.add(lines.getFirst() + ",extra_delta_w,extra_note");
        lines.stream().skip(1).forEach(l -> extended.add(l + ",-12.5,\"=HYPERLINK(\"\"http://evil\"\")\""));
        Files.write(windows, extended);
        Path file = tmp.resolve("export/w.csv");

        Run r = run("export", folder.toString(), "--csv", file.toString());

        assertThat(r.exit()).as(r.err()).isZero();
        List<String> out = Files.readAllLines(file);
        assertThat(out.getFirst()).endsWith(",extra_delta_w,extra_note");
        assertThat(out).hasSize(10);
        assertThat(out.subList(1, out.size())).allSatisfy(l -> assertThat(l)
                .endsWith(",-12.5,\"'=HYPERLINK(\"\"http://evil\"\")\""));
    }

    @Test
    void export_requests_neutralises_engine_text_and_keeps_numbers() throws IOException {
        Path bundle;
        try (Stream<Path> s = Files.list(folder)) {
            bundle = s.filter(Files::isDirectory).sorted().findFirst().orElseThrow();
        }
        Path requests = bundle.resolve("requests.csv");
        List<String> lines = Files.readAllLines(requests);
        List<String> header = List.of(lines.getFirst().split(","));
        String[] cells = lines.get(1).split(",", -1);
        cells[header.indexOf("finish_reason")] = "@SUM(A1)";
        cells[header.indexOf("status")] = "error";
        cells[header.indexOf("error")] = "-1+1 HTTP 500";
        Files.write(requests, List.of(lines.getFirst(), String.join(",", cells)));
        Path file = tmp.resolve("r.csv");

        Run r = run("export", folder.toString(), "--requests", "--csv", file.toString());

        assertThat(r.exit()).as(r.err()).isZero();
        String row = Files.readAllLines(file).stream().filter(l -> l.contains("SUM")).findFirst().orElseThrow();
        assertThat(row).contains(",\"'@SUM(A1)\",").endsWith(",\"'-1+1 HTTP 500\",false,,,,,,,")
                .doesNotContain(",'-").contains("," + cells[header.indexOf("issued_at")] + ",");
    }

    @Test
    void export_of_a_folder_without_windows_csv_exits_2() {
        Run r = run("export", tmp.toString());
        assertThat(r.exit()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(r.err()).contains("is not a results folder");
    }

    @Test
    void export_upstream_writes_upstreams_layout_and_refuses_a_non_empty_dir_with_one_line() throws IOException {
        Path dir = tmp.resolve("upstream");
        Run r = run("export", folder.toString(), "--upstream", dir.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        Path study;
        try (Stream<Path> s = Files.list(dir)) {
            study = s.findFirst().orElseThrow();
        }
        assertThat(study.getFileName().toString()).matches(".+_\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d");
        assertThat(r.err().strip()).isEqualTo("wrote " + study.toAbsolutePath());
        try (Stream<Path> s = Files.list(study)) {
            assertThat(s.filter(Files::isDirectory).map(p -> p.getFileName().toString())
                    .filter(n -> n.matches("\\d{3}_c1_.+_[0-9a-f]{8}(_\\d+)?"))).hasSize(9);
        }

        Run again = run("export", folder.toString(), "--upstream", dir.toString());
        assertThat(again.exit()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(again.err().strip().lines()).hasSize(1);
        assertThat(again.err()).contains(dir + " exists and is not empty");
    }

    @Test
    void export_upstream_of_a_folder_that_is_not_a_results_folder_exits_2() {
        Run r = run("export", tmp.toString(), "--upstream", tmp.resolve("u").toString());
        assertThat(r.exit()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(r.err().strip().lines()).hasSize(1).first().asString().contains("is not a results folder");
    }

    /** Cuts windows.csv in the middle of its last row, as a crash during an append or a truncated copy leaves it. */
    private String cutLastRow() throws IOException {
        Path windows = folder.resolve("windows.csv");
        String whole = Files.readString(windows);
        int lastRow = whole.lastIndexOf('\n', whole.length() - 2) + 1;
        Files.writeString(windows, whole.substring(0, lastRow + (whole.length() - lastRow) / 2));
        return whole;
    }

    @Test
    void export_of_a_cut_windows_csv_gives_the_windows_the_bundles_hold_never_the_cut_row() throws IOException {
        String whole = cutLastRow();
        Path file = tmp.resolve("export/w.csv");

        Run r = run("export", folder.toString(), "--csv", file.toString());

        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(Files.readString(file)).isEqualTo(whole);
    }

    @Test
    void export_of_a_cut_windows_csv_whose_bundles_cannot_rebuild_it_is_refused_in_one_sentence() throws IOException {
        cutLastRow();
        Path bundle;
        try (Stream<Path> s = Files.list(folder)) {
            bundle = s.filter(Files::isDirectory).filter(p -> p.getFileName().toString().startsWith("server-"))
                    .sorted().findFirst().orElseThrow();
        }
        Files.delete(bundle.resolve("result.json"));

        Run r = run("export", folder.toString());

        assertThat(r.exit()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(r.out()).isEmpty();
        assertThat(r.err().strip().lines()).hasSize(1).first().asString()
                .contains("windows.csv is not whole", "has no line end", "was not used", "joulebench resume");
    }

    @Test
    void export_of_a_folder_that_does_not_exist_says_so() {
        Run r = run("export", tmp.resolve("nosuchdir").toString());
        assertThat(r.exit()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(r.err()).contains("nosuchdir does not exist").doesNotContain("windows.csv");
    }
}
