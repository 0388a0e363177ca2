package io.joulebench;

import io.joulebench.cli.JoulebenchCommand;

/** Entry point of {@code java -jar joulebench.jar}: no arguments opens the workbench, anything else is the CLI. */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        JulToSlf4j.install();
        System.exit(JoulebenchCommand.execute(args.length == 0 ? new String[] {"gui"} : args));
    }
}
