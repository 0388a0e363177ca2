package io.joulebench.core.traffic;

import java.util.concurrent.Semaphore;

/**
 * How one request's send ended, as both issuers record it: completed, failed with the transport's partial result,
 * interrupted, or an unexpected failure named by its class and message. A failure while the run is being cancelled is
 * the cancel's timeout ({@link #cancelledBy}).
 */
record SendOutcome(RequestStatus status, String error, CompletionResult result) {

    static final SendOutcome INTERRUPTED = new SendOutcome(RequestStatus.ERROR, "interrupted", CompletionResult.EMPTY);

    static SendOutcome completed(CompletionResult result) {
        return new SendOutcome(RequestStatus.OK, null, result);
    }

    static SendOutcome failed(TransportException e) {
        return new SendOutcome(RequestStatus.ERROR, e.getMessage(), e.partial());
    }

    static SendOutcome unexpected(RuntimeException e) {
        return new SendOutcome(RequestStatus.ERROR,
                e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()),
                CompletionResult.EMPTY);
    }

    /** Runs with the permit held, just before the send; throwing cancels the send (an interrupted outcome). */
    interface BeforeSend {
        void run() throws InterruptedException;
    }

    /**
     * Sends {@code shape} holding one permit of {@code cap} (none when it is null), released whatever happens;
     * {@code beforeSend} runs once the permit is held. Never throws: every ending is an outcome.
     */
    static SendOutcome send(Transport transport, RequestShape shape, Semaphore cap, BeforeSend beforeSend) {
        boolean permit = false;
        try {
            if (cap != null) {
                cap.acquire();
                permit = true;
            }
            beforeSend.run();
            return completed(transport.send(shape));
        } catch (TransportException e) {
            return failed(e);
        } catch (InterruptedException e) {
            return INTERRUPTED;
        } catch (RuntimeException e) {
            return unexpected(e);
        } finally {
            if (permit) {
                cap.release();
            }
        }
    }

    /** A timeout named by the cancel's reason when this failed while a cancel was under way; else this. */
    SendOutcome cancelledBy(String cancelReason) {
        return status == RequestStatus.ERROR && cancelReason != null
                ? new SendOutcome(RequestStatus.TIMEOUT, cancelReason, result) : this;
    }
}
