package io.joulebench.app.fx;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a {@link FolderOpener} on a background thread, never the caller's (the FX thread), and gives up after a
 * timeout: a desktop integration with no D-Bus service or file manager behind it can park its caller for good. The
 * outcome comes back on the UI thread. Once an opener has not answered in time it is not asked again, so repeated
 * clicks do not pile up parked threads.
 */
public final class BoundedFolderOpener {

    /** How long a file browser gets to answer before the workbench shows the path instead. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);

    private static final Logger LOG = LoggerFactory.getLogger(BoundedFolderOpener.class);

    private final FolderOpener opener;
    private final Executor background;
    private final UiExecutor ui;
    private final Duration timeout;
    private volatile boolean unresponsive;

    public BoundedFolderOpener(FolderOpener opener, Executor background, UiExecutor ui, Duration timeout) {
        this.opener = opener;
        this.background = background;
        this.ui = ui;
        this.timeout = timeout;
    }

    /** Runs the opener on the caller's thread without a bound (view-model tests with an opener that returns). */
    public static BoundedFolderOpener direct(FolderOpener opener) {
        return new BoundedFolderOpener(opener, Runnable::run, UiExecutor.direct(), DEFAULT_TIMEOUT);
    }

    /**
     * Starts opening {@code folder}; {@code outcome} then receives, on the UI thread, null when the opener
     * returned, otherwise a short reason it did not ("no answer from the file browser within 5 s").
     */
    public void open(Path folder, Consumer<String> outcome) {
        if (unresponsive) {
            ui.execute(() -> outcome.accept("the file browser did not answer before"));
            return;
        }
        CompletableFuture.runAsync(() -> {
            try {
                opener.open(folder);
            } catch (Exception e) {
                throw new java.util.concurrent.CompletionException(e);
            }
        }, background).orTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS).whenComplete((ok, failure) -> {
            String reason = null;
            if (failure != null) {
                Throwable cause = failure instanceof java.util.concurrent.CompletionException && failure.getCause()
                        != null ? failure.getCause() : failure;
                if (cause instanceof TimeoutException) {
                    unresponsive = true;
                    reason = "no answer from the file browser within " + timeout.toSeconds() + " s";
                    LOG.warn("Opening {} did not return within {}; not asking the desktop again", folder, timeout);
                } else {
                    reason = ErrorMessages.describe(cause);
                    // expected on a desktop without a file browser: the view shows the path to copy; one line on
                    // stderr, the stack trace only at debug level (issue 35 item 16)
                    LOG.warn("Could not open {} in a file browser: {}", folder, reason);
                    LOG.debug("Opening {} failed", folder, cause);
                }
            }
            String why = reason;
            ui.execute(() -> outcome.accept(why));
        });
    }
}
