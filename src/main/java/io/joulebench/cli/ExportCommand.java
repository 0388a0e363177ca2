package io.joulebench.cli;

import io.joulebench.core.results.DevicesCsv;
import io.joulebench.core.results.RequestsExport;
import io.joulebench.core.results.UpstreamExport;
import io.joulebench.core.results.WindowsCsvExporter;
import io.joulebench.core.results.WindowsCsvTable;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code joulebench export RESULTS_DIR [--csv FILE] [--requests | --devices]}: the folder's windows (or every request
 * row of every window bundle, with {@code experiment_id} first, or every window's energy per device) as CSV, to a file (written atomically) or stdout, through
 * the same writer as the workbench's Export. {@code --upstream DIR} instead writes a copy that llenergymeasure's
 * loaders open ({@link UpstreamExport}, decision 0017).
 */
@Command(name = "export", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Write a results folder as CSV, or as an upstream-shaped copy.",
                "CSV: its windows, or with --requests its request rows; --upstream DIR: a copy named and shaped",
                "as llenergymeasure's results."})
public final class ExportCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "RESULTS_DIR", description = "The results folder.")
    Path resultsDir;

    @Option(names = "--csv", paramLabel = "FILE", description = "Write to this file instead of stdout.")
    Path csv;

    @Option(names = "--requests", description = "Export every request row of every window instead of the windows.")
    boolean requests;

    @Option(names = "--devices", description = "Export every window's energy per device (devices.csv rows) instead.")
    boolean devices;

    @Option(names = "--upstream", paramLabel = "DIR",
            description = "Write a copy an llenergymeasure reader opens into DIR (new or empty): upstream's folder and"
                    + " bundle names, upstream's keys only, Joulebench's other fields in joulebench.json beside them.")
    Path upstream;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if (!Files.exists(resultsDir)) {
            throw new UserInputException(resultsDir + " does not exist: give a results folder (one a run wrote)");
        }
        if (!Files.isDirectory(resultsDir)) {
            throw new UserInputException(resultsDir + " is a file, not a results folder");
        }
        if (!Files.isRegularFile(resultsDir.resolve(WindowsCsvTable.FILE_NAME))) {
            throw new UserInputException(resultsDir + " is not a results folder: it has no "
                    + WindowsCsvTable.FILE_NAME);
        }
        if (upstream != null) {
            if (csv != null || requests || devices) {
                throw new UserInputException("--upstream writes a folder; it does not combine with --csv, --requests"
                        + " or --devices");
            }
            Path study;
            try {
                study = UpstreamExport.write(resultsDir, upstream);
            } catch (UpstreamExport.Refused | WindowsCsvTable.DamagedWindowsCsvException e) {
                throw new UserInputException(e.getMessage());
            }
            spec.commandLine().getErr().println("wrote " + study.toAbsolutePath());
            spec.commandLine().getErr().flush();
            return ExitCodes.OK;
        }
        WindowsCsvTable table;
        try {
            table = WindowsCsvTable.readFolder(resultsDir);
        } catch (WindowsCsvTable.DamagedWindowsCsvException e) {
            throw new UserInputException(e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        if (requests && devices) {
            throw new UserInputException("--requests and --devices choose different tables: give one");
        }
        if (devices) {
            if (csv != null) {
                DevicesCsv.export(resultsDir, table, csv);
            } else {
                DevicesCsv.export(resultsDir, table, out);
            }
        } else if (requests) {
            if (csv != null) {
                RequestsExport.write(resultsDir, table, csv);
            } else {
                RequestsExport.write(resultsDir, table, out);
            }
        } else if (csv != null) {
            WindowsCsvExporter.write(table.rows(), csv, (done, total) -> { });
        } else {
            WindowsCsvExporter.write(table.rows(), out, (done, total) -> { });
        }
        out.flush();
        if (csv != null) {
            spec.commandLine().getErr().println("wrote " + csv.toAbsolutePath());
            spec.commandLine().getErr().flush();
        }
        return ExitCodes.OK;
    }
}
