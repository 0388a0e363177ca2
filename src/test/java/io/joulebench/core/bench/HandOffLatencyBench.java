package io.joulebench.core.bench;

import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Latency of handing a due request from the pacer to the thread that calls the transport: the pacer spins to each
 * instant, hands off, and the receiving thread records now − instant. Not a unit test: run with
 * {@code ./mvnw test -Dtest=HandOffLatencyBench -Dsurefire.excludedGroups= -Dgroups=bench}.
 */
@Tag("bench")
class HandOffLatencyBench {

    private static final int N = Integer.getInteger("handoff.n", 4000);
    private static final long GAP = Long.getLong("handoff.gapNanos", 500_000L);

    interface HandOff {
        /** Called on the pacer at {@code at - lead()}; must get {@code task} to run at or after {@code at}. */
        void handOff(long at, LongConsumer task);

        default long lead() {
            return 0;
        }

        default void close() {
        }
    }

    @Test
    void compare_hand_offs() throws Exception {
        run("virtual thread per request", (at, task) -> Thread.ofVirtual().start(() -> task.accept(at)));
        ExecutorService vte = Executors.newVirtualThreadPerTaskExecutor();
        run("virtual-thread executor", new HandOff() {
            public void handOff(long at, LongConsumer task) {
                vte.execute(() -> task.accept(at));
            }

            public void close() {
                vte.shutdown();
            }
        });
        ExecutorService pool = Executors.newFixedThreadPool(4);
        run("platform pool (4)", new HandOff() {
            public void handOff(long at, LongConsumer task) {
                pool.execute(() -> task.accept(at));
            }

            public void close() {
                pool.shutdown();
            }
        });
        LinkedTransferQueue<Runnable> q = new LinkedTransferQueue<>();
        Thread[] spinners = new Thread[1];
        for (int i = 0; i < spinners.length; i++) {
            spinners[i] = Thread.ofPlatform().daemon().start(() -> {
                try {
                    while (true) {
                        q.take().run();
                    }
                } catch (InterruptedException e) {
                    // done
                }
            });
        }
        run("LinkedTransferQueue worker", new HandOff() {
            public void handOff(long at, LongConsumer task) {
                q.add(() -> task.accept(at));
            }

            public void close() {
                for (Thread t : spinners) {
                    t.interrupt();
                }
            }
        });
        for (long lead : new long[] {50_000, 100_000, 200_000}) {
            run("VT started " + lead / 1000 + " us early, spins", new HandOff() {
                public void handOff(long at, LongConsumer task) {
                    Thread.ofVirtual().start(() -> {
                        while (System.nanoTime() - at < 0) {
                            Thread.onSpinWait();
                        }
                        task.accept(at);
                    });
                }

                public long lead() {
                    return lead;
                }
            });
        }
    }

    private static void run(String name, HandOff handOff) throws InterruptedException {
        long[] late = new long[N];
        CountDownLatch done = new CountDownLatch(N);
        long origin = System.nanoTime() + 20_000_000L;
        for (int i = 0; i < N; i++) {
            final int index = i;
            long at = origin + (i + 1) * GAP;
            long wake = at - handOff.lead() - 200_000L;
            long left = wake - System.nanoTime();
            if (left > 0) {
                LockSupport.parkNanos(left);
            }
            while (System.nanoTime() - (at - handOff.lead()) < 0) {
                Thread.onSpinWait();
            }
            handOff.handOff(at, scheduled -> {
                late[index] = System.nanoTime() - scheduled;
                done.countDown();
            });
        }
        done.await(30, TimeUnit.SECONDS);
        handOff.close();
        Arrays.sort(late);
        System.out.printf(Locale.ROOT, "%-34s p50 %8.1f us  p90 %8.1f us  p99 %8.1f us  max %9.1f us%n", name,
                late[N / 2] / 1e3, late[(int) (N * 0.9)] / 1e3, late[(int) (N * 0.99)] / 1e3, late[N - 1] / 1e3);
    }
}
