/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.partition;

import java.io.IOException;
import java.nio.file.Files;

/**
 * Serves a subpartition that holds events between its data buffers (FLIP-330's control events) with
 * the reader that goes buffer by buffer: the direct transfer reader only knows the events at the
 * end of a subpartition.
 */
final class BoundedBlockingSubpartition {

    /** The events at the end of every subpartition: end of data and end of partition. */
    private static final int MAX_EVENTS_AT_END = 2;

    @Overlay.Replace
    @Override
    public ResultSubpartitionView createReadView(BufferAvailabilityListener availability)
            throws IOException {
        synchronized (lock) {
            checkState(!isReleased, "data partition already released");
            checkState(isFinished, "writing of blocking partition not yet finished");

            if (!Files.isReadable(data.getFilePath())) {
                throw new PartitionNotFoundException(parent.getPartitionId());
            }

            int numEvents = numBuffersAndEventsWritten - numDataBuffersWritten;
            ResultSubpartitionView reader =
                    useDirectFileTransfer && numEvents <= MAX_EVENTS_AT_END
                            ? new BoundedBlockingSubpartitionDirectTransferReader(
                                    this,
                                    data.getFilePath(),
                                    numDataBuffersWritten,
                                    numBuffersAndEventsWritten)
                            : new BoundedBlockingSubpartitionReader(
                                    this, data, numDataBuffersWritten, availability);
            readers.add(reader);
            return reader;
        }
    }
}
