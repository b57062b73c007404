/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.io;

import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.runtime.io.network.api.writer.RecordWriter;
import org.apache.flink.runtime.plugable.SerializationDelegate;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.util.OutputTag;

/**
 * Has its record writer decide how this output's records are written when the output is made, not
 * on its first record ({@link RecordWriter#prepareFor}).
 */
public class RecordWriterOutput<OUT> {

    /** Upstream's constructor, then the writer prepared for the records' delegate. */
    @Overlay.Wrap("1.20.5:08df50f99a6b")
    public RecordWriterOutput(
            RecordWriter<SerializationDelegate<StreamRecord<OUT>>> recordWriter,
            TypeSerializer<OUT> outSerializer,
            OutputTag outputTag,
            boolean supportsUnalignedCheckpoints) {
        prepareRecordWriter();
    }

    /** Prepares the record writer for the delegate that this output writes its records with. */
    private void prepareRecordWriter() {
        if (serializationDelegate != null) {
            this.recordWriter.prepareFor(serializationDelegate);
        }
    }
}
