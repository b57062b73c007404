/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.io;

import org.apache.flink.runtime.io.network.api.serialization.RecordDeserializer;
import org.apache.flink.runtime.io.network.buffer.Buffer;
import org.apache.flink.runtime.plugable.DeserializationDelegate;
import org.apache.flink.streaming.runtime.streamrecord.StreamElement;
import org.apache.flink.util.CloseableIterator;

/**
 * Hands a network input's read loop one control element that arrived as an event (FLIP-330), as if
 * it were the last record of a buffer: the input reads it next, before anything that followed the
 * event, and its operators get it as the stream element it stands for. The read loop stays
 * upstream's, with no step added for the records around it.
 */
final class ControlElementDeserializer
        implements RecordDeserializer<DeserializationDelegate<StreamElement>> {

    private final StreamElement element;

    ControlElementDeserializer(StreamElement element) {
        this.element = element;
    }

    @Override
    public DeserializationResult getNextRecord(DeserializationDelegate<StreamElement> target) {
        target.setInstance(element);
        return DeserializationResult.LAST_RECORD_FROM_BUFFER;
    }

    @Override
    public void setNextBuffer(Buffer buffer) {
        throw new IllegalStateException("A control element is read alone, without buffers");
    }

    @Override
    public void clear() {}

    @Override
    public CloseableIterator<Buffer> getUnconsumedBuffer() {
        return CloseableIterator.empty();
    }
}
