package io.joulebench.core.energy;

import io.joulebench.core.time.Clock;

/** The two-domain bracket (GPU headline, host beside it) over constant-power model meters. */
class DomainBracketContractTest extends MeasurementBracketContract {

    @Override
    protected MeasurementBracket newBracket() {
        SampledMeasurementBracket.Options options = SampledMeasurementBracket.Options.defaults()
                .withoutSamplerThread();
        return new DomainBracket(
                new SampledMeasurementBracket(ModelGpuMeter.constant(Clock.system(), 300), Clock.system(), options),
                new SampledMeasurementBracket(ModelGpuMeter.constant(Clock.system(), 80), Clock.system(), options),
                HeadlineDomain.GPU);
    }
}
