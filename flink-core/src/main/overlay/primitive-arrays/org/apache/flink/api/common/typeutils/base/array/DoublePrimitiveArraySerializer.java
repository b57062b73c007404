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
public final class DoublePrimitiveArraySerializer {

    @Overlay.Wrap("1.20.5:83ecf83dea31")
    @Override
    public void serialize(double[] record, DataOutputView target) throws IOException {
        DataOutputSerializer buffer = PrimitiveArrays.bufferOf(target);
        if (record == null || buffer == null) {
            serialize$upstream(record, target);
            return;
        }
        buffer.writeInt(record.length);
        PrimitiveArrays.writeDoubles(record, buffer);
    }

    @Overlay.Wrap("1.20.5:341f4af93f36")
    @Override
    public double[] deserialize(DataInputView source) throws IOException {
        DataInputDeserializer buffer = PrimitiveArrays.bufferOf(source);
        if (buffer == null) {
            return deserialize$upstream(source);
        }
        double[] result = new double[buffer.readInt()];
        PrimitiveArrays.readDoubles(buffer, result);
        return result;
    }
}
