package io.joulebench.core.executor.ssh;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A login node as {@code --ssh} names it: {@code USER@HOST[:PORT]} (port 22 when omitted; an IPv6 address in
 * brackets, {@code root@[::1]:2222}).
 */
public record SshTarget(String user, String host, int port) {

    public static final int DEFAULT_PORT = 22;
    private static final Pattern FORM = Pattern.compile(
            "([^@\\s:]+)@(\\[[0-9A-Fa-f:.]+]|[A-Za-z0-9._-]+)(?::(\\d{1,5}))?");

    public SshTarget {
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("--ssh: port " + port + " is not between 1 and 65535");
        }
    }

    /** Parses {@code USER@HOST[:PORT]}; a bad value is an {@link IllegalArgumentException} naming {@code --ssh}. */
    public static SshTarget parse(String text) {
        Matcher m = FORM.matcher(text == null ? "" : text.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException("--ssh: '" + text + "' is not USER@HOST[:PORT] (e.g."
                    + " alice@login.cluster.example:22)");
        }
        String host = m.group(2).startsWith("[") ? m.group(2).substring(1, m.group(2).length() - 1) : m.group(2);
        return new SshTarget(m.group(1), host, m.group(3) == null ? DEFAULT_PORT : Integer.parseInt(m.group(3)));
    }

    /** How known_hosts names the host: {@code host}, or {@code [host]:port} on another port than 22. */
    public String knownHostsName() {
        return port == DEFAULT_PORT ? host : "[" + host + "]:" + port;
    }

    /** {@code USER@HOST:PORT}, which {@link #parse} reads back. */
    @Override
    public String toString() {
        return user + "@" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }
}
