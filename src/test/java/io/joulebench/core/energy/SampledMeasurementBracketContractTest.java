package io.joulebench.core.energy;

import io.joulebench.core.time.Clock;

/** The sampled bracket over a constant-power model meter, with and without its sampler thread. */
class SampledMeasurementBracketContractTest extends MeasurementBracketContract {

    @Override
    protected MeasurementBracket newBracket() {
        return new SampledMeasurementBracket(ModelGpuMeter.constant(Clock.system(), 300), Clock.system(),
                SampledMeasurementBracket.Options.defaults().withoutSamplerThread());
    }
}
