package io.joulebench.core.traffic;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * A one-connection HTTP/1.1 server on 127.0.0.1:0 whose response is a script, so tests can reset, stall or truncate a
 * stream at an exact point. The parsed request is available afterwards.
 */
final class ScriptedHttpServer implements AutoCloseable {

    record Request(String requestLine, Map<String, String> headers, String body) {
    }

    @FunctionalInterface
    interface Script {
        void respond(Socket socket, OutputStream out) throws Exception;
    }

    private final ServerSocket server;
    private final CompletableFuture<Request> request = new CompletableFuture<>();
    private final Thread thread;

    ScriptedHttpServer(Script script) throws IOException {
        server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        thread = Thread.ofVirtual().start(() -> {
            try (Socket socket = server.accept()) {
                request.complete(read(socket.getInputStream()));
                script.respond(socket, socket.getOutputStream());
            } catch (Exception e) {
                request.completeExceptionally(e);
            }
        });
    }

    URI baseUrl() {
        return URI.create("http://127.0.0.1:" + server.getLocalPort());
    }

    Request request() throws Exception {
        return request.get();
    }

    static void head(OutputStream out, int status, boolean chunked) throws IOException {
        String head = "HTTP/1.1 " + status + " X\r\nContent-Type: text/event-stream\r\n"
                + (chunked ? "Transfer-Encoding: chunked\r\n" : "Connection: close\r\n") + "\r\n";
        out.write(head.getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    static void chunk(OutputStream out, String data) throws IOException {
        byte[] bytes = data.getBytes(StandardCharsets.UTF_8);
        out.write((Integer.toHexString(bytes.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(bytes);
        out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    static void lastChunk(OutputStream out) throws IOException {
        out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    /** Closes with a TCP reset instead of a clean shutdown. */
    static void reset(Socket socket) throws IOException {
        socket.setSoLinger(true, 0);
        socket.close();
    }

    static Request read(InputStream in) throws IOException {
        ByteArrayOutputStream headBytes = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("request ended early");
            }
            headBytes.write(b);
            matched = (b == "\r\n\r\n".charAt(matched)) ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        String[] lines = headBytes.toString(StandardCharsets.US_ASCII).split("\r\n");
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0) {
                headers.put(lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).strip());
            }
        }
        int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
        String body = new String(in.readNBytes(length), StandardCharsets.UTF_8);
        return new Request(lines[0], headers, body);
    }

    @Override
    public void close() throws IOException {
        server.close();
        thread.interrupt();
    }
}
