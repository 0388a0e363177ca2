package io.joulebench.core.traffic;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A loopback HTTP/1.1 server that serves many requests over many connections with the wire habits of real engines'
 * servers, which a one-shot scripted server cannot show: chunked SSE bodies, a {@code Keep-Alive} header it does
 * not keep (llama.cpp closes after every stream), a cap on requests per connection, an idle timeout it does not
 * advertise, and SSE comments between events. Every request gets the same event list.
 */
final class WireServer implements AutoCloseable {

    /** How the server treats a connection after a response. */
    record Habits(boolean closeAfterStream, int maxRequestsPerConnection, long idleTimeoutMs, boolean chunked) {

        /** A server that keeps connections as HTTP/1.1 says: chunked, no limits. */
        static Habits keepsConnections() {
            return new Habits(false, Integer.MAX_VALUE, 0, true);
        }

        /** llama.cpp's server (cpp-httplib): says {@code Keep-Alive: timeout=5, max=100}, closes after each stream. */
        static Habits llamaCpp() {
            return new Habits(true, 100, 5_000, true);
        }
    }

    private final ServerSocket server;
    private final Habits habits;
    private final List<String> events;
    private final AtomicInteger requests = new AtomicInteger();
    private final AtomicInteger connections = new AtomicInteger();
    private final AtomicInteger closedByServer = new AtomicInteger();
    private final AtomicInteger ended = new AtomicInteger();
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    private final List<String> bodies = new CopyOnWriteArrayList<>();
    private final Thread acceptor;

    /**
     * @param events SSE events, each sent as its own chunk (a {@code data:} line, a comment, several deltas at once);
     *               a blank line is appended to each
     */
    WireServer(Habits habits, List<String> events) throws IOException {
        this.habits = habits;
        this.events = List.copyOf(events);
        server = new ServerSocket(0, 64, InetAddress.getLoopbackAddress());
        acceptor = Thread.ofVirtual().start(this::accept);
    }

    URI baseUrl() {
        return URI.create("http://127.0.0.1:" + server.getLocalPort());
    }

    int requests() {
        return requests.get();
    }

    int connections() {
        return connections.get();
    }

    /** The bodies of the requests served, in the order they were read. */
    List<String> bodies() {
        return List.copyOf(bodies);
    }

    /** Connections that ended, closed by either side. */
    int ended() {
        return ended.get();
    }

    /** Connections the server itself closed (after a stream, at the cap, or idle). */
    int closedByServer() {
        return closedByServer.get();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                connections.incrementAndGet();
                open.add(socket);
                Thread.ofVirtual().start(() -> serve(socket));
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            InputStream in = new BufferedInputStream(socket.getInputStream());
            OutputStream out = socket.getOutputStream();
            int served = 0;
            while (true) {
                if (served > 0 && habits.idleTimeoutMs() > 0) {
                    socket.setSoTimeout((int) habits.idleTimeoutMs());
                }
                try {
                    in.mark(1);
                    if (in.read() < 0) {
                        return; // the client closed it
                    }
                    in.reset();
                } catch (SocketTimeoutException idle) {
                    closedByServer.incrementAndGet();
                    return;
                }
                socket.setSoTimeout(0);
                bodies.add(ScriptedHttpServer.read(in).body());
                requests.incrementAndGet();
                served++;
                respond(out);
                if (habits.closeAfterStream() || served >= habits.maxRequestsPerConnection() || !habits.chunked()) {
                    closedByServer.incrementAndGet();
                    return;
                }
            }
        } catch (IOException e) {
            // the client went away mid-exchange; the test sees it on its side
        } finally {
            open.remove(socket);
            ended.incrementAndGet();
        }
    }

    private void respond(OutputStream out) throws IOException {
        String keepAlive = habits.idleTimeoutMs() > 0 && habits.maxRequestsPerConnection() < Integer.MAX_VALUE
                ? "Keep-Alive: timeout=" + Math.max(1, habits.idleTimeoutMs() / 1000) + ", max="
                        + habits.maxRequestsPerConnection() + "\r\n"
                : "";
        String head = "HTTP/1.1 200 OK\r\nServer: wire\r\nContent-Type: text/event-stream\r\n"
                + (habits.chunked() ? "Transfer-Encoding: chunked\r\n" : "Connection: close\r\n") + keepAlive + "\r\n";
        out.write(head.getBytes(StandardCharsets.US_ASCII));
        for (String event : events) {
            byte[] bytes = (event + "\n\n").getBytes(StandardCharsets.UTF_8);
            if (habits.chunked()) {
                out.write((Integer.toHexString(bytes.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
                out.write(bytes);
                out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
            } else {
                out.write(bytes);
            }
            out.flush();
        }
        if (habits.chunked()) {
            out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        out.flush();
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Socket socket : open) {
            socket.close();
        }
        acceptor.interrupt();
    }
}
