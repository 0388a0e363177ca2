package io.joulebench.core.study;

import java.util.List;
import java.util.stream.Collectors;

/** A prompt file that cannot be used; each problem names its line ({@code prompts.csv:7: no 'prompt' column}). */
public final class PromptDatasetException extends Exception {

    /** One problem: the 1-based line (0 when it concerns the whole file) and what is wrong. */
    public record Problem(int line, String message) {
    }

    private final String file;
    private final transient List<Problem> problems;

    public PromptDatasetException(String file, List<Problem> problems) {
        super(problems.stream().limit(5)
                .map(p -> file + (p.line() > 0 ? ":" + p.line() : "") + ": " + p.message())
                .collect(Collectors.joining("; "))
                + (problems.size() > 5 ? "; and " + (problems.size() - 5) + " more" : ""));
        this.file = file;
        this.problems = List.copyOf(problems);
    }

    public PromptDatasetException(String file, int line, String message) {
        this(file, List.of(new Problem(line, message)));
    }

    public String file() {
        return file;
    }

    public List<Problem> problems() {
        return problems;
    }
}
