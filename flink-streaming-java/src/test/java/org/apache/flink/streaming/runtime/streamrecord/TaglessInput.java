/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.streamrecord;

import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;

import java.io.IOException;

/** Records as a network input of a tagless job (FLIP-330) reads them. */
public final class TaglessInput {

    private TaglessInput() {}

    /** The record a tagless input reads after a record with this value and a timestamp was sent. */
    public static <T> StreamRecord<T> arrivedTagless(T value, TypeSerializer<T> serializer)
            throws IOException {
        TaglessRecordSerializer<T> tagless = new TaglessRecordSerializer<>(serializer);
        DataOutputSerializer out = new DataOutputSerializer(16);
        tagless.serialize(new StreamRecord<>(value, 42L), out);
        return tagless.deserialize(new DataInputDeserializer(out.getCopyOfBuffer())).asRecord();
    }
}
