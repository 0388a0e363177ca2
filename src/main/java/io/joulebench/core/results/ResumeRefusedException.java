package io.joulebench.core.results;

/** A results folder cannot be resumed as asked (the study changed, or its secrets were masked); says what to do. */
public class ResumeRefusedException extends RuntimeException {

    public ResumeRefusedException(String message) {
        super(message);
    }
}
