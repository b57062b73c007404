/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.tasks;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.execution.Environment;
import org.apache.flink.runtime.io.network.api.writer.RecordWriter;
import org.apache.flink.runtime.plugable.SerializationDelegate;
import org.apache.flink.streaming.api.graph.NonChainedOutput;
import org.apache.flink.streaming.api.graph.StreamConfig;
import org.apache.flink.streaming.runtime.io.RecordWriterOutput;
import org.apache.flink.streaming.runtime.io.TaglessNetwork;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

/** Creates network outputs that send tagless records in jobs that do so (FLIP-330). */
public abstract class OperatorChain<OUT, OP> {

    @Overlay.Wrap("1.20.5:413a52a6df0f")
    private RecordWriterOutput<OUT> createStreamOutput(
            RecordWriter<SerializationDelegate<StreamRecord<OUT>>> recordWriter,
            NonChainedOutput streamOutput,
            StreamConfig upStreamConfig,
            Environment taskEnvironment) {
        RecordWriterOutput<OUT> output =
                createStreamOutput$upstream(
                        recordWriter, streamOutput, upStreamConfig, taskEnvironment);
        Configuration jobConfiguration = taskEnvironment.getJobConfiguration();
        if (TaglessNetwork.isEnabled(jobConfiguration)) {
            output.useTaglessRecords(
                    TaglessNetwork.isUserOperator(jobConfiguration, upStreamConfig.getVertexID())
                            ? upStreamConfig.getOperatorName()
                            : null);
        }
        return output;
    }
}
