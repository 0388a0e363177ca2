package io.joulebench.core.energy;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.jna.Library;
import com.sun.jna.Native;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/**
 * The fake libnvidia-ml.so compiled from src/test/c/fake_nvml.c at process-test-resources. Tests skip (not fail)
 * only when it was not built, i.e. when the machine has no gcc.
 */
public final class FakeNvml {

    interface Control extends Library {
        int fake_nvml_configure(String spec);

        int fake_nvml_init_count();
    }

    private FakeNvml() {
    }

    public static Path dir() {
        return Path.of(System.getProperty("fake.nvml.dir", "target/fake-nvml"));
    }

    /** Skips the calling test when the fake library was not built (no gcc). */
    public static void assumeBuilt() {
        Assumptions.assumeTrue(Files.isRegularFile(dir().resolve("libnvidia-ml.so")),
                "fake libnvidia-ml.so not built (no gcc?)");
    }

    /** Resets the fake and applies {@code key=value;...} (see fake_nvml.c). */
    public static void configure(String spec) {
        assumeBuilt();
        assertThat(control().fake_nvml_configure(spec)).as("fake NVML spec %s", spec).isZero();
    }

    public static int initCount() {
        return control().fake_nvml_init_count();
    }

    /** The pre-Volta variant: no energy counter, no field values, no clock event reasons. */
    public static String oldDriverLibrary() {
        return dir().resolve("old/libnvidia-ml.so").toAbsolutePath().toString();
    }

    /**
     * Held for the JVM's life: JNA unloads a library once no proxy of it is reachable, and a reload starts the fake
     * over from its defaults (2 GPUs), so a GC between {@link #configure} and the meter's open lost the configuration.
     */
    private static Control control;

    private static synchronized Control control() {
        if (control == null) {
            control = Native.load(NvmlEnergyMeter.DEFAULT_LIBRARY, Control.class);
        }
        return control;
    }
}
