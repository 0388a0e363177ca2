package io.joulebench.engine;

/** An HTTP error answered with an OpenAI-style body; thrown while handling a request, never past the handler. */
final class ApiError extends RuntimeException {

    final int status;
    final String param;

    ApiError(int status, String message) {
        this(status, message, null);
    }

    ApiError(int status, String message, String param) {
        super(message, null, false, false);
        this.status = status;
        this.param = param;
    }

    /** {@code {"error":{"message":…,"type":…,"param":…,"code":…}}}; 4xx are invalid_request_error. */
    String body() {
        String type = status >= 500 ? "server_error" : "invalid_request_error";
        StringBuilder b = new StringBuilder(96).append("{\"error\":{\"message\":");
        Json.appendQuoted(b, getMessage());
        b.append(",\"type\":\"").append(type).append("\",\"param\":");
        if (param == null) {
            b.append("null");
        } else {
            Json.appendQuoted(b, param);
        }
        return b.append(",\"code\":").append(status).append("}}").toString();
    }
}
