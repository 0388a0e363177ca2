package io.joulebench.core.energy;

import io.joulebench.core.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Devices' energy from a cluster's Prometheus: one series per device, selected by a PromQL query (e.g. dcgm-exporter's
 * {@code DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{namespace="llm",pod=~"vllm-.*"}}). A counter's value at an edge is known
 * only once a scrape after the edge has landed, so {@link #counterAt} waits one scrape interval past the edge, fetches
 * the raw samples around it ({@code /api/v1/query} with a range selector) and interpolates the reset-adjusted counter
 * between them ({@link CounterHistory}); window energy is the difference, per series. A power gauge
 * ({@link PrometheusSettings.Kind#POWER}) is sampled and integrated instead, labelled integrated-power. The scrape
 * interval comes from Prometheus' target metadata where it lists the series' targets, else from the settings, else
 * {@link PrometheusSettings#DEFAULT_SCRAPE_INTERVAL}; each window states the edge uncertainty it implies.
 */
public final class PrometheusEnergyMeter implements KnownSourceMeter {

    private static final Logger LOG = LoggerFactory.getLogger(PrometheusEnergyMeter.class);
    /** Attempts at an edge before its value is held from the last sample. */
    private static final int EDGE_ATTEMPTS = 3;
    /** The longest stretch one edge's fetch reaches back to close a gap in the samples held. */
    private static final Duration MAX_GAP = Duration.ofHours(6);

    private final PrometheusApi api;
    private final PrometheusSettings settings;
    private final Clock clock;
    private final long epochOffsetNanos;
    private final List<PrometheusSeries> series;
    private final Map<Map<String, String>, Integer> deviceOf = new HashMap<>();
    private final List<DeviceInfo> devices = new ArrayList<>();
    private final Map<Integer, CounterHistory> histories = new HashMap<>();
    private final Duration scrapeInterval;
    private final String scrapeIntervalFrom;
    private final Set<String> warnings = new LinkedHashSet<>();
    private final Map<Long, List<String>> edgeNotes = new HashMap<>();
    private MeterReading cached;
    private boolean closed;

    private PrometheusEnergyMeter(PrometheusApi api, PrometheusSettings settings, Clock clock) {
        this.api = api;
        this.settings = settings;
        this.clock = clock;
        Instant wall = clock.wallTime();
        this.epochOffsetNanos = wall.getEpochSecond() * 1_000_000_000L + wall.getNano() - clock.nanoTime();
        List<PrometheusSeries> found = new ArrayList<>(api.query(settings.query(), unix(clock.nanoTime())));
        if (found.isEmpty()) {
            throw new MeterException("the Prometheus query " + settings.query() + " matches no series at " + api.url()
                    + ": check its metric name and labels (joulebench validate prints what a query matches)");
        }
        found.sort((a, b) -> a.name().compareTo(b.name()));
        this.series = List.copyOf(found);
        for (int i = 0; i < found.size(); i++) {
            PrometheusSeries s = found.get(i);
            deviceOf.put(s.identity(), i);
            devices.add(new DeviceInfo(i, s.name(), s.labels().get("UUID")));
            histories.put(i, new CounterHistory());
        }
        Optional<Duration> fromTargets;
        try {
            fromTargets = api.scrapeInterval(found.stream().map(PrometheusSeries::labels).toList());
        } catch (MeterException e) {
            LOG.debug("Prometheus target metadata unavailable: {}", e.getMessage());
            fromTargets = Optional.empty();
        }
        if (fromTargets.isPresent()) {
            scrapeInterval = fromTargets.get();
            scrapeIntervalFrom = "prometheus targets";
        } else if (settings.scrapeInterval() != null) {
            scrapeInterval = settings.scrapeInterval();
            scrapeIntervalFrom = "settings";
        } else {
            scrapeInterval = PrometheusSettings.DEFAULT_SCRAPE_INTERVAL;
            scrapeIntervalFrom = "default";
            warnings.add("prometheus: the scrape interval is not in Prometheus' target metadata nor set"
                    + " (measurement.prometheus.scrape_interval_seconds); assumed "
                    + PrometheusSettings.DEFAULT_SCRAPE_INTERVAL.toSeconds() + " s");
        }
    }

    /** Opens the source: runs the query once; throws {@link MeterException} with a sentence when it cannot. */
    public static PrometheusEnergyMeter open(PrometheusSettings settings, Clock clock) {
        PrometheusApi api = new PrometheusApi(settings.url(), settings.authorization(), settings.timeout());
        try {
            return new PrometheusEnergyMeter(api, settings, clock);
        } catch (RuntimeException e) {
            api.close();
            throw e;
        }
    }

    /** The scrape interval in use, and where it came from ({@code prometheus targets}, {@code settings}, {@code default}). */
    public Duration scrapeInterval() {
        return scrapeInterval;
    }

    public String scrapeIntervalFrom() {
        return scrapeIntervalFrom;
    }

    /** Every series the query matched, by name ({@code metric{labels}}), in device order. */
    public List<String> seriesNames() {
        return series.stream().map(PrometheusSeries::name).toList();
    }

    @Override
    public EnergySource energySource() {
        return EnergySource.PROMETHEUS;
    }

    @Override
    public boolean hasEnergyCounter() {
        return settings.kind() == PrometheusSettings.Kind.COUNTER;
    }

    @Override
    public synchronized List<String> warnings() {
        return List.copyOf(warnings);
    }

    @Override
    public Map<String, Object> settings() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("query", settings.query());
        m.put("kind", settings.kind().wire());
        m.put("unit", settings.kind() == PrometheusSettings.Kind.POWER ? "W" : settings.unit().wire());
        m.put("scrape_interval_s", scrapeInterval.toMillis() / 1000.0);
        m.put("scrape_interval_from", scrapeIntervalFrom);
        m.put("series", seriesNames());
        return m;
    }

    @Override
    public List<DeviceInfo> devices() {
        return List.copyOf(devices);
    }

    /**
     * Power per device now: a counter's slope over its latest two samples, or the gauge's latest value. Answers from
     * a cache for a quarter of the scrape interval (Prometheus has nothing newer), so a 10 Hz sampler costs a few
     * queries per scrape.
     */
    @Override
    public MeterReading read() {
        long now = clock.nanoTime();
        synchronized (this) {
            if (closed) {
                throw new MeterException("prometheus meter is closed");
            }
            if (cached != null && now - cached.atNanos() < cacheTtlNanos()) {
                return new MeterReading(now, cached.devices());
            }
        }
        boolean counter = hasEnergyCounter();
        List<PrometheusSeries> got = api.query(counter ? rangeQuery(3 * scrapeInterval.toMillis() / 1000.0 + 1)
                : settings.query(), unix(now));
        Map<Integer, DeviceReading> readings = new HashMap<>();
        synchronized (this) {
            for (PrometheusSeries s : got) {
                Integer d = device(s);
                if (d == null || s.points().isEmpty()) {
                    continue;
                }
                if (counter) {
                    // its own samples only: the edges' history must stay contiguous from edge to edge
                    CounterHistory h = new CounterHistory();
                    h.add(s.points());
                    Double power = h.latestSlope().isPresent() ? h.latestSlope().getAsDouble() * settings.unit().joules()
                            : null;
                    double last = s.points().getLast().v() * settings.unit().joules();
                    readings.put(d, new DeviceReading(d, last, power, null, null));
                } else {
                    double w = s.points().getLast().v();
                    readings.put(d, new DeviceReading(d, null, Double.isFinite(w) ? Math.max(0, w) : null, null, null));
                }
            }
            List<DeviceReading> all = new ArrayList<>();
            for (DeviceInfo info : devices) {
                all.add(readings.getOrDefault(info.index(), new DeviceReading(info.index(), null, null, null, null)));
            }
            cached = new MeterReading(now, all);
            return cached;
        }
    }

    /**
     * The counter per device at {@code atNanos}, in joules: waits until a scrape after it has landed (one scrape
     * interval and a margin), fetches the samples around it and interpolates. A series with no sample after the edge
     * after {@value #EDGE_ATTEMPTS} tries keeps its last value, with a note on the windows sharing the edge.
     */
    @Override
    public Optional<Map<Integer, Double>> counterAt(long atNanos) throws InterruptedException {
        if (!hasEnergyCounter()) {
            return Optional.empty();
        }
        double t = unix(atNanos);
        long due = atNanos + scrapeInterval.toNanos() + margin().toNanos();
        for (int attempt = 1; ; attempt++) {
            clock.sleepUntil(due);
            fetchSince(since(t));
            if (attempt == EDGE_ATTEMPTS || allBracket(t)) {
                break;
            }
            due = clock.nanoTime() + scrapeInterval.toNanos();
        }
        Map<Integer, Double> out = new LinkedHashMap<>();
        List<String> notes = new ArrayList<>();
        synchronized (this) {
            for (DeviceInfo d : devices) {
                CounterHistory h = histories.get(d.index());
                if (h.isEmpty()) {
                    notes.add("prometheus series " + d.name() + ": no samples around the edge at " + instant(t)
                            + "; its energy is unknown");
                    continue;
                }
                if (!h.hasSampleAtOrAfter(t)) {
                    notes.add("prometheus series " + d.name() + ": no sample after the edge at " + instant(t)
                            + " (series gone or Prometheus behind); its last value was held");
                } else if (!h.hasSampleAtOrBefore(t)) {
                    notes.add("prometheus series " + d.name() + ": no sample before the edge at " + instant(t)
                            + "; its first later sample was used");
                }
                out.put(d.index(), h.valueAt(t).getAsDouble() * settings.unit().joules());
            }
            if (!notes.isEmpty()) {
                edgeNotes.put(atNanos, notes);
            }
        }
        return Optional.of(out);
    }

    @Override
    public synchronized List<String> windowNotes(long startNanos, long endNanos) {
        List<String> notes = new ArrayList<>();
        double window = (endNanos - startNanos) / 1e9;
        double scrape = seconds(scrapeInterval);
        if (settings.kind() == PrometheusSettings.Kind.POWER) {
            notes.add(String.format(Locale.ROOT, "prometheus: power gauge %s sampled every %s s and integrated (not"
                    + " a counter); each edge is uncertain by up to one scrape interval, about ±%.1f %% of this"
                    + " %.1f s window", settings.query(), num(scrape), 100 * scrape / Math.max(window, 1e-9), window));
        } else {
            notes.add(String.format(Locale.ROOT, "prometheus: edge uncertainty about ±%.1f %% (each edge interpolated"
                    + " between samples %s s apart, over a %.1f s window)", 100 * scrape / Math.max(window, 1e-9),
                    num(scrape), window));
        }
        if (scrape > window) {
            notes.add(String.format(Locale.ROOT, "prometheus: the scrape interval (%s s) is longer than the window"
                    + " (%.1f s): its energy is interpolated from samples outside it; lengthen the window or shorten"
                    + " the scrape interval", num(scrape), window));
        }
        double t0 = unix(startNanos);
        double t1 = unix(endNanos);
        for (DeviceInfo d : devices) {
            for (double reset : histories.get(d.index()).resetsBetween(t0 - scrape, t1 + scrape)) {
                notes.add("prometheus series " + d.name() + ": counter reset at " + instant(reset) + " in or next to"
                        + " this window; counted from zero after it as Prometheus' increase does (the energy between"
                        + " the last sample before the reset and the restart is missing)");
            }
        }
        notes.addAll(edgeNotes.getOrDefault(startNanos, List.of()));
        notes.addAll(edgeNotes.getOrDefault(endNanos, List.of()));
        return notes;
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            api.close();
        }
    }

    private void fetchSince(double fromUnix) {
        long now = clock.nanoTime();
        double span = Math.ceil(unix(now) - fromUnix) + 1;
        List<PrometheusSeries> got = api.query(rangeQuery(span), unix(now));
        synchronized (this) {
            for (PrometheusSeries s : got) {
                Integer d = device(s);
                if (d != null) {
                    histories.get(d).add(s.points());
                }
            }
        }
    }

    /**
     * Where an edge's fetch starts: two scrape intervals before it, or earlier at the latest sample already held, so
     * a window's samples are complete between its edges (a reset inside it is seen, not skipped over); at most
     * {@link #MAX_GAP} back.
     */
    private synchronized double since(double t) {
        double from = t - 2 * seconds(scrapeInterval);
        for (CounterHistory h : histories.values()) {
            double last = h.lastSampleTime();
            if (!Double.isNaN(last) && last < from) {
                from = last;
            }
        }
        return Math.max(from, t - MAX_GAP.toSeconds());
    }

    private synchronized boolean allBracket(double t) {
        return histories.values().stream().allMatch(h -> h.hasSampleAtOrAfter(t));
    }

    /** The device of a series, or null (with a warning) for one that appeared after the meter opened. */
    private Integer device(PrometheusSeries s) {
        Integer d = deviceOf.get(s.identity());
        if (d == null && warnings.add("prometheus: series " + s.name() + " appeared after the meter opened and is"
                + " not measured")) {
            LOG.warn("prometheus series {} appeared after the meter opened; not measured", s.name());
        }
        return d;
    }

    private String rangeQuery(double seconds) {
        return settings.query() + "[" + (long) Math.ceil(seconds) + "s]";
    }

    private Duration margin() {
        Duration quarter = scrapeInterval.dividedBy(4);
        return quarter.compareTo(Duration.ofMillis(250)) > 0 ? quarter : Duration.ofMillis(250);
    }

    private long cacheTtlNanos() {
        return Math.max(100_000_000L, scrapeInterval.toNanos() / 4);
    }

    private double unix(long nanos) {
        return (nanos + epochOffsetNanos) / 1e9;
    }

    private static double seconds(Duration d) {
        return d.toNanos() / 1e9;
    }

    private static String num(double seconds) {
        return java.math.BigDecimal.valueOf(seconds).stripTrailingZeros().toPlainString();
    }

    private static Instant instant(double unixSeconds) {
        return Instant.ofEpochMilli(Math.round(unixSeconds * 1000));
    }
}
