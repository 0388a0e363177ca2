package io.joulebench.core.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UninterruptiblyTest {

    @TempDir
    Path dir;

    @AfterEach
    void clearFlag() {
        Thread.interrupted();
    }

    @Test
    void a_cancel_that_lands_during_the_writes_neither_breaks_them_nor_is_lost() throws Exception {
        // A SIGINT interrupts the session's thread while it credits a level: the channel writes must complete (a
        // channel on the interrupted thread closed itself, ClosedByInterruptException, and the level was lost),
        // and the caller must still see the interrupt afterwards, so the session stops.
        Thread caller = Thread.currentThread();
        Path file = dir.resolve("manifest.json");
        Uninterruptibly.run(() -> {
            caller.interrupt();
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                ch.write(ByteBuffer.wrap("{}".getBytes(StandardCharsets.UTF_8)));
                ch.force(true);
            }
        });

        assertThat(Files.readString(file)).isEqualTo("{}");
        assertThat(Thread.currentThread().isInterrupted()).as("the interrupt is handed back").isTrue();
    }

    @Test
    void an_interrupt_pending_before_is_handed_back_and_a_quiet_call_leaves_none() throws Exception {
        Thread.currentThread().interrupt();
        Uninterruptibly.run(() -> Files.writeString(dir.resolve("a"), "a"));
        assertThat(Thread.interrupted()).isTrue();

        Uninterruptibly.run(() -> Files.writeString(dir.resolve("b"), "b"));
        assertThat(Thread.currentThread().isInterrupted()).isFalse();
    }

    @Test
    void nested_calls_run_inline_on_the_writer_so_a_lock_it_holds_is_not_waited_for() throws Exception {
        Object lock = new Object();
        Uninterruptibly.run(() -> {
            synchronized (lock) {
                Uninterruptibly.run(() -> {
                    synchronized (lock) {
                        Files.writeString(dir.resolve("nested"), "ok");
                    }
                });
            }
        });
        assertThat(Files.readString(dir.resolve("nested"))).isEqualTo("ok");
    }

    @Test
    void the_actions_failure_reaches_the_caller_as_it_was_thrown() {
        assertThatThrownBy(() -> Uninterruptibly.run(() -> {
            throw new IOException("disk full");
        })).isInstanceOf(IOException.class).hasMessage("disk full");
        assertThatThrownBy(() -> Uninterruptibly.run(() -> {
            throw new IllegalStateException("already credited");
        })).isInstanceOf(IllegalStateException.class).hasMessage("already credited");
    }
}
