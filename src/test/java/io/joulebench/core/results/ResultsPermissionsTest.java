package io.joulebench.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.run.StudyRunResult;
import io.joulebench.core.run.StudyRunner;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.Study;
import io.joulebench.core.time.VirtualClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 11 "Result folders are written with the user's umask": every file and folder of a results folder, and every
 * export, has exactly the permissions a plain {@code Files.createFile} / {@code createDirectory} gets in the same
 * place (no owner-only temp-file permissions survive the rename, no explicit permissions are set). The comparison
 * tells the right result from the old bug (owner-only {@code rw-------} files whatever the umask) only under a umask
 * that lets the group or others read, e.g. the usual 022 or 027; under 077 both are {@code rw-------} and the test is
 * skipped (assumed, not passed) rather than passing without being able to fail.
 */
class ResultsPermissionsTest {

    @TempDir
    Path tmp;

    @Test
    void every_results_file_and_export_has_the_permissions_of_a_plainly_created_file() throws IOException {
        Assumptions.assumeTrue(tmp.getFileSystem().supportedFileAttributeViews().contains("posix"));
        Set<PosixFilePermission> plainFile = Files.getPosixFilePermissions(Files.createFile(tmp.resolve("plain")));
        Set<PosixFilePermission> plainDir = Files.getPosixFilePermissions(Files.createDirectory(tmp.resolve("d")));
        Assumptions.assumeFalse(plainFile.equals(PosixFilePermissions.fromString("rw-------")),
                "the umask makes plain files owner-only (rw-------), the very permissions of the bug this test guards "
                        + "against: run it under a umask such as 022 or 027");
        Study study = Studies.load(tmp, "quick.yaml", Studies.QUICK);
        StudyRunResult r = new StudyRunner(new FakeSessionRunner(0), VirtualClock.atSeconds(0))
                .run(study, tmp.resolve("out"), StudyRunListener.NONE);
        WindowsCsvTable table = WindowsCsvTable.readFolder(r.folder());
        WindowsCsvExporter.write(table.rows(), tmp.resolve("exports/windows.csv"), (d, t) -> { });
        RequestsExport.write(r.folder(), table, tmp.resolve("exports/requests.csv"));

        List<Path> all;
        try (Stream<Path> s = Files.walk(tmp.resolve("out"))) {
            all = Stream.concat(s.toList().stream(), Stream.of(tmp.resolve("exports/windows.csv"),
                    tmp.resolve("exports/requests.csv"))).toList();
        }
        assertThat(all).filteredOn(Files::isRegularFile).hasSizeGreaterThan(40);
        for (Path p : all) {
            Set<PosixFilePermission> expected = Files.isDirectory(p) ? plainDir : plainFile;
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(p))).as(p.toString())
                    .isEqualTo(PosixFilePermissions.toString(expected));
        }
    }
}
