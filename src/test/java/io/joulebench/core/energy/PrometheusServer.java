package io.joulebench.core.energy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A real Prometheus ({@code /usr/bin/prometheus}, Debian's package) for an IT: its own config and data folder under
 * {@code dir}, a free loopback port, scraping {@code target} (host:port) every second; stopped by its PID.
 */
public final class PrometheusServer implements AutoCloseable {

    public static final Path BINARY = Path.of("/usr/bin/prometheus");

    private final Process process;
    private final URI url;

    private PrometheusServer(Process process, URI url) {
        this.process = process;
        this.url = url;
    }

    public static PrometheusServer start(Path dir, String target) throws IOException, InterruptedException {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        Path config = dir.resolve("prometheus.yml");
        Files.writeString(config, """
                global:
                  scrape_interval: 1s
                  evaluation_interval: 1s
                scrape_configs:
                  - job_name: dcgm
                    scrape_interval: 1s
                    scrape_timeout: 900ms
                    static_configs:
                      - targets: ['%s']
                """.formatted(target));
        Process p = new ProcessBuilder(BINARY.toString(), "--config.file=" + config,
                "--storage.tsdb.path=" + dir.resolve("data"), "--web.listen-address=127.0.0.1:" + port)
                .redirectErrorStream(true).redirectOutput(dir.resolve("prometheus.log").toFile()).start();
        PrometheusServer server = new PrometheusServer(p, URI.create("http://127.0.0.1:" + port));
        try (HttpClient http = HttpClient.newHttpClient()) {
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (System.nanoTime() < deadline && p.isAlive()) {
                try {
                    HttpResponse<Void> r = http.send(HttpRequest.newBuilder(server.url.resolve("/-/ready")).build(),
                            HttpResponse.BodyHandlers.discarding());
                    if (r.statusCode() == 200) {
                        return server;
                    }
                } catch (IOException notYet) {
                    // still starting
                }
                Thread.sleep(100);
            }
        }
        server.close();
        throw new IOException("Prometheus did not become ready: " + Files.readString(dir.resolve("prometheus.log")));
    }

    public URI url() {
        return url;
    }

    long pid() {
        return process.pid();
    }

    @Override
    public void close() throws InterruptedException {
        ProcessHandle.of(process.pid()).ifPresent(ProcessHandle::destroy);
        if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }
}
