package io.joulebench.app;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What the workbench needs from the machine before JavaFX starts: on Linux, GTK 3 (JavaFX's windowing toolkit).
 * Without it JavaFX prints only "Unable to load glass GTK library." and exits; this says what to install instead.
 * The CLI commands need none of it.
 */
public final class GuiRequirements {

    /** The library JavaFX's glass loads on Linux. */
    static final String GTK3 = "libgtk-3.so.0";

    /** What to tell the user when GTK 3 is missing. */
    static final String MISSING_GTK = "The Joulebench workbench needs GTK 3, which this machine does not have ("
            + GTK3 + " was not found). Install it (Debian/Ubuntu: sudo apt-get install libgtk-3-0; Fedora: sudo dnf"
            + " install gtk3) and start it again. The command-line tools work without it: joulebench --help.";

    /** The folders a Linux dynamic loader looks in for a library, the usual ones and LD_LIBRARY_PATH's. */
    static final List<String> LIBRARY_DIRS = List.of("/lib", "/lib64", "/usr/lib", "/usr/lib64", "/usr/local/lib",
            "/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu", "/lib/aarch64-linux-gnu",
            "/usr/lib/aarch64-linux-gnu");

    private GuiRequirements() {
    }

    /** Why the workbench cannot start on this machine, or empty when nothing is missing that it can tell. */
    public static Optional<String> problem() {
        boolean linux = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux");
        boolean monocle = "Monocle".equalsIgnoreCase(System.getProperty("glass.platform", ""));
        if (!linux || monocle) {
            return Optional.empty();
        }
        List<Path> dirs = new ArrayList<>();
        String ld = System.getenv("LD_LIBRARY_PATH");
        if (ld != null) {
            for (String d : ld.split(File.pathSeparator)) {
                if (!d.isEmpty()) {
                    dirs.add(Path.of(d));
                }
            }
        }
        LIBRARY_DIRS.forEach(d -> dirs.add(Path.of(d)));
        return gtkMissing(dirs) ? Optional.of(MISSING_GTK) : Optional.empty();
    }

    /** Whether none of {@code dirs} holds GTK 3. */
    static boolean gtkMissing(List<Path> dirs) {
        return dirs.stream().noneMatch(d -> Files.exists(d.resolve(GTK3)));
    }

    /** The message for a JavaFX start that failed anyway: on Linux it names GTK 3 as the likely cause. */
    public static String startFailed(Throwable cause) {
        boolean linux = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux");
        String why = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
        return "The Joulebench workbench could not start: " + why + "."
                + (linux ? " On Linux it needs GTK 3 and a display (DISPLAY or WAYLAND_DISPLAY set); Debian/Ubuntu:"
                + " sudo apt-get install libgtk-3-0." : "")
                + " The command-line tools work without it: joulebench --help.";
    }
}
