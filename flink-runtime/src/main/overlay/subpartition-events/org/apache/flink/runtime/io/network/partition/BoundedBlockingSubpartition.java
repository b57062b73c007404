/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.partition;

import java.io.IOException;

/**
 * Serves a subpartition that holds events between its data buffers (FLIP-330's control events) with
 * the reader that goes buffer by buffer: the direct transfer reader only knows the events at the
 * end of a subpartition. Subpartitions with events at their end only keep the direct transfer.
 */
final class BoundedBlockingSubpartition {

    /** The events at the end of every subpartition: end of data and end of partition. */
    private static final int MAX_EVENTS_AT_END = 2;

    /** Not final: turned off for a subpartition with events between its data buffers. */
    @Overlay.Replace("1.20.5:41d3a7e5fb57")
    private boolean useDirectFileTransfer;

    @Overlay.Wrap("1.20.5:91132638fc9a")
    @Override
    public ResultSubpartitionView createReadView(BufferAvailabilityListener availability)
            throws IOException {
        synchronized (lock) {
            if (numBuffersAndEventsWritten - numDataBuffersWritten > MAX_EVENTS_AT_END) {
                useDirectFileTransfer = false;
            }
        }
        return createReadView$upstream(availability);
    }
}
