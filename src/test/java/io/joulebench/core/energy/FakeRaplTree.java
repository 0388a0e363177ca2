package io.joulebench.core.energy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** A powercap sysfs tree in a temp dir: files are replaced atomically, as a concurrent reader needs. */
public final class FakeRaplTree {

    private final Path root;

    public FakeRaplTree(Path root) {
        this.root = root;
    }

    public Path root() {
        return root;
    }

    /** Adds a domain directory, e.g. {@code intel-rapl:0} named {@code package-0}. */
    public FakeRaplTree domain(String dir, String name, long energyUj, long maxRangeUj) {
        try {
            Files.createDirectories(root.resolve(dir));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        write(root.resolve(dir).resolve("name"), name + "\n");
        write(root.resolve(dir).resolve("max_energy_range_uj"), maxRangeUj + "\n");
        return energy(dir, energyUj);
    }

    public FakeRaplTree energy(String dir, long energyUj) {
        write(root.resolve(dir).resolve("energy_uj"), energyUj + "\n");
        return this;
    }

    public long energy(String dir) {
        try {
            return Long.parseLong(Files.readString(root.resolve(dir).resolve("energy_uj")).trim());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(Path file, String text) {
        try {
            Path tmp = Files.createTempFile(file.getParent(), ".w", ".tmp");
            Files.writeString(tmp, text);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
