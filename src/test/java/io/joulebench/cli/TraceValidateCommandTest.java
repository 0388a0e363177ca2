package io.joulebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/** Issue 30 acceptance 5: a malformed trace in any format exits 2 naming file, line and field, without a stack trace. */
class TraceValidateCommandTest {

    @TempDir
    Path dir;

    private record Run(int exit, String out, String err) {
    }

    private static Run run(String... args) {
        CommandLine cl = JoulebenchCommand.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int exit = cl.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    @Test
    void the_example_replay_validates() {
        Run r = run("validate", "examples/trace-replay.yaml");
        assertThat(r.exit()).as(r.err()).isZero();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "auto|t.csv|offset_s,output_tokens\\n0,4\\nsoon,5|line 3|offset_s 'soon'",
        "auto|t.jsonl|{\"timestamp\": 10, \"input_length\": 5}\\n{\"timestamp\": 5, \"input_length\": 5}|line 2|timestamp 5 is before",
        "auto|t.csv|TIMESTAMP,ContextTokens,GeneratedTokens\\n2023-11-16 18:15:46.6805900,-4,1|line 2|ContextTokens must be a whole number",
        "auto|t.csv|Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type\\n5,GPT-4,10,2.5,12,API log|line 2|Response tokens must be a whole number",
        "auto|t.csv|TIMESTAMP,ContextTokens\\n2023-11-16 18:15:46.6805900,4|line 1|no column GeneratedTokens",
        "auto|t.csv|''|line 1|the trace is empty",
        "azure|t.jsonl|{\"timestamp\": 0, \"input_length\": 5}|line 1|format: azure was named",
    })
    void a_malformed_trace_exits_2_naming_file_line_and_field(String format, String name, String content,
                                                                 String line, String field) throws Exception {
        Files.writeString(dir.resolve(name), content.replace("\\n", "\n"));
        Path study = Files.writeString(dir.resolve("s.yaml"), "serving_mode: server\nserver: {traffic: {trace: {file: "
                + name + ", format: " + format + "}}}\n");
        Run r = run("validate", study.toString());
        String all = r.out() + r.err();
        assertThat(r.exit()).as(all).isEqualTo(2);
        assertThat(all).contains("server.traffic.trace").contains(dir.resolve(name) + " " + line).contains(field)
                .doesNotContain("Exception").doesNotContain("\tat ");
    }
}
