package io.joulebench.core.study;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Writes the builtin prompt set ({@code src/main/resources/io/joulebench/prompts/builtin.jsonl}) from templates, so
 * the text is ours and reproducible. {@code BuiltinPromptsTest} checks the committed file equals this output.
 * Regenerate: {@code java src/test/java/io/joulebench/core/study/BuiltinPromptsGenerator.java OUT}.
 */
public final class BuiltinPromptsGenerator {

    private static final String[] TOPICS = {"solar panels", "river deltas", "bread baking", "bicycle gears",
        "coral reefs", "public libraries", "volcanoes", "honeybees", "lighthouses", "city trams", "glaciers",
        "paper making", "tidal energy", "migrating birds", "clock towers", "rice terraces", "wind turbines",
        "desert plants", "printing presses", "night markets", "rainforests", "sailing ships", "hot springs",
        "mountain railways", "tea gardens", "star maps", "salt flats", "canal locks", "bamboo forests", "quarries"};
    private static final String[] AUDIENCES = {"a ten-year-old", "a busy engineer", "a first-year student",
        "a retired teacher", "a curious tourist", "a museum visitor"};
    private static final String[] QUESTIONS = {"What is the main purpose of %s?", "How did %s change over the last century?",
        "Why do people care about %s?", "What are three facts most people do not know about %s?",
        "Which risks come with %s, and how are they managed?", "How would you explain %s to %s?"};
    private static final String[] CODE_TASKS = {"Write a function that returns the %d largest values of a list without sorting the whole list.",
        "Write a function that checks whether a string of brackets of %d kinds is balanced.",
        "Write a class for a ring buffer of capacity %d with push, pop and size methods, and explain its complexity.",
        "Write a function that splits a text into chunks of at most %d words without breaking words.",
        "Write a function that merges %d sorted lists into one sorted list and state its running time.",
        "Write a function that parses a CSV line with quoted fields and returns at most %d fields."};
    private static final String[] LANGS = {"Python", "Java", "Go", "Rust", "C", "JavaScript"};
    private static final String[] CREATIVE = {"Write a short poem about %s at dawn.",
        "Write a four-sentence story in which a child discovers %s for the first time.",
        "Write a letter from a lighthouse keeper describing %s to a friend far away.",
        "Describe %s as if you were a travel guide in the year 2200.",
        "Write a dialogue between two old friends arguing about %s."};
    private static final String[] SENTENCES = {"Records from the period show steady growth in interest in %s.",
        "Local councils debated for years about how to fund work on %s.",
        "Engineers noted that %s behave differently in winter than in summer.",
        "Several studies compared the costs and benefits of %s across regions.",
        "Visitors often describe %s as the most memorable part of their trip.",
        "Critics argued that the attention given to %s distracted from other needs.",
        "A small group of volunteers kept detailed notes about %s every week.",
        "Newer methods reduced the time needed to maintain %s by almost half.",
        "The first guidebooks mentioned %s only in a short footnote.",
        "Today, schools use %s as an example when teaching about change over time."};

    private BuiltinPromptsGenerator() {
    }

    public static String generate() {
        Random r = new Random(20240917L);
        List<String> lines = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 0; seen.size() < 60; i++) {
            String topic = TOPICS[i % TOPICS.length];
            String q = QUESTIONS[r.nextInt(QUESTIONS.length)];
            add(lines, seen, "qa", q.contains("%s to %s")
                    ? String.format(q, topic, AUDIENCES[r.nextInt(AUDIENCES.length)]) : String.format(q, topic));
        }
        for (int i = 0; seen.size() < 120; i++) {
            String topic = TOPICS[(i * 7) % TOPICS.length];
            add(lines, seen, "summarize", "Summarize the following passage in two sentences.\n\n"
                    + passage(r, topic, 6 + r.nextInt(8)));
        }
        for (int i = 0; seen.size() < 180; i++) {
            String task = String.format(CODE_TASKS[i % CODE_TASKS.length], 2 + r.nextInt(9));
            add(lines, seen, "code", "In " + LANGS[r.nextInt(LANGS.length)] + ": " + task + " Include a short test.");
        }
        for (int i = 0; seen.size() < 240; i++) {
            add(lines, seen, "creative", String.format(CREATIVE[r.nextInt(CREATIVE.length)],
                    TOPICS[(i * 11) % TOPICS.length]));
        }
        for (int i = 0; seen.size() < 300; i++) {
            int a = 3 + r.nextInt(40);
            int b = 2 + r.nextInt(12);
            int c = 1 + r.nextInt(a);
            String topic = TOPICS[(i * 13) % TOPICS.length];
            add(lines, seen, "reasoning", "A club that studies " + topic + " has " + a + " members. Each member brings "
                    + b + " notebooks to a meeting, and " + c + " members leave early taking their notebooks with them."
                    + " How many notebooks remain? Explain each step of your reasoning before giving the answer.");
        }
        for (int i = 0; seen.size() < 320; i++) {
            String topic = TOPICS[(i * 3) % TOPICS.length];
            StringBuilder doc = new StringBuilder("Read the report below and list its five most important points, then "
                    + "suggest one question for further study.\n\n");
            for (int p = 0; p < 4 + r.nextInt(4); p++) {
                doc.append(passage(r, TOPICS[(i + p) % TOPICS.length], 5 + r.nextInt(6))).append("\n\n");
            }
            add(lines, seen, "long-context", doc.toString().strip() + "\n\nThe report's main subject is " + topic + ".");
        }
        return String.join("\n", lines) + "\n";
    }

    private static void add(List<String> lines, Set<String> seen, String category, String prompt) {
        if (seen.add(prompt)) {
            lines.add(row(category, prompt));
        }
    }

    private static String passage(Random r, String topic, int sentences) {
        StringBuilder sb = new StringBuilder();
        for (int s = 0; s < sentences; s++) {
            if (s > 0) {
                sb.append(' ');
            }
            sb.append(String.format(SENTENCES[r.nextInt(SENTENCES.length)], topic));
        }
        return sb.toString();
    }

    private static String row(String category, String prompt) {
        return "{\"category\":\"" + category + "\",\"prompt\":\"" + escape(prompt) + "\"}";
    }

    private static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }

    public static void main(String[] args) throws IOException {
        Files.writeString(Path.of(args[0]), generate(), StandardCharsets.UTF_8);
    }
}
