package io.joulebench.core.executor.ssh;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;

/**
 * The one thread a connection's JSch calls run on. JSch swallows interrupts in its own waits, so the caller's
 * interrupt (Ctrl-C) must never reach it: an interrupted caller waits the short call out (the channel stays in step
 * for the {@code scancel}s that follow) and then gets the {@link InterruptedIOException} of
 * {@code CommandRunner.local()}, its interrupt kept. An interrupted caller starts no call.
 */
final class IoThread implements AutoCloseable {

    @FunctionalInterface
    interface IoCall<T> {
        T run() throws IOException;
    }

    private final String what;
    private final ExecutorService io;

    IoThread(String what) {
        this.what = what;
        this.io = Executors.newSingleThreadExecutor(r -> Thread.ofPlatform().daemon().name(what).unstarted(r));
    }

    <T> T call(IoCall<T> call) throws IOException {
        if (Thread.currentThread().isInterrupted()) {
            throw new InterruptedIOException("interrupted before a call on " + what);
        }
        Future<T> f;
        try {
            f = io.submit(call::run);
        } catch (RejectedExecutionException e) {
            throw new IOException(what + " is closed");
        }
        boolean interrupted = false;
        while (true) {
            try {
                T result = f.get();
                if (interrupted) {
                    Thread.currentThread().interrupt();
                    throw new InterruptedIOException("a call on " + what + " was interrupted");
                }
                return result;
            } catch (InterruptedException e) {
                interrupted = true; // waited out, then reported above or below
            } catch (ExecutionException e) {
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
                if (e.getCause() instanceof IOException x) {
                    throw x;
                }
                if (e.getCause() instanceof RuntimeException x) {
                    throw x;
                }
                throw new IOException(e.getCause());
            }
        }
    }

    @Override
    public void close() {
        io.shutdownNow();
    }
}
