/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api;

/**
 * The network form of a streaming watermark status (idle or active) in a job whose records travel
 * without tag and timestamp (FLIP-330). The status values are those of the streaming {@code
 * WatermarkStatus}.
 */
public final class StreamWatermarkStatusEvent extends StreamControlEvent {

    /** The status of an idle input. */
    public static final int IDLE = -1;

    /** The status of an active input. */
    public static final int ACTIVE = 0;

    private final int status;

    /**
     * @param status {@link #IDLE} or {@link #ACTIVE}
     */
    public StreamWatermarkStatusEvent(int status) {
        if (status != IDLE && status != ACTIVE) {
            throw new IllegalArgumentException("Not a watermark status: " + status);
        }
        this.status = status;
    }

    /** {@link #IDLE} or {@link #ACTIVE}. */
    public int getStatus() {
        return status;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof StreamWatermarkStatusEvent
                && ((StreamWatermarkStatusEvent) o).status == status;
    }

    @Override
    public int hashCode() {
        return status;
    }

    @Override
    public String toString() {
        return "StreamWatermarkStatusEvent{" + (status == IDLE ? "IDLE" : "ACTIVE") + '}';
    }
}
