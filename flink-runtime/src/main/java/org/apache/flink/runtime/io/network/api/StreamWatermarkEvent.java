/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api;

/**
 * The network form of a streaming watermark in a job whose records travel without tag and timestamp
 * (FLIP-330): such records leave no room for watermarks on the record path, so they cross the
 * network as this event. It carries the watermark's timestamp and, for a watermark addressed to one
 * subpartition of a partition whose consumers are not known in advance, that subpartition's index.
 */
public final class StreamWatermarkEvent extends StreamControlEvent {

    /** The subpartition index of a watermark for every subpartition. */
    public static final int ALL_SUBPARTITIONS = -1;

    private final long timestamp;
    private final int subpartition;

    /**
     * @param timestamp the watermark's timestamp
     * @param subpartition the subpartition the watermark is for, or {@link #ALL_SUBPARTITIONS}
     */
    public StreamWatermarkEvent(long timestamp, int subpartition) {
        if (subpartition < ALL_SUBPARTITIONS) {
            throw new IllegalArgumentException("Not a subpartition index: " + subpartition);
        }
        this.timestamp = timestamp;
        this.subpartition = subpartition;
    }

    /** The watermark's timestamp. */
    public long getTimestamp() {
        return timestamp;
    }

    /** The subpartition the watermark is for, or {@link #ALL_SUBPARTITIONS}. */
    public int getSubpartition() {
        return subpartition;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof StreamWatermarkEvent
                && ((StreamWatermarkEvent) o).timestamp == timestamp
                && ((StreamWatermarkEvent) o).subpartition == subpartition;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(timestamp) * 31 + subpartition;
    }

    @Override
    public String toString() {
        return "StreamWatermarkEvent{timestamp="
                + timestamp
                + ", subpartition="
                + subpartition
                + '}';
    }
}
