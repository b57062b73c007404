/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api;

/**
 * Tells the consumers of a network output whose records travel without tag and timestamp (FLIP-330)
 * what the timestamps of the records that follow were on the sending side, up to the next such
 * event: none, Flink's "no timestamp" ({@code Long.MIN_VALUE}), or a timestamp that was left
 * behind. With it, records that had no real timestamp arrive exactly as they were sent.
 */
public final class StreamRecordTimestampsEvent extends StreamControlEvent {

    /** The records carry no timestamp. */
    public static final int NONE = 0;

    /** The records carry Flink's "no timestamp", {@code Long.MIN_VALUE}. */
    public static final int NO_TIMESTAMP = 1;

    /** The records carried timestamps that were left behind on the sending side. */
    public static final int DROPPED = 2;

    private final int kind;

    /**
     * @param kind {@link #NONE}, {@link #NO_TIMESTAMP} or {@link #DROPPED}
     */
    public StreamRecordTimestampsEvent(int kind) {
        if (kind != NONE && kind != NO_TIMESTAMP && kind != DROPPED) {
            throw new IllegalArgumentException("Not a kind of record timestamps: " + kind);
        }
        this.kind = kind;
    }

    /** {@link #NONE}, {@link #NO_TIMESTAMP} or {@link #DROPPED}. */
    public int getKind() {
        return kind;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof StreamRecordTimestampsEvent
                && ((StreamRecordTimestampsEvent) o).kind == kind;
    }

    @Override
    public int hashCode() {
        return kind;
    }

    @Override
    public String toString() {
        String name = kind == NONE ? "NONE" : kind == NO_TIMESTAMP ? "NO_TIMESTAMP" : "DROPPED";
        return "StreamRecordTimestampsEvent{" + name + '}';
    }
}
