package io.joulebench.core.traffic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.sun.jna.Native;
import com.sun.jna.Platform;
import io.joulebench.core.time.VirtualClock;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** The pacer's scheduling class: what it reports is what the kernel shows for the thread, granted or refused. */
class PacerPriorityTest {

    @Test
    void reports_the_policy_the_kernel_shows_for_the_thread() throws Exception {
        assumeThat(Platform.isLinux()).as("real-time priority is asked for on Linux only").isTrue();
        AtomicReference<PacerPriority> outcome = new AtomicReference<>();
        AtomicReference<int[]> shown = new AtomicReference<>();
        AtomicReference<int[]> shownByChild = new AtomicReference<>();
        Thread t = Thread.ofPlatform().start(() -> {
            outcome.set(PacerPriority.raiseCurrentThread());
            shown.set(policyAndPriorityOfThisThread());
            Thread child = Thread.ofPlatform().start(() -> shownByChild.set(policyAndPriorityOfThisThread()));
            try {
                child.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        t.join();
        assertThat(shownByChild.get()).as("a thread the pacer starts (the encoder, a carrier) runs at normal priority")
                .containsExactly(0, 0);
        int[] policyAndPriority = shown.get();
        if (outcome.get().realtime()) {
            assertThat(outcome.get().detail()).isEqualTo("SCHED_FIFO 1");
            assertThat(policyAndPriority).as("policy (1 = SCHED_FIFO) and rt_priority").containsExactly(1, 1);
        } else {
            assertThat(outcome.get().detail()).contains("CAP_SYS_NICE");
            assertThat(policyAndPriority).as("SCHED_OTHER, rt_priority 0").containsExactly(0, 0);
        }
        assertThat(policyOfThisThread()).as("only the asking thread changes").isZero();
    }

    @Test
    void a_process_without_cap_sys_nice_runs_its_pacer_at_normal_priority_and_says_why() throws Exception {
        assumeThat(Platform.isLinux()).isTrue();
        assumeThat(Files.isExecutable(Path.of("/usr/bin/setpriv"))).as("setpriv (util-linux)").isTrue();
        assumeThat(ProcessHandle.current().info().user().orElse("")).as("dropping a capability root holds")
                .isEqualTo("root");
        String out = probe(List.of("/usr/bin/setpriv", "--bounding-set=-sys_nice", "--inh-caps=-sys_nice"), List.of(),
                1);
        assertThat(out).contains("realtime=false")
                .contains("normal: the process may not use real-time priority (it needs CAP_SYS_NICE");
    }

    @Test
    void where_jna_cannot_load_every_pacer_runs_at_normal_priority_instead_of_dying() throws Exception {
        assumeThat(Platform.isLinux()).isTrue();
        // no bundled native stub unpacked and none on the system: Native cannot load, and then is not found again
        String out = probe(List.of(), List.of("-Djna.nounpack=true", "-Djna.nosys=true",
                "-Djna.boot.library.path=/nonexistent"), 2);
        assertThat(out.lines().filter(l -> l.startsWith("realtime=false normal: sched_setscheduler is not available")))
                .as(out).hasSize(2);
    }

    @Test
    void turned_off_by_the_property_the_pacer_does_not_ask() throws Exception {
        AtomicReference<PacerPriority> outcome = new AtomicReference<>();
        String before = System.getProperty(PacerPriority.PROPERTY);
        System.setProperty(PacerPriority.PROPERTY, "false");
        try {
            Thread t = Thread.ofPlatform().start(() -> outcome.set(PacerPriority.raiseCurrentThread()));
            t.join();
        } finally {
            if (before == null) {
                System.clearProperty(PacerPriority.PROPERTY);
            } else {
                System.setProperty(PacerPriority.PROPERTY, before);
            }
        }
        assertThat(outcome.get()).isEqualTo(new PacerPriority(false,
                "normal: turned off by -Djoulebench.pacer.realtime=false"));
    }

    @Test
    void the_issuer_reports_its_pacers_class_on_the_system_clock_and_none_on_a_virtual_one() throws Exception {
        ArrivalSchedule schedule = ArrivalSchedule.build(ScheduleSpec.poisson(500, 0L, 5));
        IssuerReport real = OpenLoopSource.builder().schedule(schedule).shapes(FakeTransports.SHAPES).build()
                .run(FakeTransports.sleeping(java.time.Duration.ZERO), null);
        assertThat(real.pacerPriority()).isNotNull();
        assertThat(real.pacerPriority().detail()).isNotBlank();
        VirtualClock clock = VirtualClock.atSeconds(0);
        IssuerReport simulated = OpenLoopSource.builder().schedule(schedule).shapes(FakeTransports.SHAPES)
                .clock(clock).build().run(FakeTransports.sleeping(java.time.Duration.ZERO), null);
        assertThat(simulated.pacerPriority()).as("a virtual clock's pacer is never made real-time").isNull();
    }

    /** Field 41 (policy) and 40 (rt_priority) of /proc/thread-self/stat. */
    private static int[] policyAndPriorityOfThisThread() {
        try {
            String stat = Files.readString(Paths.get("/proc/thread-self/stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            // fields[0] is field 3 (state)
            return new int[] {Integer.parseInt(fields[41 - 3]), Integer.parseInt(fields[40 - 3])};
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static int policyOfThisThread() {
        return policyAndPriorityOfThisThread()[0];
    }

    /** Runs {@link PacerPriorityProbe} in a child JVM, {@code wrapper} before it; its output, once it exited 0. */
    private static String probe(List<String> wrapper, List<String> jvmOptions, int pacers) throws Exception {
        String classpath = String.join(File.pathSeparator, codeSource(PacerPriority.class),
                codeSource(PacerPriorityProbe.class), codeSource(Native.class), codeSource(LoggerFactory.class));
        List<String> command = new ArrayList<>(wrapper);
        command.add(ProcessHandle.current().info().command().orElseThrow());
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", classpath, PacerPriorityProbe.class.getName(), String.valueOf(pacers)));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }

    private static String codeSource(Class<?> c) throws Exception {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    /** Run in a child JVM: prints what the pacer got there. */
    public static final class PacerPriorityProbe {
        public static void main(String[] args) throws Exception {
            int times = Integer.parseInt(args[0]);
            for (int i = 0; i < times; i++) {
                AtomicReference<PacerPriority> outcome = new AtomicReference<>();
                Thread t = Thread.ofPlatform().start(() -> outcome.set(PacerPriority.raiseCurrentThread()));
                t.join();
                System.out.println("realtime=" + outcome.get().realtime() + " " + outcome.get().detail());
            }
        }
    }
}
