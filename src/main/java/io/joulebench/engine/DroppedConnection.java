package io.joulebench.engine;

/** Thrown out of a handler on purpose: the JDK server then cuts the connection without finishing the response. */
final class DroppedConnection extends RuntimeException {

    DroppedConnection(String why) {
        super(why, null, false, false);
    }
}
