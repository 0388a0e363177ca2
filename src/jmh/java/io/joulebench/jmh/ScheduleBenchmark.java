package io.joulebench.jmh;

import io.joulebench.core.traffic.ArrivalProcess;
import io.joulebench.core.traffic.ArrivalSchedule;
import io.joulebench.core.traffic.ScheduleSpec;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** Building a 100,000-request schedule (StrictMath + SplitMix64, bit-stable across JDKs). */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ScheduleBenchmark {

    @Param({"poisson", "gamma", "constant"})
    public String arrival;

    @Benchmark
    public ArrivalSchedule build100k() {
        return ArrivalSchedule.build(ScheduleSpec.ofCount(1000, ArrivalProcess.parse(arrival), 2.0, 42L, 100_000));
    }
}
