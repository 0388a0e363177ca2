package io.joulebench.app.fx;

/**
 * A failure whose message is all the user needs (an invalid study, a folder that is not a results folder): the
 * error reporter shows the message alone, with no technical detail.
 */
public class UserMessageException extends IllegalStateException {

    public UserMessageException(String message) {
        super(message);
    }
}
