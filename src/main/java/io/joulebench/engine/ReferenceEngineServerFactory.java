package io.joulebench.engine;

import io.joulebench.core.server.EmbeddedServer;
import io.joulebench.core.server.EmbeddedServerFactory;
import io.joulebench.core.server.LaunchSpec;
import io.joulebench.core.time.Clock;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Starts the reference engine inside this JVM for the in-process runner. The study's {@code reference:} block reaches
 * it as the same {@code joulebench engine} flags the process runner uses (the spec's extra serve arguments, see
 * {@code io.joulebench.core.session.ReferenceArgs}): {@code --profile}, {@code --gpus}, {@code --seed},
 * {@code --load-delay}, {@code --thermal-tau}, {@code --counter-period-ms}, {@code --no-thermal-drift},
 * {@code --set NAME=VALUE} and {@code --fault SPEC}.
 */
public final class ReferenceEngineServerFactory implements EmbeddedServerFactory {

    private final Clock clock;

    public ReferenceEngineServerFactory(Clock clock) {
        this.clock = clock;
    }

    public ReferenceEngineServerFactory() {
        this(Clock.system());
    }

    @Override
    public EmbeddedServer start(LaunchSpec spec) {
        EngineOptions options = options(spec.extraServeArgs()).port(spec.port()).clock(clock).build();
        RunningEngine engine = ReferenceEngine.start(options);
        return new EmbeddedServer() {
            @Override
            public URI baseUrl() {
                return engine.baseUrl();
            }

            @Override
            public boolean isAlive() {
                return !engine.closing();
            }

            @Override
            public void close() {
                engine.close();
            }
        };
    }

    /** Parses engine flags into a builder (host loopback, port and clock left to the caller). */
    static EngineOptions.Builder options(List<String> args) {
        EngineOptions.Builder b = EngineOptions.builder();
        Map<String, Double> sets = new LinkedHashMap<>();
        List<String> faults = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String flag = args.get(i);
            if (flag.equals("--no-thermal-drift")) {
                b.thermalDrift(false);
                continue;
            }
            if (i + 1 >= args.size()) {
                throw new IllegalArgumentException("engine flag " + flag + " needs a value");
            }
            String value = args.get(++i);
            switch (flag) {
                case "--profile" -> b.profile(value);
                case "--gpus" -> b.gpus(Integer.parseInt(value));
                case "--seed" -> b.seed(Long.parseLong(value));
                case "--load-delay" -> b.loadDelay(seconds(value));
                case "--thermal-tau" -> b.thermalTimeConstant(seconds(value));
                case "--counter-period-ms" -> b.counterPeriod(Duration.ofNanos(Math.round(
                        Double.parseDouble(value) * 1e6)));
                case "--set" -> {
                    int eq = value.indexOf('=');
                    if (eq <= 0) {
                        throw new IllegalArgumentException("--set needs NAME=VALUE, got '" + value + "'");
                    }
                    sets.put(value.substring(0, eq).trim(), Double.parseDouble(value.substring(eq + 1).trim()));
                }
                case "--fault" -> faults.add(value);
                default -> throw new IllegalArgumentException("unknown reference engine flag " + flag);
            }
        }
        Faults parsed = Faults.parse(faults);
        if (parsed.ignoreSigterm()) {
            throw new IllegalArgumentException("fault ignore-sigterm applies to a 'joulebench engine' process only:"
                    + " an in-process engine shares this JVM's signals");
        }
        return b.overrides(sets).faults(parsed);
    }

    private static Duration seconds(String value) {
        return Duration.ofNanos(Math.round(Double.parseDouble(value) * 1e9));
    }
}
