/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api.serialization;

import org.apache.flink.api.common.typeutils.base.LongSerializer;
import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.core.memory.MemorySegment;
import org.apache.flink.core.memory.MemorySegmentFactory;
import org.apache.flink.runtime.io.network.api.writer.RecordWriter;
import org.apache.flink.runtime.io.network.buffer.Buffer;
import org.apache.flink.runtime.io.network.buffer.BufferBuilder;
import org.apache.flink.runtime.io.network.buffer.BufferConsumer;
import org.apache.flink.runtime.io.network.buffer.FreeingBufferRecycler;
import org.apache.flink.runtime.io.network.partition.NoOpBufferAvailablityListener;
import org.apache.flink.runtime.io.network.partition.PipelinedPartitionExtension;
import org.apache.flink.runtime.io.network.partition.ResultPartition;
import org.apache.flink.runtime.io.network.partition.ResultSubpartitionIndexSet;
import org.apache.flink.runtime.io.network.partition.ResultSubpartitionView;
import org.apache.flink.runtime.plugable.SerializationDelegate;
import org.apache.flink.types.IntValue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.nio.ByteBuffer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Records serialized straight into a network buffer: the bytes the record writer's array holds, in
 * the buffer and committed to its consumer where the record ends with room to spare; nothing
 * committed where it does not.
 */
class InPlaceRecordSerializerTest {

    @RegisterExtension
    private final PipelinedPartitionExtension partition = new PipelinedPartitionExtension(2);

    private final InPlaceRecordSerializer serializer = new InPlaceRecordSerializer();

    @Test
    void writesTheBytesOfTheWritersArray() throws IOException {
        MemorySegment segment = MemorySegmentFactory.allocateUnpooledOffHeapMemory(64);
        SerializationDelegate<Long> record = longRecord(0x0102030405060708L);

        assertThat(serializer.serialize(record, segment, 10, 64)).isEqualTo(12);

        byte[] written = new byte[12];
        segment.get(10, written);
        assertThat(written).isEqualTo(bytesOfTheWritersArray(record));
    }

    @Test
    void recordsThatReachTheLimitAreNotWritten() throws IOException {
        MemorySegment segment = MemorySegmentFactory.allocateUnpooledOffHeapMemory(64);
        SerializationDelegate<Long> record = longRecord(7L);

        assertThat(serializer.serialize(record, segment, 51, 64)).isEqualTo(12);
        assertThat(serializer.serialize(record, segment, 52, 64)).isEqualTo(-1); // fills it
        assertThat(serializer.serialize(record, segment, 53, 64)).isEqualTo(-1); // segment's end
        assertThat(serializer.serialize(record, segment, 20, 31)).isEqualTo(-1); // past the limit
        assertThat(serializer.serialize(record, segment, 62, 64)).isEqualTo(-1); // no room to start
        assertThat(serializer.serialize(record, segment, 0, 64)).isEqualTo(12); // and again
    }

    @Test
    void onlyRecordsOfFixedLengthFields() {
        assertThat(InPlaceRecordSerializer.serializes(longRecord(1L))).isTrue();
        assertThat(
                        InPlaceRecordSerializer.serializes(
                                new SerializationDelegate<>(StringSerializer.INSTANCE)))
                .isFalse();
        assertThat(InPlaceRecordSerializer.serializes(new IntValue(1))).isFalse();
    }

    @Test
    void theBuilderCommitsWhatFits() throws IOException {
        BufferBuilder builder =
                new BufferBuilder(
                        MemorySegmentFactory.allocateUnpooledOffHeapMemory(32),
                        FreeingBufferRecycler.INSTANCE);
        BufferConsumer consumer = builder.createBufferConsumer();
        SerializationDelegate<Long> record = longRecord(3L);

        assertThat(builder.appendAndCommit(record, serializer)).isEqualTo(12);
        assertThat(builder.appendAndCommit(record, serializer)).isEqualTo(12);
        assertThat(builder.appendAndCommit(record, serializer)).isEqualTo(-1); // would fill it
        assertThat(builder.getCommittedBytes()).isEqualTo(24);
        builder.trim(30);
        builder.appendAndCommit(ByteBuffer.wrap(new byte[2]));
        assertThat(builder.getWritableBytes()).isEqualTo(4);
        assertThat(consumer.build().readableBytes()).isEqualTo(26);

        builder.finish();
        assertThatThrownBy(() -> builder.appendAndCommit(record, serializer))
                .isInstanceOf(IllegalStateException.class);
        consumer.close();
        builder.close();
    }

    @Test
    void thePartitionWritesIntoTheCurrentBufferOnly() throws IOException {
        ResultPartition writer = partition.get();
        SerializationDelegate<Long> record = longRecord(5L);

        assertThat(writer.emitRecordInPlace(record, 1)).isFalse(); // no buffer yet
        writer.emitRecord(RecordWriter.serializeRecord(new DataOutputSerializer(16), record), 1);
        record.setInstance(6L);
        assertThat(writer.emitRecordInPlace(record, 1)).isTrue();
        assertThat(writer.emitRecordInPlace(record, 0)).isFalse();
        assertThat(writer.getSizeOfQueuedBuffersUnsafe()).isEqualTo(24);

        writer.flush(1);
        ResultSubpartitionView view =
                writer.createSubpartitionView(
                        new ResultSubpartitionIndexSet(1), new NoOpBufferAvailablityListener());
        Buffer buffer = view.getNextBuffer().buffer();
        ByteBuffer bytes = buffer.getNioBufferReadable();
        assertThat(new long[] {bytes.getInt(), bytes.getLong(), bytes.getInt(), bytes.getLong()})
                .containsExactly(8, 5, 8, 6);
        assertThat(bytes.hasRemaining()).isFalse();
        buffer.recycleBuffer();
        view.releaseAllResources();
    }

    private static SerializationDelegate<Long> longRecord(long value) {
        SerializationDelegate<Long> record = new SerializationDelegate<>(LongSerializer.INSTANCE);
        record.setInstance(value);
        return record;
    }

    private static byte[] bytesOfTheWritersArray(SerializationDelegate<Long> record)
            throws IOException {
        ByteBuffer bytes = RecordWriter.serializeRecord(new DataOutputSerializer(16), record);
        byte[] array = new byte[bytes.remaining()];
        bytes.get(array);
        return array;
    }
}
