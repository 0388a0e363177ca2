package io.joulebench.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code joulebench bench}: the harness's own performance checks (null server, issuance fidelity). */
@Command(name = "bench", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Measure the harness itself: a null server and issuance fidelity.",
            "null-server is a minimal server to drive; issuance measures how faithfully the issuer keeps a schedule."},
        subcommands = {BenchNullServerCommand.class, BenchIssuanceCommand.class})
public final class BenchCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
