package io.joulebench.core.energy;

import io.joulebench.core.time.Clock;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads DCGM-exporter metrics from one or more Prometheus endpoints (one per node) and maps each node's GPUs to
 * device indices: on one node a GPU's index is its {@code gpu} label (as NVML's index), across nodes they are
 * consecutive. A GPU selection keeps only the GPUs whose {@code gpu} label is selected, on every node. Shared by
 * {@link DcgmEnergyMeter} and {@link SimulatedEnergyMeter}. Tracks staleness: a GPU whose energy and power have not
 * changed for more than two exporter intervals gets a warning.
 */
final class DcgmScraper {

    private static final Logger LOG = LoggerFactory.getLogger(DcgmScraper.class);
    static final String ENERGY = "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION";
    static final String POWER = "DCGM_FI_DEV_POWER_USAGE";
    static final String TEMP = "DCGM_FI_DEV_GPU_TEMP";
    static final List<String> REASONS = List.of("DCGM_FI_DEV_CLOCK_THROTTLE_REASONS", "DCGM_FI_DEV_CLOCKS_EVENT_REASONS");
    static final String TRUTH = "joulebench_sim_true_energy_joules_total";
    /** Framebuffer memory in use (MiB), the SM clock (MHz), instant power (W): where the exporter publishes them. */
    static final String FB_USED = "DCGM_FI_DEV_FB_USED";
    static final String SM_CLOCK = "DCGM_FI_DEV_SM_CLOCK";
    static final String POWER_INSTANT = "DCGM_FI_DEV_POWER_USAGE_INSTANT";

    /** A GPU on a node: its global device, the node's URL and the exporter's {@code gpu} label. */
    record Gpu(DeviceInfo info, int node, String gpuLabel) {
    }

    private final List<URI> urls;
    private final Clock clock;
    private final Duration timeout;
    private final Duration exporterInterval;
    private final List<Integer> selection;
    private final HttpClient http;
    private final List<Gpu> gpus = new ArrayList<>();
    private final Map<Integer, double[]> lastValues = new HashMap<>();
    private final Map<Integer, Long> changedAt = new HashMap<>();
    private final Set<String> warnings = new LinkedHashSet<>();
    private boolean counter;
    private boolean simulatedEndpoint;
    /** Per reading thread: a bracket's edge reads then asks for its truth while a sampler may read in between. */
    private final ThreadLocal<Map<Integer, Double>> truth = ThreadLocal.withInitial(Map::of);

    /** @param selection the {@code gpu} labels to keep, as numbers (empty = every GPU) */
    DcgmScraper(List<URI> urls, Clock clock, Duration timeout, Duration exporterInterval, List<Integer> selection) {
        if (urls.isEmpty()) {
            throw new MeterException("no DCGM exporter URL given");
        }
        this.urls = List.copyOf(urls);
        this.clock = clock;
        this.timeout = timeout;
        this.exporterInterval = exporterInterval;
        this.selection = List.copyOf(selection);
        this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
        try {
            discover();
        } catch (RuntimeException e) {
            http.close();
            throw e;
        }
    }

    private void discover() {
        List<List<PrometheusText.Sample>> nodes = scrapeAll();
        boolean allCounters = true;
        for (int node = 0; node < nodes.size(); node++) {
            Map<String, Map<String, PrometheusText.Sample>> byGpu = byGpu(nodes.get(node));
            if (byGpu.isEmpty()) {
                throw new MeterException("no DCGM GPU metrics (" + POWER + " or " + ENERGY + " with a gpu label) at "
                        + urls.get(node));
            }
            for (int wanted : selection) {
                if (!byGpu.containsKey(Integer.toString(wanted))) {
                    throw new MeterException("GPU " + wanted + " not found at " + urls.get(node) + ": it publishes gpu "
                            + String.join(", ", byGpu.keySet()));
                }
            }
            for (var entry : byGpu.entrySet()) {
                if (!selection.isEmpty() && !selection.contains(number(entry.getKey()))) {
                    continue;
                }
                Map<String, PrometheusText.Sample> m = entry.getValue();
                PrometheusText.Sample any = m.containsKey(POWER) ? m.get(POWER) : m.get(ENERGY);
                String model = any.label("modelName");
                String name = (model != null ? model : "GPU") + " " + entry.getKey()
                        + (urls.size() > 1 ? " @" + urls.get(node).getAuthority() : "");
                Integer label = number(entry.getKey());
                int index = urls.size() == 1 && label != null ? label : gpus.size();
                gpus.add(new Gpu(new DeviceInfo(index, name, any.label("UUID")), node, entry.getKey()));
                allCounters &= m.containsKey(ENERGY);
            }
            simulatedEndpoint |= nodes.get(node).stream().anyMatch(s -> s.name().equals(TRUTH));
        }
        counter = allCounters;
    }

