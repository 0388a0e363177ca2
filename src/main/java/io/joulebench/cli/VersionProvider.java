package io.joulebench.cli;

import io.joulebench.core.ToolVersion;
import picocli.CommandLine;

/** {@code --version} on every command. */
public final class VersionProvider implements CommandLine.IVersionProvider {

    @Override
    public String[] getVersion() {
        return new String[] {
            "joulebench " + ToolVersion.get(),
            "JVM: " + System.getProperty("java.vm.name") + " " + Runtime.version(),
            "OS: " + System.getProperty("os.name") + " " + System.getProperty("os.arch")
        };
    }
}
