package io.joulebench.core.energy;

import io.joulebench.core.Threads;
import io.joulebench.core.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The measurement bracket: counter deltas at aligned edges for the energy, a power sampler in between for the
 * cross-check, the charts and the warmup gate. A meter without a counter gets the power integral, and
 * {@link BracketResult#method()} says so. Used once: {@link #open()}, then {@link #finish()} or {@link #close()}.
 */
public final class SampledMeasurementBracket implements MeasurementBracket {

    private static final Logger LOG = LoggerFactory.getLogger(SampledMeasurementBracket.class);

    /**
     * @param sampleInterval power sampling period (default 100 ms = 10 Hz)
     * @param devices        the device indices to sum; empty = every device of the meter
     * @param edgeAlignment  how edges align to counter ticks
     * @param samplerThread  false: no background thread, the caller drives {@link #sampleNow()} (virtual clocks)
     */
    public record Options(Duration sampleInterval, List<Integer> devices, EdgeAlignment edgeAlignment,
                          boolean samplerThread) {
        public Options {
            Objects.requireNonNull(sampleInterval, "sampleInterval");
            if (sampleInterval.isNegative() || sampleInterval.isZero()) {
                throw new IllegalArgumentException("sample interval must be > 0, got " + sampleInterval);
            }
            devices = List.copyOf(devices);
            Objects.requireNonNull(edgeAlignment, "edgeAlignment");
        }

        public static Options defaults() {
            return new Options(Duration.ofMillis(100), List.of(), EdgeAlignment.auto(), true);
        }

        public Options withSampleInterval(Duration interval) {
            return new Options(interval, devices, edgeAlignment, samplerThread);
        }

        public Options withDevices(List<Integer> selection) {
            return new Options(sampleInterval, selection, edgeAlignment, samplerThread);
        }

        public Options withEdgeAlignment(EdgeAlignment alignment) {
            return new Options(sampleInterval, devices, alignment, samplerThread);
        }

        public Options withoutSamplerThread() {
            return new Options(sampleInterval, devices, edgeAlignment, false);
        }
    }

    private enum State { NEW, OPEN, FINISHED, CLOSED }

    private final EnergyMeter meter;
    private final Clock clock;
    private final Options options;
    private final List<Integer> devices;
    private final List<PowerSample> samples = new ArrayList<>();
    private State state = State.NEW;
    private CounterEdge opening;
    private Instant startUtc;
    private Thread sampler;
    /** The sampler's tick watch; read after the sampler is joined. */
    private volatile TickWatch tickWatch;
    private volatile boolean sourceMayStop;

    public SampledMeasurementBracket(EnergyMeter meter, Clock clock, Options options) {
        this.meter = Objects.requireNonNull(meter, "meter");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.options = Objects.requireNonNull(options, "options");
        List<Integer> known = meter.devices().stream().map(DeviceInfo::index).toList();
        for (int d : options.devices()) {
            if (!known.contains(d)) {
                throw new MeterException("device " + d + " is not metered by " + meter.source() + " (devices: "
                        + known + ")");
            }
        }
        this.devices = options.devices().isEmpty() ? known : options.devices();
    }

    public SampledMeasurementBracket(EnergyMeter meter, Clock clock) {
        this(meter, clock, Options.defaults());
    }

    @Override
    public synchronized void open() {
        if (state != State.NEW) {
            throw new IllegalStateException("bracket already open or used");
        }
        startUtc = clock.wallTime();
        opening = readEdge();
        record(opening.reading());
        state = State.OPEN;
        startSampler();
    }

    /** Takes one power sample now; the sampler thread calls it, and tests on a virtual clock call it directly. */
    public void sampleNow() {
        sample();
    }

    private MeterReading sample() {
        MeterReading reading = meter.read();
        synchronized (this) {
            if (state == State.OPEN) {
                record(reading);
            }
        }
        return reading;
    }

    /** The samples so far, for live charts and the warmup gate. */
    public synchronized List<PowerSample> samplesSoFar() {
        return List.copyOf(samples);
    }

    /** The opening edge's instant on the bracket's clock; throws before {@link #open()}. */
    public synchronized long openedAtNanos() {
        if (opening == null) {
            throw new IllegalStateException("bracket not open");
        }
        return opening.atNanos();
    }

    @Override
    public BracketResult finish() {
        requireOpen();
        Instant endUtc = clock.wallTime();
        CounterEdge.First first = firstRead();
        stopSampler();
        return finishOn(completeEdge(first), endUtc);
    }

    /**
     * Shares the closing edge with {@code next} when it is a fresh bracket of this class on the same meter, clock
     * and devices: the edge instant is fixed by one reading, {@code next} starts sampling from it at once, and the
     * tick alignment (which may wait up to {@value EdgeAlignment#BOUND_FACTOR} update periods) completes the one edge
     * for both.
     */
    @Override
    public Handover finishInto(MeasurementBracket next) {
        if (!(next instanceof SampledMeasurementBracket n) || n == this || n.meter != meter || n.clock != clock
                || !n.devices.equals(devices)) {
            return MeasurementBracket.super.finishInto(next);
        }
        requireOpen();
        n.requireNew();
        Instant edgeUtc = clock.wallTime();
        CounterEdge.First first = firstRead();
        stopSampler();
        n.openPending(first.reading(), edgeUtc);
        CounterEdge edge;
        try {
            edge = completeEdge(first);
        } catch (RuntimeException e) {
            n.close();
            throw e;
        }
        n.completeOpening(edge);
        return new Handover(finishOn(edge, edgeUtc), true);
    }

    @Override
    public void close() {
        try {
            stopSampler();
        } catch (RuntimeException e) {
            LOG.debug("stopping the power sampler", e);
        }
        synchronized (this) {
            if (state != State.FINISHED) {
                state = State.CLOSED;
            }
        }
    }

    private synchronized void requireOpen() {
        if (state != State.OPEN || opening == null) {
            throw new IllegalStateException("no open bracket to finish");
        }
    }

    private synchronized void requireNew() {
        if (state != State.NEW) {
            throw new IllegalStateException("bracket already open or used");
        }
    }

    /** Opened on another bracket's closing edge, before its alignment completes: sampling starts now. */
    private synchronized void openPending(MeterReading edgeReading, Instant edgeUtc) {
        startUtc = edgeUtc;
        record(edgeReading);
        state = State.OPEN;
        startSampler();
    }

    private synchronized void completeOpening(CounterEdge edge) {
        opening = edge;
    }

    private BracketResult finishOn(CounterEdge closing, Instant endUtc) {
        synchronized (this) {
            // a sample the sampler took after the edge's reading belongs to the next window, not this one
            samples.removeIf(x -> x.tNanos() > closing.atNanos());
            record(closing.reading());
            state = State.FINISHED;
            TickWatch watch = tickWatch;
            BracketResult result = BracketResults.of(meter, devices, opening, closing, startUtc, endUtc, samples,
                    watch == null ? null : watch.result());
            closing.unticked().forEach(d -> LOG.warn("{} device {}: counter did not tick within {} update periods"
                    + " at the closing edge; edge left unaligned", meter.source(), d, EdgeAlignment.BOUND_FACTOR));
            return result;
        }
    }

    private CounterEdge.First firstRead() {
        return CounterEdge.First.read(meter);
    }

    private CounterEdge completeEdge(CounterEdge.First first) {
        try {
            return CounterEdge.complete(meter, clock, devices, options.edgeAlignment(), first);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MeterException("interrupted while reading the " + meter.source() + " counter edge", e);
        }
    }

    private void startSampler() {
        if (options.samplerThread()) {
            sampler = Thread.ofPlatform().daemon().name("joulebench-power-sampler-" + meter.source())
                    .start(this::sampleLoop);
        }
    }

    private CounterEdge readEdge() {
        try {
            return CounterEdge.read(meter, clock, devices, options.edgeAlignment());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MeterException("interrupted while reading the " + meter.source() + " counter edge", e);
        }
    }

    private void record(MeterReading reading) {
        for (DeviceReading r : reading.devices()) {
            if (devices.contains(r.device())) {
                samples.add(PowerSample.of(reading.atNanos(), r));
            }
        }
    }

    /**
     * Samples every {@code sampleInterval}; over the window's first update periods it also polls the counter at the
     * edge-alignment cadence to measure its tick spacing ({@link TickWatch}); those polls are not samples.
     */
    private void sampleLoop() {
        long interval = options.sampleInterval().toNanos();
        long next = clock.nanoTime() + interval;
        TickWatch watch = TickWatch.start(meter, options.edgeAlignment(), devices, clock.nanoTime());
        tickWatch = watch;
        boolean warned = false;
        while (!Thread.currentThread().isInterrupted()) {
            try {
                boolean watching = watch != null && !watch.done(clock.nanoTime());
                clock.sleepUntil(watching ? Math.min(next, watch.nextPoll()) : next);
                if (watching && clock.nanoTime() < next) {
                    watch.observe(meter.read());
                    continue;
                }
                MeterReading reading = sample();
                if (watch != null) {
                    watch.observe(reading);
                }
            } catch (InterruptedException e) {
                return;
            } catch (MeterException e) {
                if (Thread.currentThread().isInterrupted()) {
                    return; // the bracket is stopping this sampler mid-read: not a meter failure
                }
                if (!warned) {
                    if (sourceMayStop) {
                        LOG.debug("power sample from {} failed while what it reads stops: {}", meter.source(),
                                e.getMessage());
                    } else {
                        LOG.warn("power sample from {} failed: {}", meter.source(), e.getMessage());
                    }
                    warned = true;
                }
            }
            next = Math.max(next + interval, clock.nanoTime());
        }
    }

    /**
     * Says that this bracket measures the stopping of what its meter may read (the drain measures the server's
     * shutdown, and a simulated or engine-metrics meter reads that server): a failed sample is then expected, not a
     * meter fault, and is not logged as a warning. The caller handles the bracket's own result failing.
     */
    public void sourceMayStop() {
        sourceMayStop = true;
    }

    private void stopSampler() {
        Thread t;
        synchronized (this) {
            t = sampler;
            sampler = null;
        }
        if (t == null) {
            return;
        }
        Threads.interruptAndJoin(t, Duration.ofSeconds(5));
    }
}
