/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api.serialization;

import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.base.BooleanSerializer;
import org.apache.flink.api.common.typeutils.base.LongSerializer;
import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.apache.flink.api.common.typeutils.base.array.BytePrimitiveArraySerializer;
import org.apache.flink.core.memory.MemorySegment;
import org.apache.flink.core.memory.MemorySegmentFactory;
import org.apache.flink.runtime.io.network.buffer.Buffer;
import org.apache.flink.runtime.io.network.buffer.FreeingBufferRecycler;
import org.apache.flink.runtime.io.network.buffer.NetworkBuffer;
import org.apache.flink.runtime.plugable.NonReusingDeserializationDelegate;
import org.apache.flink.util.CloseableIterator;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads a stream of serialized records, cut into network buffers, with Flink's record deserializer,
 * and describes what each call returns. Uses only Flink's API and the JDK, so that {@link
 * UpstreamRuntime#copyOf} can run the same code on upstream's classes.
 */
public final class RecordStreamReads {

    private RecordStreamReads() {}

    /**
     * Reads the stream.
     *
     * @param type the records' type: {@code string}, {@code long}, {@code boolean} or {@code bytes}
     * @param stream the records, each with its length in front as 4 bytes
     * @param cuts the sizes of the buffers the stream is cut into, in turn, while it lasts
     * @param offHeap whether the buffers are off-heap memory, as the network's are
     * @param unconsumedEvery after every this many records read, the bytes the deserializer holds
     *     unread are described too
     * @return a line a call: the result and the record, or the bytes held unread
     */
    public static List<String> read(
            String type, byte[] stream, int[] cuts, boolean offHeap, int unconsumedEvery)
            throws IOException {
        NonReusingDeserializationDelegate<Object> delegate =
                new NonReusingDeserializationDelegate<>(serializer(type));
        SpillingAdaptiveSpanningRecordDeserializer<NonReusingDeserializationDelegate<Object>>
                deserializer =
                        new SpillingAdaptiveSpanningRecordDeserializer<>(
                                new String[] {System.getProperty("java.io.tmpdir")});
        List<String> lines = new ArrayList<>();
        int records = 0;
        for (int start = 0, cut = 0; start < stream.length; cut++) {
            int size = Math.min(cuts[cut % cuts.length], stream.length - start);
            deserializer.setNextBuffer(buffer(stream, start, size, offHeap));
            start += size;
            RecordDeserializer.DeserializationResult result;
            do {
                result = deserializer.getNextRecord(delegate);
                lines.add(result + (result.isFullRecord() ? " " + describe(delegate) : ""));
                if (result.isFullRecord() && ++records % unconsumedEvery == 0) {
                    lines.add("unread " + unconsumed(deserializer));
                }
            } while (!result.isBufferConsumed());
        }
        deserializer.clear();
        return lines;
    }

    @SuppressWarnings("unchecked")
    private static TypeSerializer<Object> serializer(String type) {
        return (TypeSerializer<Object>) serializerOf(type);
    }

    private static TypeSerializer<?> serializerOf(String type) {
        switch (type) {
            case "string":
                return StringSerializer.INSTANCE;
            case "long":
                return LongSerializer.INSTANCE;
            case "boolean":
                return BooleanSerializer.INSTANCE;
            case "bytes":
                return BytePrimitiveArraySerializer.INSTANCE;
            default:
                throw new IllegalArgumentException(type);
        }
    }

    /** A buffer that frees its memory when recycled, so that a read after it fails. */
    private static Buffer buffer(byte[] stream, int start, int size, boolean offHeap) {
        MemorySegment segment =
                offHeap
                        ? MemorySegmentFactory.allocateUnpooledOffHeapMemory(size)
                        : MemorySegmentFactory.allocateUnpooledSegment(size);
        segment.put(0, stream, start, size);
        return new NetworkBuffer(
                segment, FreeingBufferRecycler.INSTANCE, Buffer.DataType.DATA_BUFFER, size);
    }

    private static String describe(NonReusingDeserializationDelegate<Object> delegate) {
        Object record = delegate.getInstance();
        return record instanceof byte[] ? Arrays.toString((byte[]) record) : String.valueOf(record);
    }

    private static String unconsumed(RecordDeserializer<?> deserializer) throws IOException {
        StringBuilder bytes = new StringBuilder();
        try (CloseableIterator<Buffer> buffers = deserializer.getUnconsumedBuffer()) {
            while (buffers.hasNext()) {
                Buffer buffer = buffers.next();
                byte[] copy = new byte[buffer.readableBytes()];
                buffer.getNioBufferReadable().get(copy);
                bytes.append(Arrays.toString(copy));
            }
        } catch (Exception e) {
            throw new IOException(e);
        }
        return bytes.toString();
    }
}
