/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api.writer;

import org.apache.flink.core.io.IOReadableWritable;
import org.apache.flink.runtime.io.network.api.serialization.InPlaceRecordSerializer;

import javax.annotation.Nullable;

import java.io.IOException;

/**
 * Serializes records of fixed-length fields straight into the network buffer where they fit ({@link
 * InPlaceRecordSerializer}); other records as upstream does, into the writer's array first.
 */
public abstract class RecordWriter<T extends IOReadableWritable> {

    /** The record, a reused serialization delegate, that {@link #inPlaceRecords} was found for. */
    @Nullable private IOReadableWritable inPlaceChecked;

    /** Whether the records of {@link #inPlaceChecked} are serialized straight into the buffer. */
    private boolean inPlaceRecords;

    @Overlay.Replace("1.20.5:5eb653141989")
    public void emit(T record, int targetSubpartition) throws IOException {
        checkErroneous();
        if (record != inPlaceChecked) {
            prepareFor(record);
        }
        if (!inPlaceRecords || !targetPartition.emitRecordInPlace(record, targetSubpartition)) {
            targetPartition.emitRecord(serializeRecord(serializer, record), targetSubpartition);
        }
        if (flushAlways) {
            targetPartition.flush(targetSubpartition);
        }
    }

    /**
     * Decides how the records of {@code record}, a serialization delegate that the caller reuses
     * for every record it emits, are written, before the first of them: where the task's output is
     * set up rather than in {@code emit}, whose compiled code would otherwise hold a branch that
     * only a new writer's first record takes. {@code emit} still takes any other record.
     *
     * @param record the reused record that {@code emit} will be called with
     */
    public void prepareFor(T record) {
        inPlaceChecked = record;
        inPlaceRecords =
                targetPartition.writesRecordsInPlace()
                        && InPlaceRecordSerializer.serializes(record);
    }
}
