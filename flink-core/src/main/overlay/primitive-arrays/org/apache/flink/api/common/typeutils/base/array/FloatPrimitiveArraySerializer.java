/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.api.common.typeutils.base.array;

import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.core.memory.DataOutputView;
import org.apache.flink.core.memory.PrimitiveArrays;

import java.io.IOException;

/**
 * Writes and reads the elements in Flink's own buffers in one pass ({@link PrimitiveArrays}): the
 * same bytes, the same arrays and the same failures.
 */
public final class FloatPrimitiveArraySerializer {

    @Overlay.Wrap("1.20.5:a7b7e0d8a9fb")
    @Override
    public void serialize(float[] record, DataOutputView target) throws IOException {
        DataOutputSerializer buffer = PrimitiveArrays.bufferOf(target);
        if (record == null || buffer == null) {
            serialize$upstream(record, target);
            return;
        }
        buffer.writeInt(record.length);
        PrimitiveArrays.writeFloats(record, buffer);
    }

    @Overlay.Wrap("1.20.5:d0c6f394c346")
    @Override
    public float[] deserialize(DataInputView source) throws IOException {
        DataInputDeserializer buffer = PrimitiveArrays.bufferOf(source);
        if (buffer == null) {
            return deserialize$upstream(source);
        }
        float[] result = new float[buffer.readInt()];
        PrimitiveArrays.readFloats(buffer, result);
        return result;
    }
}
