/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.benchmarks;

import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.api.java.tuple.Tuple4;
import org.apache.flink.api.java.typeutils.TypeExtractor;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.core.memory.MemorySegment;
import org.apache.flink.core.memory.MemorySegmentFactory;
import org.apache.flink.runtime.io.network.api.serialization.RecordDeserializer;
import org.apache.flink.runtime.io.network.api.serialization.SpillingAdaptiveSpanningRecordDeserializer;
import org.apache.flink.runtime.io.network.buffer.Buffer;
import org.apache.flink.runtime.io.network.buffer.BufferRecycler;
import org.apache.flink.runtime.io.network.buffer.NetworkBuffer;
import org.apache.flink.runtime.plugable.NonReusingDeserializationDelegate;

import java.io.IOException;
import java.util.function.IntSupplier;

/**
 * Reads a network buffer full of serialized records as a task's network input reads them: Flink's
 * record deserializer over an off-heap buffer, each record through its type's serializer. Written
 * against Flink's API only, so that {@code UpstreamRuntime#copyOf} can run the same code against
 * upstream's classes.
 */
public final class NetworkRecordReads implements IntSupplier {

    private final MemorySegment segment;
    private final int size;
    private final int records;
    private final RecordDeserializer<NonReusingDeserializationDelegate<Object>> deserializer;
    private final NonReusingDeserializationDelegate<Object> delegate;

    /**
     * A buffer of {@code bufferBytes} bytes, filled with as many copies of a sample as fit whole,
     * each with its length in front.
     *
     * @param shape {@code boolean}, {@code word} (a word and a count), {@code longs} (four longs),
     *     or any other name for {@code pojo}
     * @param pojo the sample of a shape that is none of those, a POJO
     */
    @SuppressWarnings("unchecked")
    public NetworkRecordReads(String shape, Object pojo, int bufferBytes) throws IOException {
        Object sample = sample(shape, pojo);
        TypeSerializer<Object> serializer =
                (TypeSerializer<Object>)
                        TypeExtractor.getForObject(sample)
                                .createSerializer(new SerializerConfigImpl());
        DataOutputSerializer record = new DataOutputSerializer(256);
        serializer.serialize(sample, record);
        records = bufferBytes / (Integer.BYTES + record.length());
        DataOutputSerializer buffer = new DataOutputSerializer(bufferBytes);
        for (int i = 0; i < records; i++) {
            buffer.writeInt(record.length());
            buffer.write(record.getSharedBuffer(), 0, record.length());
        }
        size = buffer.length();
        segment = MemorySegmentFactory.allocateUnpooledOffHeapMemory(bufferBytes);
        segment.put(0, buffer.getSharedBuffer(), 0, size);
        deserializer =
                new SpillingAdaptiveSpanningRecordDeserializer<>(
                        new String[] {System.getProperty("java.io.tmpdir")});
        delegate = new NonReusingDeserializationDelegate<>(serializer);
    }

    private static Object sample(String shape, Object pojo) {
        switch (shape) {
            case "boolean":
                return Boolean.TRUE;
            case "word":
                return Tuple2.of("stream", 1);
            case "longs":
                return Tuple4.of(1_700_000_000_000L, 42L, -7L, 123_456_789L);
            default:
                return pojo;
        }
    }

    /** How many records the buffer holds. */
    public int records() {
        return records;
    }

    /** Reads all records of the buffer; returns how many. */
    @Override
    public int getAsInt() {
        try {
            deserializer.setNextBuffer(
                    new NetworkBuffer(
                            segment,
                            BufferRecycler.DummyBufferRecycler.INSTANCE,
                            Buffer.DataType.DATA_BUFFER,
                            size));
            int read = 0;
            RecordDeserializer.DeserializationResult result;
            do {
                result = deserializer.getNextRecord(delegate);
                if (result.isFullRecord()) {
                    read++;
                }
            } while (!result.isBufferConsumed());
            return read;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The last record read. */
    public Object lastRecord() {
        return delegate.getInstance();
    }
}
