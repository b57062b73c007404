/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.io;

import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.runtime.checkpoint.channel.InputChannelInfo;
import org.apache.flink.runtime.io.network.api.serialization.RecordDeserializer;
import org.apache.flink.runtime.io.network.api.serialization.SpillingAdaptiveSpanningRecordDeserializer;
import org.apache.flink.runtime.plugable.DeserializationDelegate;
import org.apache.flink.streaming.runtime.io.checkpointing.CheckpointedInputGate;
import org.apache.flink.streaming.runtime.streamrecord.StreamElement;
import org.apache.flink.streaming.runtime.tasks.StreamTask.CanEmitBatchOfRecordsChecker;
import org.apache.flink.streaming.runtime.watermarkstatus.StatusWatermarkValve;

import java.util.Map;

/**
 * Has its record deserializers learn how the records of this input are read when the input is made,
 * not on their first record ({@link SpillingAdaptiveSpanningRecordDeserializer#prepareFor}).
 */
public abstract class AbstractStreamTaskNetworkInput<
        T, R extends RecordDeserializer<DeserializationDelegate<StreamElement>>> {

    /** Upstream's constructor, then the deserializers prepared for the records' delegate. */
    @Overlay.Wrap("1.20.5:f5683c164c76")
    public AbstractStreamTaskNetworkInput(
            CheckpointedInputGate checkpointedInputGate,
            TypeSerializer<T> inputSerializer,
            StatusWatermarkValve statusWatermarkValve,
            int inputIndex,
            Map<InputChannelInfo, R> recordDeserializers,
            CanEmitBatchOfRecordsChecker canEmitBatchOfRecords) {
        prepareRecordDeserializers();
    }

    /**
     * Prepares the record deserializers for the delegate that this input reads its records into.
     * Those of other kinds, such as the ones that sort out a rescaled input's recovered data, learn
     * it on their first record.
     */
    @SuppressWarnings("unchecked")
    private void prepareRecordDeserializers() {
        for (R deserializer : recordDeserializers.values()) {
            if (deserializer instanceof SpillingAdaptiveSpanningRecordDeserializer) {
                ((SpillingAdaptiveSpanningRecordDeserializer<
                                        DeserializationDelegate<StreamElement>>)
                                deserializer)
                        .prepareFor(deserializationDelegate);
            }
        }
    }
}
