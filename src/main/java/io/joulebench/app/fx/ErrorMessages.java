package io.joulebench.app.fx;

/** Turns exceptions into the short cause text and the long detail the error reporter shows. */
public final class ErrorMessages {

    private ErrorMessages() {
    }

    /** The innermost cause's message, or its simple class name when it has none. */
    public static String describe(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage();
        return message == null || message.isBlank() ? root.getClass().getSimpleName() : message;
    }

    /**
     * What the error dialog may show beyond the message: the chain of causes, one plain line each, without stack
     * frames (those go to the log); empty for a {@link UserMessageException} or no cause.
     */
    public static String plainDetail(Throwable e) {
        if (e == null || e instanceof UserMessageException) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        Throwable t = e;
        for (int depth = 0; t != null && depth < 16; depth++, t = t.getCause() == t ? null : t.getCause()) {
            String message = t.getMessage() == null || t.getMessage().isBlank() ? t.getClass().getSimpleName()
                    : t.getMessage();
            out.append(depth == 0 ? "" : "because: ").append(message).append('\n');
        }
        return out.append("The full technical detail is in the log.").toString();
    }

    /** The full stack trace, for the log. */
    public static String detail(Throwable e) {
        if (e == null) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        Throwable t = e;
        for (int depth = 0; t != null && depth < 16; depth++, t = t.getCause() == t ? null : t.getCause()) {
            out.append(depth == 0 ? "" : "Caused by: ").append(t).append('\n');
            for (StackTraceElement frame : t.getStackTrace()) {
                out.append("\tat ").append(frame).append('\n');
            }
        }
        return out.toString();
    }
}
