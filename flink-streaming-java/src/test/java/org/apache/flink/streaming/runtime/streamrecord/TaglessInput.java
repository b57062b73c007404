/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.streamrecord;

import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.runtime.io.network.api.StreamRecordTimestampsEvent;
import org.apache.flink.streaming.runtime.io.TaglessDeserializationDelegate;

import java.io.IOException;

/** Records as a network input of a tagless job (FLIP-330) reads them. */
public final class TaglessInput {

    private TaglessInput() {}

    /**
     * The record a tagless input reads after the given record was sent: the sender announces the
     * kind of its timestamp, the value crosses as its bytes only.
     */
    public static <T> StreamRecord<T> sendTagless(
            StreamRecord<T> sent, TypeSerializer<T> serializer) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(16);
        new TaglessRecordSerializer<>(serializer).serialize(sent, out);
        TaglessDeserializationDelegate input = new TaglessDeserializationDelegate(serializer, 1);
        input.onTimestampsEvent(0, new StreamRecordTimestampsEvent(DroppedTimestamps.kindOf(sent)));
        input.selectChannel(0);
        input.read(new DataInputDeserializer(out.getCopyOfBuffer()));
        return input.getInstance().asRecord();
    }

    /** The record a tagless input reads after a record with this value and a timestamp was sent. */
    public static <T> StreamRecord<T> arrivedTagless(T value, TypeSerializer<T> serializer)
            throws IOException {
        return sendTagless(new StreamRecord<>(value, 42L), serializer);
    }
}
