/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api.serialization;

import org.apache.flink.api.common.ExecutionConfig;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.base.ListSerializer;
import org.apache.flink.api.common.typeutils.base.LongSerializer;
import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.apache.flink.core.io.IOReadableWritable;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.core.memory.DataOutputView;
import org.apache.flink.core.memory.MemorySegment;
import org.apache.flink.core.memory.MemorySegmentFactory;
import org.apache.flink.runtime.io.network.buffer.Buffer;
import org.apache.flink.runtime.io.network.buffer.FreeingBufferRecycler;
import org.apache.flink.runtime.io.network.buffer.NetworkBuffer;
import org.apache.flink.runtime.plugable.NonReusingDeserializationDelegate;
import org.apache.flink.runtime.plugable.ReusingDeserializationDelegate;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which records the record deserializer reads in place whatever their length: those of serializers
 * built of fixed-length serializers only; every other record of 16 bytes or more is read through a
 * view of its bytes on the heap.
 */
class FixedLengthRecordsTest {

    @Test
    void serializersBuiltOfFixedLengthOnes() {
        assertThat(builtOfFixedLength(Types.LONG)).isTrue();
        assertThat(builtOfFixedLength(Types.TUPLE(Types.LONG, Types.LONG, Types.INT))).isTrue();
        assertThat(builtOfFixedLength(Types.ROW(Types.LONG, Types.DOUBLE))).isTrue();
        assertThat(
                        FixedLengthRecords.builtOfFixedLength(
                                new ListSerializer<>(LongSerializer.INSTANCE)))
                .isTrue();
    }

    @Test
    void serializersThatMayReadInBulk() {
        assertThat(builtOfFixedLength(Types.STRING)).isFalse();
        assertThat(builtOfFixedLength(Types.TUPLE(Types.STRING, Types.INT))).isFalse();
        assertThat(builtOfFixedLength(Types.ROW(Types.LONG, Types.STRING))).isFalse();
        assertThat(builtOfFixedLength(Types.PRIMITIVE_ARRAY(Types.BYTE))).isFalse();
        assertThat(builtOfFixedLength(Types.POJO(Point.class))).isFalse();
        assertThat(builtOfFixedLength(Types.GENERIC(Point.class))).isFalse();
        assertThat(FixedLengthRecords.builtOfFixedLength(new ViewRecorder(-1))).isFalse();
    }

    @Test
    void theDelegatesSerializerDecides() {
        assertThat(
                        FixedLengthRecords.readInto(
                                new NonReusingDeserializationDelegate<>(LongSerializer.INSTANCE)))
                .isTrue();
        assertThat(
                        FixedLengthRecords.readInto(
                                new ReusingDeserializationDelegate<>(LongSerializer.INSTANCE)))
                .isTrue();
        assertThat(
                        FixedLengthRecords.readInto(
                                new NonReusingDeserializationDelegate<>(StringSerializer.INSTANCE)))
                .isFalse();
        assertThat(FixedLengthRecords.readInto(new OtherRecord())).isFalse();
    }

    @Test
    void longRecordsOfFixedLengthAreReadInPlaceOthersThroughTheView() throws IOException {
        assertThat(viewsRead(new ViewRecorder(24)))
                .containsOnly(NonSpanningWrapper.class.getName());
        assertThat(viewsRead(new ViewRecorder(-1)))
                .containsOnly("org.apache.flink.core.memory.DataInputDeserializer");
    }

    /** The classes of the views that three 24-byte records of an off-heap buffer were read from. */
    private static List<String> viewsRead(ViewRecorder serializer) throws IOException {
        DataOutputSerializer stream = new DataOutputSerializer(128);
        for (int i = 0; i < 3; i++) {
            stream.writeInt(24);
            stream.write(new byte[24]);
        }
        byte[] bytes = stream.getCopyOfBuffer();
        MemorySegment segment = MemorySegmentFactory.allocateUnpooledOffHeapMemory(bytes.length);
        segment.put(0, bytes);
        SpillingAdaptiveSpanningRecordDeserializer<NonReusingDeserializationDelegate<long[]>>
                deserializer =
                        new SpillingAdaptiveSpanningRecordDeserializer<>(
                                new String[] {System.getProperty("java.io.tmpdir")});
        deserializer.setNextBuffer(
                new NetworkBuffer(
                        segment,
                        FreeingBufferRecycler.INSTANCE,
                        Buffer.DataType.DATA_BUFFER,
                        bytes.length));
        NonReusingDeserializationDelegate<long[]> delegate =
                new NonReusingDeserializationDelegate<>(serializer);
        while (!deserializer.getNextRecord(delegate).isBufferConsumed()) {}
        return serializer.views;
    }

    private static boolean builtOfFixedLength(TypeInformation<?> type) {
        return FixedLengthRecords.builtOfFixedLength(
                type.createSerializer(new ExecutionConfig().getSerializerConfig()));
    }

    /** A target of the deserializer that is no deserialization delegate. */
    private static final class OtherRecord implements IOReadableWritable {
        @Override
        public void write(DataOutputView out) {}

        @Override
        public void read(DataInputView in) {}
    }

    /** A POJO. */
    public static final class Point {
        public long x;
        public long y;
    }

    /**
     * Reads records of three longs and notes the class of the view it reads each from; of fixed
     * length or not, and without a snapshot.
     */
    private static final class ViewRecorder extends TypeSerializer<long[]> {
        private final int length;
        private final List<String> views = new ArrayList<>();

        ViewRecorder(int length) {
            this.length = length;
        }

        @Override
        public long[] deserialize(DataInputView source) throws IOException {
            views.add(source.getClass().getName());
            return new long[] {source.readLong(), source.readLong(), source.readLong()};
        }

        @Override
        public long[] deserialize(long[] reuse, DataInputView source) throws IOException {
            return deserialize(source);
        }

        @Override
        public int getLength() {
            return length;
        }

        @Override
        public boolean isImmutableType() {
            return false;
        }

        @Override
        public TypeSerializer<long[]> duplicate() {
            return this;
        }

        @Override
        public long[] createInstance() {
            return new long[3];
        }

        @Override
        public long[] copy(long[] from) {
            return from.clone();
        }

        @Override
        public long[] copy(long[] from, long[] reuse) {
            return from.clone();
        }

        @Override
        public void serialize(long[] record, DataOutputView target) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void copy(DataInputView source, DataOutputView target) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean equals(Object obj) {
            return obj == this;
        }

        @Override
        public int hashCode() {
            return length;
        }

        @Override
        public TypeSerializerSnapshot<long[]> snapshotConfiguration() {
            throw new UnsupportedOperationException("no snapshot");
        }
    }
}