    private static Integer number(String label) {
        try {
            return Integer.valueOf(label);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The selected {@code gpu} labels (empty = all). */
    List<Integer> selection() {
        return selection;
    }

    Duration exporterInterval() {
        return exporterInterval;
    }

    boolean hasCounter() {
        return counter;
    }

    /** Whether an endpoint publishes the reference engine's ground truth (its telemetry is simulated). */
    boolean simulatedEndpoint() {
        return simulatedEndpoint;
    }

    List<URI> urls() {
        return urls;
    }

    List<DeviceInfo> devices() {
        return gpus.stream().map(Gpu::info).toList();
    }

    synchronized List<String> warnings() {
        return List.copyOf(warnings);
    }

    Map<Integer, Double> truthAtLastRead() {
        return truth.get();
    }

    synchronized MeterReading read() {
        long before = clock.nanoTime();
        List<List<PrometheusText.Sample>> nodes = scrapeAll();
        long at = before + (clock.nanoTime() - before) / 2;
        List<Map<String, Map<String, PrometheusText.Sample>>> byNode = nodes.stream().map(DcgmScraper::byGpu).toList();
        List<DeviceReading> readings = new ArrayList<>(gpus.size());
        Map<Integer, Double> exact = new HashMap<>();
        for (Gpu gpu : gpus) {
            Map<String, PrometheusText.Sample> m = byNode.get(gpu.node()).get(gpu.gpuLabel());
            if (m == null) {
                throw new MeterException("GPU " + gpu.gpuLabel() + " vanished from " + urls.get(gpu.node()));
            }
            Double energy = counter && m.containsKey(ENERGY) ? m.get(ENERGY).value() / 1000.0 : null;
            if (counter && energy == null) {
                throw new MeterException("GPU " + gpu.gpuLabel() + " at " + urls.get(gpu.node()) + " lost " + ENERGY);
            }
            Double instant = value(m, POWER_INSTANT);
            Double power = instant != null ? instant : value(m, POWER); // as NVML: the instant field where published
            Double reasons = REASONS.stream().map(r -> value(m, r)).filter(v -> v != null).findFirst().orElse(null);
            Long bits = reasons == null ? null : (long) reasons.doubleValue();
            Double clock = value(m, SM_CLOCK);
            DeviceTelemetry telemetry = new DeviceTelemetry(value(m, FB_USED),
                    clock == null ? null : (int) Math.round(clock), bits, instant);
            readings.add(new DeviceReading(gpu.info().index(), energy, power == null ? null : Math.max(0, power),
                    value(m, TEMP), bits == null ? null : ClockEventReasons.thermal(bits), telemetry));
            Double t = value(m, TRUTH);
            if (t != null) {
                exact.put(gpu.info().index(), t);
            }
            trackStaleness(gpu, at, energy, power);
        }
        truth.set(Map.copyOf(exact));
        return new MeterReading(at, readings);
    }

    private void trackStaleness(Gpu gpu, long at, Double energy, Double power) {
        double[] now = {energy == null ? Double.NaN : energy, power == null ? Double.NaN : power};
        double[] last = lastValues.put(gpu.info().index(), now);
        if (last == null || !java.util.Arrays.equals(last, now)) {
            changedAt.put(gpu.info().index(), at);
            return;
        }
        long unchanged = at - changedAt.get(gpu.info().index());
        if (unchanged > 2 * exporterInterval.toNanos()) {
            String warning = "stale DCGM values: GPU " + gpu.gpuLabel() + " at " + urls.get(gpu.node())
                    + " did not change for more than two exporter intervals (" + exporterInterval.toMillis()
                    + " ms); the exporter may be stuck, or its collection interval (dcgm-exporter -c,"
                    + " default 30000 ms) is longer than the configured one (measurement.dcgm_interval_ms,"
                    + " meter --exporter-interval-ms)";
            if (warnings.add(warning)) {
                LOG.warn(warning);
            }
        }
    }

    private static Double value(Map<String, PrometheusText.Sample> m, String name) {
        PrometheusText.Sample s = m.get(name);
        return s == null || !Double.isFinite(s.value()) ? null : s.value();
    }

    /** gpu label → metric name → sample; GPUs sorted by numeric label. */
    private static Map<String, Map<String, PrometheusText.Sample>> byGpu(List<PrometheusText.Sample> samples) {
        Map<String, Map<String, PrometheusText.Sample>> result = new java.util.TreeMap<>(
                java.util.Comparator.comparing((String g) -> g.length()).thenComparing(g -> g));
        Set<String> known = new TreeSet<>();
        for (PrometheusText.Sample s : samples) {
            if ((s.name().equals(POWER) || s.name().equals(ENERGY)) && s.label("gpu") != null) {
                known.add(s.label("gpu"));
            }
        }
        for (PrometheusText.Sample s : samples) {
            String gpu = s.label("gpu");
            if (gpu != null && known.contains(gpu)) {
                result.computeIfAbsent(gpu, g -> new HashMap<>()).putIfAbsent(s.name(), s);
            }
        }
        return result;
    }

    private List<List<PrometheusText.Sample>> scrapeAll() {
        List<List<PrometheusText.Sample>> nodes = new ArrayList<>(urls.size());
        for (URI url : urls) {
            nodes.add(PrometheusText.parse(fetch(url)));
        }
        return nodes;
    }

    private String fetch(URI url) {
        HttpRequest request = HttpRequest.newBuilder(url).timeout(timeout).GET().build();
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new MeterException("metrics endpoint " + url + " answered HTTP " + response.statusCode());
            }
            return response.body();
        } catch (IOException e) {
            throw new MeterException("metrics endpoint " + url + " unreachable: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MeterException("interrupted while scraping " + url, e);
        }
    }

    void close() {
        http.close();
    }
}
