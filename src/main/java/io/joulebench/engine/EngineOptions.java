package io.joulebench.engine;

import io.joulebench.core.time.Clock;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Everything that configures one reference engine. Build with {@link #builder()}; the compact constructor validates.
 *
 * @param host             address to bind; non-loopback needs {@code allowRemote}
 * @param port             TCP port, 0 = a free one
 * @param profile          a name from {@link EngineProfile#names()}
 * @param gpus             simulated GPUs, 1–8 (all share the one batch, as with tensor parallelism)
 * @param seed             seeds generated text, early stops, fault draws and GPU UUIDs
 * @param loadDelay        {@code /health} answers 503 until this much time has passed since start
 * @param thermalTimeConstant τ of the first-order temperature lag (the builder's default: the profile's own)
 * @param counterPeriod    how often the NVML-like energy counter updates
 * @param thermalDrift     false: temperature sits at its steady state at once (no drift of J/token)
 * @param overrides        profile parameters replaced by name (see {@link EngineProfile#parameters()})
 * @param clock            drives the batch steps and the power model
 * @param faults           injected failures
 * @param allowRemote      permits binding a non-loopback host
 * @param prefixCacheTokens capacity of the simulated prefix cache in tokens, 0 = off ({@link PrefixCache})
 * @param kvCacheTokens    KV capacity of the running batch in tokens, 0 = only {@code max_num_seqs} limits it
 */
public record EngineOptions(String host, int port, String profile, int gpus, long seed, Duration loadDelay,
                            Duration thermalTimeConstant, Duration counterPeriod, boolean thermalDrift,
                            Map<String, Double> overrides, Clock clock, Faults faults, boolean allowRemote,
                            int prefixCacheTokens, int kvCacheTokens) {

    public static final String DEFAULT_HOST = "127.0.0.1";
    /** τ of the plausible-shape profiles; a fitted profile brings its own ({@link EngineProfile#thermalTimeConstantS}). */
    public static final Duration DEFAULT_THERMAL_TIME_CONSTANT =
            Duration.ofSeconds((long) EngineProfile.PLAUSIBLE_THERMAL_TIME_CONSTANT_S);
    public static final Duration DEFAULT_COUNTER_PERIOD = Duration.ofMillis(100);
    /**
     * Off unless asked for: a cache changes the prefill energy of every study whose prompts repeat (the builtin set is
     * reused cyclically), and studies written before it keep their figures; with the cache on, the attribution rule's
     * per-request error at its default weight rose from p90 0.30 to 0.34 (AttributionAccuracyIT), since it charges
     * every prompt token its prefill.
     */
    public static final int DEFAULT_PREFIX_CACHE_TOKENS = 0;
    /** 16,384 blocks of 16 tokens: holds a long trace's shared prefixes, as a datacentre card's spare KV would. */
    public static final int SUGGESTED_PREFIX_CACHE_TOKENS = 262_144;

    public EngineOptions {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(loadDelay, "loadDelay");
        Objects.requireNonNull(thermalTimeConstant, "thermalTimeConstant");
        Objects.requireNonNull(counterPeriod, "counterPeriod");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(faults, "faults");
        overrides = Map.copyOf(overrides);
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be in 0–65535, got " + port);
        }
        if (gpus < 1 || gpus > 8) {
            throw new IllegalArgumentException("gpus must be in 1–8, got " + gpus);
        }
        if (loadDelay.isNegative()) {
            throw new IllegalArgumentException("load delay must be ≥ 0");
        }
        if (!thermalTimeConstant.isPositive()) {
            throw new IllegalArgumentException("thermal time constant must be > 0");
        }
        if (!counterPeriod.isPositive()) {
            throw new IllegalArgumentException("counter period must be > 0");
        }
        if (prefixCacheTokens < 0) {
            throw new IllegalArgumentException("prefix cache tokens must be ≥ 0, got " + prefixCacheTokens);
        }
        if (kvCacheTokens < 0) {
            throw new IllegalArgumentException("KV cache tokens must be ≥ 0, got " + kvCacheTokens);
        }
        if (!allowRemote && !isLoopback(host)) {
            throw new IllegalArgumentException(
                    "refusing to bind non-loopback host " + host + " without --allow-remote");
        }
        EngineProfile.named(profile).withOverrides(overrides);
    }

    /** The named profile with the overrides applied. */
    public EngineProfile resolvedProfile() {
        return EngineProfile.named(profile).withOverrides(overrides);
    }

    public static boolean isLoopback(String host) {
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.host = host;
        b.port = port;
        b.profile = profile;
        b.gpus = gpus;
        b.seed = seed;
        b.loadDelay = loadDelay;
        b.thermalTimeConstant = thermalTimeConstant;
        b.counterPeriod = counterPeriod;
        b.thermalDrift = thermalDrift;
        b.overrides.putAll(overrides);
        b.clock = clock;
        b.faults = faults;
        b.allowRemote = allowRemote;
        b.prefixCacheTokens = prefixCacheTokens;
        b.kvCacheTokens = kvCacheTokens;
        return b;
    }

    /**
     * Defaults: 127.0.0.1, a free port, profile small, 1 GPU, seed 0, no load delay, the profile's τ (180 s for small,
     * medium and large), counter 100 ms, no prefix cache, no KV
     * capacity but {@code max_num_seqs}.
     */
    public static final class Builder {
        private String host = DEFAULT_HOST;
        private int port;
        private String profile = "small";
        private int gpus = 1;
        private long seed;
        private Duration loadDelay = Duration.ZERO;
        private Duration thermalTimeConstant;
        private Duration counterPeriod = DEFAULT_COUNTER_PERIOD;
        private boolean thermalDrift = true;
        private final Map<String, Double> overrides = new LinkedHashMap<>();
        private Clock clock = Clock.system();
        private Faults faults = Faults.NONE;
        private boolean allowRemote;
        private int prefixCacheTokens = DEFAULT_PREFIX_CACHE_TOKENS;
        private int kvCacheTokens;

        private Builder() {
        }

        /** Capacity of the simulated prefix cache in tokens; 0 turns it off. */
        public Builder prefixCacheTokens(int tokens) {
            this.prefixCacheTokens = tokens;
            return this;
        }

        /** KV capacity of the running batch in tokens; 0 (the default) leaves only {@code max_num_seqs}. */
        public Builder kvCacheTokens(int tokens) {
            this.kvCacheTokens = tokens;
            return this;
        }

        public Builder host(String host) {
            this.host = host;
            return this;
        }

        public Builder port(int port) {
            this.port = port;
            return this;
        }

        public Builder profile(String profile) {
            this.profile = profile;
            return this;
        }

        public Builder gpus(int gpus) {
            this.gpus = gpus;
            return this;
        }

        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        public Builder loadDelay(Duration loadDelay) {
            this.loadDelay = loadDelay;
            return this;
        }

        /** τ of the temperature lag; null (the default) takes the profile's. */
        public Builder thermalTimeConstant(Duration tau) {
            this.thermalTimeConstant = tau;
            return this;
        }

        public Builder counterPeriod(Duration period) {
            this.counterPeriod = period;
            return this;
        }

        public Builder thermalDrift(boolean drift) {
            this.thermalDrift = drift;
            return this;
        }

        /** Replaces one profile parameter by its snake_case name. */
        public Builder override(String parameter, double value) {
            this.overrides.put(parameter, value);
            return this;
        }

        public Builder overrides(Map<String, Double> overrides) {
            this.overrides.putAll(overrides);
            return this;
        }

        public Builder clock(Clock clock) {
            this.clock = clock;
            return this;
        }

        public Builder faults(Faults faults) {
            this.faults = faults;
            return this;
        }

        public Builder allowRemote(boolean allowRemote) {
            this.allowRemote = allowRemote;
            return this;
        }

        public EngineOptions build() {
            Duration tau = thermalTimeConstant != null ? thermalTimeConstant
                    : Duration.ofNanos(Math.round(EngineProfile.named(profile).thermalTimeConstantS() * 1e9));
            return new EngineOptions(host, port, profile, gpus, seed, loadDelay, tau,
                    counterPeriod, thermalDrift, overrides, clock, faults, allowRemote, prefixCacheTokens,
                    kvCacheTokens);
        }
    }
}
