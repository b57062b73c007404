/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.io;

import org.apache.flink.api.common.TaskInfo;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.runtime.checkpoint.InflightDataRescalingDescriptor;
import org.apache.flink.runtime.io.disk.iomanager.IOManager;
import org.apache.flink.streaming.runtime.io.checkpointing.CheckpointedInputGate;
import org.apache.flink.streaming.runtime.partitioner.StreamPartitioner;
import org.apache.flink.streaming.runtime.tasks.StreamTask.CanEmitBatchOfRecordsChecker;
import org.apache.flink.streaming.runtime.watermarkstatus.StatusWatermarkValve;

import java.util.function.Function;

/** Creates inputs that read tagless records in the tasks of jobs that send them (FLIP-330). */
public class StreamTaskNetworkInputFactory {

    @Overlay.Wrap("1.20.5:3fc720d10d5a")
    public static <T> StreamTaskInput<T> create(
            CheckpointedInputGate gate,
            TypeSerializer<T> serializer,
            IOManager io,
            StatusWatermarkValve valve,
            int index,
            InflightDataRescalingDescriptor rescaling,
            Function<Integer, StreamPartitioner<?>> partitioners,
            TaskInfo task,
            CanEmitBatchOfRecordsChecker batchEmission) {
        StreamTaskInput<T> input =
                create$upstream(
                        gate,
                        serializer,
                        io,
                        valve,
                        index,
                        rescaling,
                        partitioners,
                        task,
                        batchEmission);
        if (TaglessNetwork.inTaglessTask()) {
            ((AbstractStreamTaskNetworkInput<?, ?>) input).useTaglessRecords();
        }
        return input;
    }
}
