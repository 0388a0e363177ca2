package io.joulebench.core.energy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which CPU time a container's estimate reads: its cgroup when readable here, else its init process's tree. */
class CpuTimeSourceTest {

    @TempDir
    Path dir;

    private Path proc() throws IOException {
        return Files.createDirectories(dir.resolve("proc"));
    }

    private void cgroupOf(long pid, String content) throws IOException {
        Files.createDirectories(proc().resolve(Long.toString(pid)));
        Files.writeString(proc().resolve(pid + "/cgroup"), content);
    }

    @Test
    void a_cgroup_v2_container_is_read_through_its_cgroup() throws IOException {
        cgroupOf(4242, "0::/system.slice/docker-abc123.scope\n");
        Path scope = Files.createDirectories(dir.resolve("cgroup/system.slice/docker-abc123.scope"));
        Files.writeString(scope.resolve("cpu.stat"), "usage_usec 2500000\n");

        CpuTimeSource source = CpuTimeSource.forContainer(4242, proc(), dir.resolve("cgroup"));

        assertThat(source).isEqualTo(new CpuTimeSource.Cgroup(scope));
        assertThat(source.kind()).isEqualTo("cgroup");
        assertThat(source.cpuSeconds(proc(), 100)).isEqualTo(2.5);
    }

    @Test
    void a_cgroup_v1_container_is_read_through_its_cpuacct_hierarchy() throws IOException {
        cgroupOf(77, "12:memory:/docker/def456\n4:cpu,cpuacct:/docker/def456\n");
        Path group = Files.createDirectories(dir.resolve("cgroup/cpu,cpuacct/docker/def456"));
        Files.writeString(group.resolve("cpuacct.usage"), "3000000000\n");

        CpuTimeSource source = CpuTimeSource.forContainer(77, proc(), dir.resolve("cgroup"));

        assertThat(source).isEqualTo(new CpuTimeSource.Cgroup(group));
        assertThat(source.cpuSeconds(proc(), 100)).isEqualTo(3.0);
    }

    @Test
    void an_unreadable_cgroup_falls_back_to_the_init_process_tree() throws IOException {
        cgroupOf(4242, "0::/system.slice/docker-abc123.scope\n");    // no such directory under this cgroup root

        CpuTimeSource source = CpuTimeSource.forContainer(4242, proc(), dir.resolve("cgroup"));

        assertThat(source).isEqualTo(new CpuTimeSource.ProcessTree(4242));
        assertThat(source.kind()).isEqualTo("process-tree");
        assertThat(CpuTimeSource.forContainer(9999, proc(), dir.resolve("cgroup")))
                .as("no /proc/PID/cgroup at all").isEqualTo(new CpuTimeSource.ProcessTree(9999));
    }

    @Test
    void an_unavailable_source_refuses_to_open_a_meter_with_its_reason() {
        CpuTimeSource none = new CpuTimeSource.Unavailable("the server runs elsewhere");

        assertThat(none.kind()).isEqualTo("unavailable");
        assertThatThrownBy(() -> CpuEstimateMeter.open(none, io.joulebench.core.time.Clock.system(),
                CpuEstimateMeter.Options.defaults()))
                .isInstanceOf(MeterException.class).hasMessage("the server runs elsewhere");
    }
}
