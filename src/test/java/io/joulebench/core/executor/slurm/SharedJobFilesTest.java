package io.joulebench.core.executor.slurm;

import java.nio.file.Path;

/** On a login node the nodes see the results folder itself. */
class SharedJobFilesTest extends JobFilesContract {

    @Override
    protected JobFiles files(Path localBase) {
        return JobFiles.shared();
    }
}
