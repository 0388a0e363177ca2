package io.joulebench.core;

import java.util.List;

/**
 * The JVM flags every Joulebench process that issues traffic starts with: the packaged CLI and workbench (through
 * {@code packaging/jvm-options.txt}, which lists the same flags; a test keeps the two equal) and a Slurm node's worker.
 * ZGC, because its pauses stay under a millisecond while the client streams a thousand responses: a stop-the-world
 * young collection (3–31 ms here) delays every token that arrives during it, and the receipt lag it adds is then the
 * client's, not the server's (decision record 0022, with the figures of each collector measured side by side).
 */
public final class ClientJvmFlags {

    /** The collector and its settings, one flag per element. */
    public static final List<String> GC = List.of("-XX:+UseZGC");

    private ClientJvmFlags() {
    }
}
