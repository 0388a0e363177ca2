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
 * code ({@code # exit 2}), the mark of a command that serves until stopped ({@code # runs until stopped}) or of one
 * that needs hardware the test machine lacks ({@code # needs: a DCGM exporter on gpu-node}). The lines after a
 * command, up to the next command or the end of the block, are its documented output.
 */
record CliDocExamples(List<Example> examples) {

    static final String PROMPT = "$ joulebench";
    private static final Pattern EXIT = Pattern.compile("\\bexit (\\d+)\\b");
    private static final String UNTIL_STOPPED = "runs until stopped";
    private static final Pattern NEEDS = Pattern.compile("\\bneeds:\\s*(.*)$");

    /**
     * One command line: its words after {@code joulebench}, the exit code it must give, its doc line number, its
     * documented output, and what hardware it needs ({@code null}: none, the test runs it).
     */
    record Example(int lineNumber, String text, List<String> args, int expectedExit, boolean runsUntilStopped,
            List<String> output, String needs) {

        Example {
            output = List.copyOf(output);
        }

        /** The first word that is not an option: the subcommand, or the option itself ({@code --version}). */
        String command() {
            return args.stream().filter(a -> !a.startsWith("-")).findFirst()
                    .orElse(args.isEmpty() ? "" : args.get(0));
        }

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
        int commandLine = -1;
        String command = null;
        List<String> output = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            String fence = line.strip();
            boolean isFence = fence.startsWith("```");
            boolean isCommand = inConsole && (line.equals(PROMPT) || line.startsWith(PROMPT + " "));
            if (command != null && (isFence || isCommand)) {
                examples.add(example(commandLine, command, output));
                command = null;
                output = new ArrayList<>();
            }
            if (isFence) {
                inConsole = !inConsole && fence.substring(3).strip().equals("console");
            } else if (isCommand) {
                commandLine = i + 1;
                command = line.substring(2);
            } else if (command != null) {
                output.add(line);
            }
        }
        return new CliDocExamples(List.copyOf(examples));
    }

    private static Example example(int lineNumber, String command, List<String> output) {
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
        Matcher needs = NEEDS.matcher(comment);
        return new Example(lineNumber, command.strip(), List.copyOf(words.subList(1, words.size())), exit,
                comment.contains(UNTIL_STOPPED), output, needs.find() ? needs.group(1).strip() : null);
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
