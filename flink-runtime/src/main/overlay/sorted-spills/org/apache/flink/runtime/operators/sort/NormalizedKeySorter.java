/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.operators.sort;

import org.apache.flink.runtime.io.disk.iomanager.ChannelWriterOutputView;
import org.apache.flink.util.MutableObjectIterator;

import java.io.IOException;

/**
 * Reads and spills the sorted records with each group of them loaded ahead ({@link
 * SortedRecordPointers}).
 */
public final class NormalizedKeySorter<T> {

    @Override
    @Overlay.Replace("1.20.5:7fc640a8d001")
    public final MutableObjectIterator<T> getIterator() {
        SortedRecordPointers pointers = sortedRecordPointers();
        return new MutableObjectIterator<T>() {
            @Override
            public T next(T reuse) {
                if (!pointers.hasNext()) {
                    return null;
                }
                try {
                    return getRecordFromBuffer(reuse, pointers.next() & POINTER_MASK);
                } catch (IOException e) {
                    throw new RuntimeException(e);
                }
            }

            @Override
            public T next() {
                if (!pointers.hasNext()) {
                    return null;
                }
                try {
                    return getRecordFromBuffer(pointers.next());
                } catch (IOException e) {
                    throw new RuntimeException(e);
                }
            }
        };
    }

    @Override
    @Overlay.Replace("1.20.5:66652b0aa73f")
    public void writeToOutput(
            ChannelWriterOutputView output, LargeRecordHandler<T> largeRecordsOutput)
            throws IOException {
        if (LOG.isDebugEnabled()) {
            LOG.debug(
                    "Spilling the sort buffer, large records {}.",
                    largeRecordsOutput == null ? "with the others" : "apart");
        }
        SortedRecordPointers pointers = sortedRecordPointers();
        while (pointers.hasNext()) {
            long pointer = pointers.next();
            if (pointer >= 0 || largeRecordsOutput == null) {
                recordBuffer.setReadPosition(pointer);
                serializer.copy(recordBuffer, output);
            } else {
                LOG.debug("Spilling a large record to the file of large records.");
                recordBuffer.setReadPosition(pointer & POINTER_MASK);
                largeRecordsOutput.addRecord(serializer.deserialize(recordBuffer));
            }
        }
    }

    private SortedRecordPointers sortedRecordPointers() {
        return new SortedRecordPointers(
                sortIndex,
                indexEntrySize,
                indexEntriesPerSegment,
                numRecords,
                recordBufferSegments,
                segmentSize);
    }
}
