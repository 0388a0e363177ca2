package io.joulebench.engine;

import java.util.SplittableRandom;

/**
 * What happens to one request, decided on arrival from (seed, arrival index) alone: its completion length, finish
 * reason and injected faults. Six draws are taken in a fixed order whatever the request says, so one request's
 * content never shifts another's outcome. {@code ignore_eos} turns the early stop off (exactly {@code max_tokens},
 * or up to the context length without one); {@code min_tokens} is the shortest an early stop may be.
 */
record RequestPlan(long index, int targetTokens, String finishReason, boolean serverError, boolean stall,
                   boolean malformed, boolean drop) {

    static RequestPlan draw(long seed, long index, CompletionRequest request, EngineProfile profile, Faults faults) {
        SplittableRandom rng = TextGenerator.forRequest(seed, index);
        double early = rng.nextDouble();
        double length = rng.nextDouble();
        boolean serverError = rng.nextDouble() < faults.errorFraction();
        boolean stall = rng.nextDouble() < faults.stallFraction();
        boolean malformed = rng.nextDouble() < faults.malformedSseFraction();
        boolean drop = rng.nextDouble() < faults.dropFraction();
        int room = profile.maxModelLen() - request.promptTokens();
        int floor = request.minTokens() == null ? 1 : Math.max(1, request.minTokens());
        int target;
        String reason;
        if (request.maxTokens() == null && request.ignoreEos()) {
            target = room;
            reason = "length";
        } else if (request.maxTokens() == null) {
            int natural = Math.max(floor, 1 + (int) (length * profile.defaultMaxTokens()));
            target = Math.min(room, natural);
            reason = natural > room ? "length" : "stop";
        } else if (!request.ignoreEos() && request.maxTokens() > floor && early < profile.earlyStopFraction()) {
            target = floor + (int) (length * (request.maxTokens() - floor));
            reason = "stop";
        } else {
            target = request.maxTokens();
            reason = "length";
        }
        return new RequestPlan(index, target, reason, serverError, stall, malformed, drop);
    }

    /** The token after which a mid-stream fault strikes. */
    int midway() {
        return targetTokens / 2;
    }
}
