package io.joulebench.core.session;

/** A failure that ends a whole group before any level ran: every cell of the group is reported failed with it. */
final class GroupFailure extends Exception {

    private final String type;

    GroupFailure(String type, String reason, Throwable cause) {
        super(reason, cause);
        this.type = type;
    }

    static GroupFailure of(Throwable cause) {
        String message = cause.getMessage();
        return new GroupFailure(cause.getClass().getSimpleName(),
                message == null || message.isBlank() ? cause.toString() : message, cause);
    }

    String type() {
        return type;
    }
}
