package io.joulebench.engine;

import io.joulebench.core.server.EmbeddedServer;
import io.joulebench.core.server.EmbeddedServerFactory;
import io.joulebench.core.server.LaunchSpec;
import io.joulebench.core.time.Clock;
import java.net.URI;
import java.util.List;

/**
 * Starts the reference engine inside this JVM for the in-process runner. The study's {@code reference:} block reaches
 * it as the same {@code joulebench engine} flags the process runner uses (the spec's extra serve arguments, see
 * {@code io.joulebench.core.session.ReferenceArgs}), parsed by the one picocli declaration {@link EngineFlags} that
 * {@code joulebench engine} mixes in.
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
        EngineFlags flags = EngineFlags.parse(args);
        EngineOptions.Builder b = flags.builder();
        if (flags.faults().ignoreSigterm()) {
            throw new IllegalArgumentException("fault ignore-sigterm applies to a 'joulebench engine' process only:"
                    + " an in-process engine shares this JVM's signals");
        }
        return b;
    }
}
