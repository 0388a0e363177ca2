package io.joulebench.cli;

/** Bad input found after parsing (a file, a value combination): exit 2 with this one-line message. */
public class UserInputException extends RuntimeException {

    public UserInputException(String message) {
        super(message);
    }
}
