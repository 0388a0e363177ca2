package io.joulebench.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.joulebench.core.csv.CsvReader;
import io.joulebench.core.results.CellStatus;
import io.joulebench.core.results.Manifest;
import io.joulebench.core.results.ManifestEntry;
import io.joulebench.core.results.ResultsFolder;
import io.joulebench.core.results.WindowRow;
import io.joulebench.core.results.WindowsCsvTable;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/** Assertions every reliability test makes about a results folder and the processes a run left behind. */
final class ResultsChecks {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ResultsChecks() {
    }

    /** A window bundle folder of a results folder: not {@code logs/}, {@code interrupted/} nor {@code cluster/}. */
    static boolean isBundle(Path p) {
        String name = p.getFileName().toString();
        return Files.isDirectory(p) && !name.equals(ResultsFolder.LOGS_DIR) && !name.equals(ResultsFolder.INTERRUPTED_DIR)
                && !name.equals(ResultsFolder.CLUSTER_DIR);
    }

    /** The one results folder under {@code out}. */
    static Path onlyFolder(Path out) throws IOException {
        try (Stream<Path> s = Files.list(out)) {
            List<Path> folders = s.filter(p -> !p.getFileName().toString().startsWith(".")).toList();
            assertThat(folders).as("results folders in " + out).hasSize(1);
            return folders.getFirst();
        }
    }

    /** Every file parses: JSON through Jackson, CSV through CsvReader with rectangular rows, YAML through Jackson. */
    static int assertEveryFileParses(Path folder) throws IOException {
        try (Stream<Path> s = Files.walk(folder)) {
            assertThat(s.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(".tmp-")).toList())
                    .as("temp files or folders left in " + folder).isEmpty();
        }
        return assertEveryFileParsesIgnoringTemp(folder);
    }

    /** After a SIGKILL: every file outside {@code .tmp-*} entries (swept when the folder is next opened) parses. */
    static int assertEveryFileParsesIgnoringTemp(Path folder) throws IOException {
        int files = 0;
        try (Stream<Path> s = Files.walk(folder)) {
            for (Path p : s.filter(Files::isRegularFile)
                    .filter(p -> !folder.relativize(p).toString().startsWith(".tmp-")).toList()) {
                String name = p.getFileName().toString();
                files++;
                if (name.endsWith(".json")) {
                    assertThat(JSON.readTree(p.toFile())).as(p.toString()).isNotNull();
                } else if (name.endsWith(".csv")) {
                    List<List<String>> rows;
                    try (Reader r = Files.newBufferedReader(p, StandardCharsets.UTF_8)) {
                        rows = new CsvReader(r).readAll();
                    }
                    assertThat(rows).as(p + " has a header").isNotEmpty();
                    int width = rows.getFirst().size();
                    assertThat(rows).as(p + " rows as wide as the header").allSatisfy(r -> assertThat(r).hasSize(width));
                } else if (name.endsWith(".yaml")) {
                    new YAMLMapper().readTree(p.toFile());
                } else if (name.endsWith(".parquet")) {
                    assertParquetFrame(p);
                }
            }
        }
        return files;
    }

    /** A whole Parquet file: {@code PAR1} at both ends and a footer length that fits (the tests read them with DuckDB). */
    static void assertParquetFrame(Path p) throws IOException {
        byte[] b = Files.readAllBytes(p);
        String magic = "PAR1";
        assertThat(b.length).as(p.toString()).isGreaterThan(12);
        assertThat(new String(b, 0, 4, StandardCharsets.US_ASCII)).as(p + " head").isEqualTo(magic);
        assertThat(new String(b, b.length - 4, 4, StandardCharsets.US_ASCII)).as(p + " tail").isEqualTo(magic);
        int footer = java.nio.ByteBuffer.wrap(b, b.length - 8, 4).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt();
        assertThat(footer).as(p + " footer length").isBetween(1, b.length - 12);
    }

    /**
     * Crash consistency: each window id once in windows.csv, once as a complete bundle, credited once in the manifest
     * by the cell that owns it; no cell left {@code running} once the study finished.
     */
    static void assertConsistent(Path folder) throws IOException {
        assertConsistent(folder, true);
    }

    /** As {@link #assertConsistent(Path)}; {@code finished} false allows cells left running by an interrupt. */
    static void assertConsistent(Path folder, boolean finished) throws IOException {
        assertEveryFileParses(folder);
        List<String> rowIds = WindowsCsvTable.readFolder(folder).rows().stream().map(WindowRow::experimentId).toList();
        assertThat(rowIds).doesNotHaveDuplicates();
        Set<String> bundles = new HashSet<>();
        try (Stream<Path> s = Files.list(folder)) {
            for (Path b : s.filter(ResultsChecks::isBundle).toList()) {
                String id = b.getFileName().toString();
                bundles.add(id);
                assertThat(JSON.readTree(b.resolve("result.json").toFile()).path("experiment_id").asText())
                        .isEqualTo(id);
                for (String f : List.of("config.json", "system.json", "requests.csv", "requests.parquet",
                        "timeseries.csv", "timeseries.parquet", "window.csv", "devices.csv")) {
                    assertThat(b.resolve(f)).as("bundle " + id + " is whole").isRegularFile();
                }
            }
        }
        assertThat(bundles).containsExactlyInAnyOrderElementsOf(rowIds);
        List<ManifestEntry> entries = Manifest.read(folder.resolve("manifest.json")).entries();
        List<String> credited = new ArrayList<>();
        entries.forEach(e -> credited.addAll(e.windowIds()));
        assertThat(credited).as("no window credited twice").doesNotHaveDuplicates()
                .containsExactlyInAnyOrderElementsOf(rowIds);
        if (finished) {
            assertThat(entries).extracting(ManifestEntry::status).doesNotContain(CellStatus.RUNNING);
        }
    }

    /** Every descendant seen is gone within {@code grace} (an engine the run started outliving it is a leak). */
    static void assertAllGone(Set<ProcessHandle> processes, Duration grace) throws InterruptedException {
        long deadline = System.nanoTime() + grace.toNanos();
        while (processes.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertThat(processes.stream().filter(ProcessHandle::isAlive)
                .map(p -> p.pid() + " " + p.info().commandLine().orElse("?")).toList())
                .as("processes left running").isEmpty();
    }
}
