package io.joulebench.core.energy;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One window measured by the primary meter and, when the study asks for it, a host meter beside it: both brackets
 * open, finish and hand over together, so contiguous windows tile both counters. The edges are read one after the
 * other (primary first), each aligned to its own counter's ticks. A host meter that fails leaves the window's host
 * figure empty with a warning; the primary's failure fails the window as before. The result is the headline's, with
 * each domain's own result in {@link BracketResult#domains()}; without a host meter it is the primary's, unchanged.
 */
public final class DomainBracket implements MeasurementBracket {

    private static final Logger LOG = LoggerFactory.getLogger(DomainBracket.class);

    private final SampledMeasurementBracket primary;
    private final SampledMeasurementBracket host;
    private final HeadlineDomain headline;
    private boolean hostOpen;
    private String hostFailure;

    /** @param host the host meter's bracket, or null when the study measures only the primary */
    public DomainBracket(SampledMeasurementBracket primary, SampledMeasurementBracket host, HeadlineDomain headline) {
        this.primary = Objects.requireNonNull(primary, "primary");
        this.host = host;
        this.headline = Objects.requireNonNull(headline, "headline");
    }

    @Override
    public void open() {
        primary.open();
        if (host != null) {
            try {
                host.open();
                hostOpen = true;
            } catch (RuntimeException e) {
                hostFailed("opening", e);
            }
        }
    }

    /** The primary's opening edge on the bracket's clock; throws before {@link #open()}. */
    public long openedAtNanos() {
        return primary.openedAtNanos();
    }

    @Override
    public BracketResult finish() {
        BracketResult p = primaryOrClose(primary::finish);
        return combine(p, finishHost(null).result());
    }

    /** Hands both edges over to {@code next} when it is a fresh bracket of this class with the same parts. */
    @Override
    public Handover finishInto(MeasurementBracket next) {
        if (!(next instanceof DomainBracket n) || n == this || (host == null) != (n.host == null)) {
            return MeasurementBracket.super.finishInto(next);
        }
        Handover p = primaryOrClose(() -> primary.finishInto(n.primary));
        Handover h = finishHost(n);
        if (!p.nextOpened() && !h.nextOpened()) {
            return new Handover(combine(p.result(), h.result()), false);
        }
        // one part was handed over: open the other here, so the caller gets a whole open bracket
        if (!p.nextOpened()) {
            n.primary.open();
        }
        if (n.host != null && !h.nextOpened() && n.hostFailure == null) {
            try {
                n.host.open();
                n.hostOpen = true;
            } catch (RuntimeException e) {
                n.hostFailed("opening", e);
            }
        }
        return new Handover(combine(p.result(), h.result()), true);
    }

    @Override
    public void close() {
        primary.close();
        if (host != null) {
            host.close();
        }
    }

    /** The primary's edge; when it fails the window fails, and the host part stops sampling with it. */
    private <T> T primaryOrClose(Supplier<T> edge) {
        try {
            return edge.get();
        } catch (RuntimeException e) {
            if (host != null) {
                host.close();
                hostOpen = false;
            }
            throw e;
        }
    }

    /** The host part's result (null when absent or failed), handed over to {@code next}'s host part if given. */
    private Handover finishHost(DomainBracket next) {
        if (host == null || !hostOpen) {
            return new Handover(null, false);
        }
        hostOpen = false;
        try {
            if (next == null) {
                return new Handover(host.finish(), false);
            }
            Handover h = host.finishInto(next.host);
            next.hostOpen = h.nextOpened();
            return h;
        } catch (RuntimeException e) {
            hostFailed("closing", e);
            if (next != null) {
                next.host.close();
                next.hostFailure = "the previous window's host edge failed: " + e.getMessage();
            }
            return new Handover(null, false);
        }
    }

    private void hostFailed(String edge, RuntimeException e) {
        hostFailure = "host meter failed at the " + edge + " edge: " + e.getMessage();
        LOG.warn("{}; the window's host energy is unmeasured", hostFailure);
    }

    private BracketResult combine(BracketResult p, BracketResult h) {
        if (host == null) {
            return p;
        }
        List<BracketResult> domains = h == null ? List.of(p) : List.of(p, h);
        List<String> warnings = new ArrayList<>(p.warnings());
        if (h != null) {
            h.warnings().stream().filter(w -> !warnings.contains(w)).forEach(warnings::add);
        } else {
            warnings.add(hostFailure != null ? hostFailure + "; host energy unmeasured"
                    : "host energy unmeasured in this window");
        }
        BracketResult top = switch (headline) {
            case GPU -> p;
            case HOST -> h != null ? h : unmeasured(p);
            case NODE -> h != null ? node(p, h) : unmeasured(p);
        };
        // the timeseries stays the primary's: host samples would share device indices with the GPUs'
        return new BracketResult(top.span(), top.provenance(), top.energyJ(), top.deviceEnergyJ(), top.integratedJ(),
                top.truthJ(), p.samples(), warnings, domains, headline);
    }

    /** The headline asked for a figure this window lacks: the primary's labels, no energy. */
    private static BracketResult unmeasured(BracketResult p) {
        return new BracketResult(p.span(), p.provenance(), null, List.of(), null, null, p.samples(), p.warnings());
    }

    /** GPU + host: the weaker kind of the two, counter only when both are counters, no ground truth. */
    static BracketResult node(BracketResult gpu, BracketResult host) {
        EnergyKind kind = gpu.kind().weakerOf(host.kind());
        EnergyMethod method = gpu.method() == EnergyMethod.COUNTER && host.method() == EnergyMethod.COUNTER
                ? EnergyMethod.COUNTER : EnergyMethod.INTEGRATED_POWER;
        List<DeviceInfo> devices = new ArrayList<>(gpu.devices());
        devices.addAll(host.devices());
        List<Double> perDevice = new ArrayList<>(gpu.deviceEnergyJ());
        perDevice.addAll(host.deviceEnergyJ());
        Double integrated = gpu.integratedJ() == null || host.integratedJ() == null ? null
                : gpu.integratedJ() + host.integratedJ();
        return new BracketResult(gpu.span(), new BracketResult.Provenance(gpu.source() + "+" + host.source(), kind,
                method, devices), sumOrNull(gpu.energyJ(), host.energyJ()), perDevice, integrated, null,
                gpu.samples(), List.of());
    }

    private static Double sumOrNull(Double a, Double b) {
        return a == null || b == null ? null : a + b;
    }
}
