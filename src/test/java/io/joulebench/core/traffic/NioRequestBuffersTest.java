package io.joulebench.core.traffic;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** The nio client's pool of direct request buffers: reuse, size classes and the bound on direct memory. */
class NioRequestBuffersTest {

    @ParameterizedTest
    @CsvSource({"1, 4096", "4096, 4096", "4097, 8192", "16500, 32768", "32768, 32768", "4194304, 4194304"})
    void a_request_gets_the_smallest_class_that_holds_it(int size, int capacity) {
        NioRequestBuffers buffers = new NioRequestBuffers(64L << 20);
        ByteBuffer b = buffers.take(size);
        assertThat(b.isDirect()).isTrue();
        assertThat(b.capacity()).isEqualTo(capacity);
        assertThat(buffers.directBytes()).isEqualTo(capacity);
    }

    @Test
    void a_buffer_given_back_serves_the_next_request_of_its_class_cleared() {
        NioRequestBuffers buffers = new NioRequestBuffers(64L << 20);
        ByteBuffer first = buffers.copy(new byte[] {1, 2}, new byte[5000]);
        assertThat(first.isDirect()).isTrue();
        assertThat(first.position()).isZero();
        assertThat(first.limit()).isEqualTo(5002);
        buffers.give(first);

        ByteBuffer again = buffers.take(6000);
        assertThat(again).isSameAs(first);
        assertThat(again.position()).isZero();
        assertThat(again.limit()).isEqualTo(again.capacity());
        assertThat(buffers.take(6000)).as("the free one is lent: a second is made").isNotSameAs(first);
        assertThat(buffers.directBytes()).isEqualTo(2 * 8192);
    }

    @Test
    void past_the_bound_a_free_buffer_is_dropped_to_make_room_else_a_heap_buffer_is_lent() {
        NioRequestBuffers buffers = new NioRequestBuffers(3 * 4096);
        ByteBuffer small = buffers.take(100);
        ByteBuffer big = buffers.take(8000);
        assertThat(buffers.directBytes()).isEqualTo(3 * 4096);

        ByteBuffer over = buffers.take(100);
        assertThat(over.isDirect()).as("none free to drop: the JDK's copy, as before").isFalse();
        assertThat(over.capacity()).isEqualTo(100);
        buffers.give(over); // a heap buffer is left to the collector
        assertThat(buffers.directBytes()).isEqualTo(3 * 4096);

        buffers.give(big);
        ByteBuffer room = buffers.take(100);
        assertThat(room.isDirect()).as("the free 8 KiB buffer was dropped for it").isTrue();
        assertThat(buffers.directBytes()).isEqualTo(2 * 4096);
        assertThat(small.isDirect()).isTrue();
    }

    @Test
    void the_bound_is_the_one_asked_for_and_never_past_a_quarter_of_the_direct_memory() {
        assertThat(NioRequestBuffers.bounded(0).take(100).isDirect()).as("0: the path before, heap buffers").isFalse();
        assertThat(NioRequestBuffers.bounded(8192).limit()).isEqualTo(8192);
        assertThat(NioRequestBuffers.bounded(Long.MAX_VALUE).limit()).isPositive()
                .isLessThanOrEqualTo(Runtime.getRuntime().maxMemory() / 4);
        assertThat(NioRequestBuffers.configured().limit()).isLessThanOrEqualTo(NioRequestBuffers.DEFAULT_LIMIT);
    }

    @Test
    void a_request_larger_than_the_largest_class_gets_a_heap_buffer() {
        NioRequestBuffers buffers = new NioRequestBuffers(64L << 20);
        ByteBuffer b = buffers.take(NioRequestBuffers.MAX_CAPACITY + 1);
        assertThat(b.isDirect()).isFalse();
        assertThat(buffers.directBytes()).isZero();
    }
}
