package io.joulebench.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code $ joulebench …} lines of docs/cli.md: inside {@code ```console} blocks only, split like a shell splits
 * words (single and double quotes, backslash escapes), with a trailing {@code # comment} read for the expected exit
 * code ({@code # exit 2}) or the mark of a command that serves until stopped ({@code # runs until stopped}).
 */
record CliDocExamples(List<Example> examples) {

    static final String PROMPT = "$ joulebench";
    private static final Pattern EXIT = Pattern.compile("\\bexit (\\d+)\\b");
    private static final String UNTIL_STOPPED = "runs until stopped";

    /** One command line: its words after {@code joulebench}, the exit code it must give, and its doc line number. */
    record Example(int lineNumber, String text, List<String> args, int expectedExit, boolean runsUntilStopped) {

        @Override
        public String toString() {
            return "cli.md:" + lineNumber + ": " + text;
        }
    }

    static CliDocExamples read(Path doc) throws IOException {
        return parse(Files.readAllLines(doc, StandardCharsets.UTF_8));
    }

    static CliDocExamples parse(List<String> lines) {
        List<Example> examples = new ArrayList<>();
        boolean inConsole = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            String fence = line.strip();
            if (fence.startsWith("```")) {
                inConsole = !inConsole && fence.substring(3).strip().equals("console");
                continue;
            }
            if (inConsole && (line.equals(PROMPT) || line.startsWith(PROMPT + " "))) {
                examples.add(example(i + 1, line.substring(2)));
            }
        }
        return new CliDocExamples(List.copyOf(examples));
    }

    private static Example example(int lineNumber, String command) {
        Split split = split(command, lineNumber);
        List<String> words = split.words();
        if (words.isEmpty() || !words.get(0).equals("joulebench")) {
            throw new IllegalArgumentException("cli.md:" + lineNumber + ": not a joulebench command: " + command);
        }
        String comment = split.comment();
        int exit = 0;
        Matcher m = EXIT.matcher(comment);
        if (m.find()) {
            exit = Integer.parseInt(m.group(1));
        }
        return new Example(lineNumber, command.strip(), List.copyOf(words.subList(1, words.size())), exit,
                comment.contains(UNTIL_STOPPED));
    }

    record Split(List<String> words, String comment) {
    }

    /** Shell word splitting, enough for documentation: quotes, backslash, and '#' starting a comment at a word start. */
    static Split split(String text, int lineNumber) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else if (c == '\\' && quote == '"' && i + 1 < text.length()) {
                    word.append(text.charAt(++i));
                } else {
                    word.append(c);
                }
            } else if (Character.isWhitespace(c)) {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
            } else if (c == '#' && word == null) {
                return new Split(words, text.substring(i + 1).strip());
            } else {
                if (word == null) {
                    word = new StringBuilder();
                }
                if (c == '\'' || c == '"') {
                    quote = c;
                } else if (c == '\\' && i + 1 < text.length()) {
                    word.append(text.charAt(++i));
                } else {
                    word.append(c);
                }
            }
        }
        if (quote != 0) {
            throw new IllegalArgumentException("cli.md:" + lineNumber + ": unclosed quote in: " + text);
        }
        if (word != null) {
            words.add(word.toString());
        }
        return new Split(words, "");
    }
}
