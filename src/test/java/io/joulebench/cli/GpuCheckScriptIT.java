package io.joulebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.energy.FakeNvml;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bench/gpu-check.sh itself, against the fake libnvidia-ml (GPU_CHECK_QUICK: seconds instead of minutes): the built
 * jar, a JDK and nothing else; exit 0 with all three parts printed on plausible readings, non-zero on a GPU that
 * reads 150 °C. On a machine with a GPU the same script checks the real driver.
 */
class GpuCheckScriptIT {

    @TempDir
    Path tmp;

    private record Result(int exit, String output) {
    }

    private Result script(String fakeSpec) throws IOException, InterruptedException {
        FakeNvml.assumeBuilt();
        Path jar = Path.of("target/joulebench.jar");
        assertThat(jar).as("the IT stage runs after package").isRegularFile();
        ProcessBuilder pb = new ProcessBuilder("bash", "bench/gpu-check.sh", "--jar", jar.toString())
                .redirectErrorStream(true).redirectOutput(tmp.resolve("out.txt").toFile());
        pb.environment().put("JAVA", Path.of(System.getProperty("java.home"), "bin", "java").toString());
        pb.environment().put("JAVA_OPTS", "--enable-native-access=ALL-UNNAMED -Djna.library.path="
                + FakeNvml.dir().toAbsolutePath() + " -Duser.home=" + tmp.resolve("home"));
        pb.environment().put("GPU_CHECK_QUICK", "1");
        pb.environment().put("GPU_CHECK_OUT", tmp.resolve("work").toString());
        pb.environment().put("FAKE_NVML_SPEC", fakeSpec);
        Process p = pb.start();
        boolean done = p.waitFor(4, TimeUnit.MINUTES);
        if (!done) {
            p.destroyForcibly();
        }
        String out = Files.readString(tmp.resolve("out.txt"), StandardCharsets.UTF_8);
        assertThat(done).as(out).isTrue();
        return new Result(p.exitValue(), out);
    }

    @Test
    void plausible_readings_pass_all_three_parts() throws Exception {
        Result r = script("gpus=2;power_w=120,240");
        assertThat(r.exit()).as(r.output()).isZero();
        assertThat(r.output()).contains("== 1/3 NVML readings ==", "Hopper", "verdict: plausible",
                "== 3/3 the study's windows ==", "verdict: plausible (3 windows)", "gpu-check: all readings plausible");
    }

    @Test
    void an_implausible_temperature_fails_the_script() throws Exception {
        Result r = script("gpus=1;temp_c=150");
        assertThat(r.exit()).as(r.output()).isNotZero();
        assertThat(r.output()).contains("temperature", "FAIL", "gpu-check: IMPLAUSIBLE readings above");
    }
}
