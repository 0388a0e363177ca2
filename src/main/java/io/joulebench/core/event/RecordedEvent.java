package io.joulebench.core.event;

import java.time.Instant;

/**
 * One line of {@code events.jsonl}: when it was written ({@code t}, null if unreadable), the line people read
 * (null for power) and the event it says.
 */
public record RecordedEvent(Instant t, String line, RunEvent event) {
}
