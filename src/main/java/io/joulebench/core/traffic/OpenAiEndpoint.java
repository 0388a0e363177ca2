package io.joulebench.core.traffic;

/** The two OpenAI-compatible streaming endpoints; chosen per study. */
public enum OpenAiEndpoint {
    /** {@code /v1/completions}: each chunk carries {@code choices[0].text}. */
    COMPLETIONS("/v1/completions"),
    /** {@code /v1/chat/completions}: each chunk carries {@code choices[0].delta.content}. */
    CHAT("/v1/chat/completions");

    private final String path;

    OpenAiEndpoint(String path) {
        this.path = path;
    }

    public String path() {
        return path;
    }
}
