package io.joulebench.core.executor.ssh;

import io.joulebench.core.executor.slurm.JobFiles;
import io.joulebench.core.executor.slurm.JobFilesContract;
import java.nio.file.Path;

/** The mirror over SSH, with a local folder standing in for the cluster's shared file system. */
class MirroredJobFilesContractTest extends JobFilesContract {

    @Override
    protected JobFiles files(Path localBase) {
        SshSite site = new SshSite(SshTarget.parse("me@login"), tmp.resolve("cluster").toAbsolutePath().toString());
        return new MirroredJobFiles(localBase, site, new LocalDirRemoteFiles());
    }
}
