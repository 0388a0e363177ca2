package io.joulebench.core.traffic;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.time.Clock;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.channels.ServerSocketChannel;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The hand-off of a pooled connection between a writer (the pacer takes it, publishes its exchange, writes) and the
 * event loop (sees the server's close on an idle connection and drops it), played in both orders on one thread. The
 * race once ended a request in its read timeout: the loop closed a connection a request had just been written on.
 * {@code NioConnectionCapStress} (tag bench) repeats the real interleaving against a server.
 */
class NioConnectionPoolTest {

    private ServerSocketChannel server;
    private NioConnectionPool pool;

    @BeforeEach
    void listen() throws Exception {
        server = ServerSocketChannel.open().bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        InetSocketAddress address = (InetSocketAddress) server.getLocalAddress();
        OpenAiTransportOptions options = new OpenAiTransportOptions(
                URI.create("http://127.0.0.1:" + address.getPort() + "/v1/completions"), OpenAiEndpoint.COMPLETIONS,
                Map.of(), Duration.ofSeconds(1), Clock.system(), false);
        pool = new NioConnectionPool(options, address);
    }

    @AfterEach
    void close() throws Exception {
        pool.markClosed();
        pool.closeIdle();
        server.close();
    }

    @Test
    void a_connection_the_loop_dropped_is_never_written_on() throws Exception {
        NioConnection conn = pool.open(false);
        pool.release(conn);
        NioConnection taken = pool.takeIdle();
        assertThat(taken).isSameAs(conn);

        assertThat(conn.drop()).as("the loop sees its end first").isTrue();
        assertThat(conn.claim()).as("the writer then finds it dropped and sends elsewhere").isFalse();
        conn.close();
    }

    @Test
    void a_connection_a_writer_claimed_is_never_dropped_by_the_loop() throws Exception {
        NioConnection conn = pool.open(false);
        pool.release(conn);
        NioConnection taken = pool.takeIdle();

        assertThat(taken.claim()).as("the writer publishes its exchange and claims it first").isTrue();
        assertThat(conn.drop()).as("the loop then leaves the end to that exchange").isFalse();
        assertThat(conn.channel.isOpen()).isTrue();
        conn.close();
    }

    @Test
    void a_connection_back_from_a_settled_exchange_can_be_dropped_again() throws Exception {
        NioConnection conn = pool.open(false);
        assertThat(conn.claim()).isTrue();
        conn.free();
        pool.release(conn);

        assertThat(conn.drop()).isTrue();
        assertThat(conn.claim()).isFalse();
    }

    @Test
    void the_pool_hands_out_no_connection_the_loop_dropped() throws Exception {
        NioConnection stale = pool.open(false);
        NioConnection fresh = pool.open(false);
        pool.release(fresh);
        pool.release(stale); // most recently used first
        assertThat(stale.drop()).isTrue(); // the loop saw its end but has not closed it yet

        assertThat(pool.takeIdle()).isSameAs(fresh);
        assertThat(pool.takeIdle()).isNull();
    }

    @Test
    void a_dropped_connection_released_after_a_cancel_is_closed_not_pooled() throws Exception {
        NioConnection conn = pool.open(false);
        assertThat(conn.drop()).isTrue();

        pool.release(conn);

        assertThat(conn.channel.isOpen()).isFalse();
        assertThat(pool.takeIdle()).isNull();
    }
}
