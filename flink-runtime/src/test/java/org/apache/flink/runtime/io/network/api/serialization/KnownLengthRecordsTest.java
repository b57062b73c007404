/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api.serialization;

import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.base.BooleanSerializer;
import org.apache.flink.api.common.typeutils.base.IntSerializer;
import org.apache.flink.api.common.typeutils.base.LongSerializer;
import org.apache.flink.api.common.typeutils.base.NullValueSerializer;
import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.apache.flink.api.java.tuple.Tuple3;
import org.apache.flink.api.java.typeutils.runtime.TupleSerializer;
import org.apache.flink.core.io.IOReadableWritable;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.core.memory.DataOutputView;
import org.apache.flink.core.memory.MemorySegment;
import org.apache.flink.core.memory.MemorySegmentFactory;
import org.apache.flink.runtime.io.network.api.serialization.RecordDeserializer.DeserializationResult;
import org.apache.flink.runtime.io.network.api.writer.RecordWriter;
import org.apache.flink.runtime.io.network.api.writer.RecordWriterBuilder;
import org.apache.flink.runtime.io.network.buffer.Buffer;
import org.apache.flink.runtime.io.network.buffer.FreeingBufferRecycler;
import org.apache.flink.runtime.io.network.buffer.NetworkBuffer;
import org.apache.flink.runtime.io.network.partition.NoOpBufferAvailablityListener;
import org.apache.flink.runtime.io.network.partition.PipelinedPartitionExtension;
import org.apache.flink.runtime.io.network.partition.ResultPartition;
import org.apache.flink.runtime.io.network.partition.ResultSubpartition.BufferAndBacklog;
import org.apache.flink.runtime.io.network.partition.ResultSubpartitionIndexSet;
import org.apache.flink.runtime.io.network.partition.ResultSubpartitionView;
import org.apache.flink.runtime.plugable.NonReusingDeserializationDelegate;
import org.apache.flink.runtime.plugable.SerializationDelegate;
import org.apache.flink.runtime.throwable.ThrowableClassifier;
import org.apache.flink.runtime.throwable.ThrowableType;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Records of {@link KnownLengthRecords} delegates cross the network as their bytes alone: the
 * record writer writes them so, in place and through its array, and a record deserializer that
 * reads records of a known length ({@link
 * SpillingAdaptiveSpanningRecordDeserializer#readingKnownLength}) reads them back from buffers cut
 * anywhere.
 */
class KnownLengthRecordsTest {

    /** 13 bytes a record: records span the partition's buffers of 4096 bytes and any cut below. */
    private static final TupleSerializer<Tuple3<Long, Boolean, Integer>> TUPLES =
            new TupleSerializer<>(
                    tupleClass(),
                    new TypeSerializer<?>[] {
                        LongSerializer.INSTANCE, BooleanSerializer.INSTANCE, IntSerializer.INSTANCE
                    });

    @RegisterExtension
    private final PipelinedPartitionExtension partition = new PipelinedPartitionExtension(1);

    /** Reads records of {@code Long}s, 8 bytes each. */
    private final NonReusingDeserializationDelegate<Long> target =
            new NonReusingDeserializationDelegate<>(LongSerializer.INSTANCE);

    @Test
    void lengthIsKnownForDelegatesOfFixedLengthSerializersOnly() {
        assertThat(KnownLengthRecords.lengthOf(knownLength(TUPLES))).isEqualTo(13);
        assertThat(KnownLengthRecords.lengthOf(knownLength(BooleanSerializer.INSTANCE)))
                .isEqualTo(1);
        assertThat(KnownLengthRecords.lengthOf(knownLength(StringSerializer.INSTANCE)))
                .isEqualTo(KnownLengthRecords.NOT_KNOWN);
        assertThat(KnownLengthRecords.lengthOf(knownLength(NullValueSerializer.INSTANCE)))
                .isEqualTo(KnownLengthRecords.NOT_KNOWN);
        assertThat(KnownLengthRecords.lengthOf(new SerializationDelegate<>(TUPLES)))
                .isEqualTo(KnownLengthRecords.NOT_KNOWN);
    }

    @Test
    void recordsTravelAsTheirBytesAloneAndAreReadBackFromBuffersCutAnywhere() throws Exception {
        List<Tuple3<Long, Boolean, Integer>> records = randomTuples(2_000);
        RecordWriter<SerializationDelegate<Tuple3<Long, Boolean, Integer>>> writer =
                new RecordWriterBuilder<SerializationDelegate<Tuple3<Long, Boolean, Integer>>>()
                        .build(partition.get());
        SerializationDelegate<Tuple3<Long, Boolean, Integer>> delegate = knownLength(TUPLES);
        Random flushes = new Random(7);
        for (Tuple3<Long, Boolean, Integer> record : records) {
            delegate.setInstance(record);
            writer.emit(delegate);
            if (flushes.nextInt(100) == 0) {
                writer.flushAll();
            }
        }
        writer.flushAll();

        byte[] sent = subpartitionBytes(partition.get());

        DataOutputSerializer expected = new DataOutputSerializer(13 * records.size());
        for (Tuple3<Long, Boolean, Integer> record : records) {
            TUPLES.serialize(record, expected);
        }
        assertThat(sent).isEqualTo(expected.getCopyOfBuffer());
        for (int cut : new int[] {1, 2, 5, 12, 13, 14, 100, 4096}) {
            assertThat(read(sent, cut, TUPLES)).as("buffers of %s bytes", cut).isEqualTo(records);
        }
    }

    @Test
    void oneByteRecordsFillBuffersToTheirEnd() throws Exception {
        byte[] stream = new byte[10];
        List<Boolean> expected = new ArrayList<>();
        for (int i = 0; i < stream.length; i++) {
            stream[i] = (byte) (i % 3 == 0 ? 1 : 0);
            expected.add(i % 3 == 0);
        }
        for (int cut : new int[] {1, 3, 10}) {
            assertThat(read(stream, cut, BooleanSerializer.INSTANCE)).isEqualTo(expected);
        }
    }

    @Test
    void theDeserializerSaysWhereEachBufferEnds() throws Exception {
        SpillingAdaptiveSpanningRecordDeserializer<NonReusingDeserializationDelegate<Long>>
                deserializer = deserializer(8);
        byte[] stream = new byte[20];
        stream[7] = 1;
        stream[15] = 2;
        stream[19] = 3;

        deserializer.setNextBuffer(buffer(stream, 0, 10));
        assertThat(deserializer.getNextRecord(target))
                .isEqualTo(DeserializationResult.INTERMEDIATE_RECORD_FROM_BUFFER);
        assertThat(target.getInstance()).isEqualTo(1L);
        assertThat(deserializer.getNextRecord(target))
                .isEqualTo(DeserializationResult.PARTIAL_RECORD);
        deserializer.setNextBuffer(buffer(stream, 10, 10));
        assertThat(deserializer.getNextRecord(target))
                .isEqualTo(DeserializationResult.INTERMEDIATE_RECORD_FROM_BUFFER);
        assertThat(target.getInstance()).isEqualTo(2L);
        assertThat(deserializer.getNextRecord(target))
                .isEqualTo(DeserializationResult.PARTIAL_RECORD);
        deserializer.clear();
    }

    @ParameterizedTest(name = "written in place: {0}")
    @ValueSource(booleans = {false, true})
    void aSerializerWritingAnotherLengthThanItDeclaresFailsWithoutRestarts(boolean inPlace)
            throws Exception {
        RecordWriter<SerializationDelegate<Long>> writer =
                new RecordWriterBuilder<SerializationDelegate<Long>>().build(partition.get());
        if (inPlace) {
            // opens the subpartition's buffer, so that the next record is written into it in place
            SerializationDelegate<Long> first = knownLength(LongSerializer.INSTANCE);
            first.setInstance(1L);
            writer.emit(first);
        }
        SerializationDelegate<Long> lying = knownLength(new MisdeclaredLong(4, Long.BYTES));
        lying.setInstance(2L);

        assertThatThrownBy(() -> writer.emit(lying))
                .isInstanceOf(RecordLengthMismatchException.class)
                .hasMessageContaining("declares a fixed length of 4 bytes")
                .hasMessageContaining("wrote a record of 8 bytes")
                .hasMessageContaining("pipeline.force-timestamp-support")
                .satisfies(
                        e ->
                                assertThat(ThrowableClassifier.getThrowableType(e))
                                        .isEqualTo(ThrowableType.NonRecoverableError));
    }

    @ParameterizedTest(name = "reading {0} bytes of 8")
    @ValueSource(ints = {Integer.BYTES, Long.BYTES + Integer.BYTES})
    void aSerializerReadingAnotherLengthThanItDeclaresFailsWithoutRestarts(int bytesRead)
            throws Exception {
        SpillingAdaptiveSpanningRecordDeserializer<KnownLengthTarget<Long>> deserializer =
                deserializer(Long.BYTES);
        deserializer.setNextBuffer(buffer(new byte[3 * Long.BYTES], 0, 3 * Long.BYTES));
        KnownLengthTarget<Long> misreading =
                new KnownLengthTarget<>(new MisdeclaredLong(Long.BYTES, bytesRead));

        assertThatThrownBy(() -> deserializer.getNextRecord(misreading))
                .isInstanceOf(RecordLengthMismatchException.class)
                .hasMessageContaining("MisdeclaredLong")
                .hasMessageContaining("declares a fixed length of 8 bytes")
                .hasMessageContaining("read a record of " + bytesRead + " bytes")
                .hasMessageContaining("pipeline.force-timestamp-support")
                .satisfies(
                        e ->
                                assertThat(ThrowableClassifier.getThrowableType(e))
                                        .isEqualTo(ThrowableType.NonRecoverableError));
        deserializer.clear();
    }

    @Test
    void recordsWithoutLengthAreNotKeptAsInFlightData() throws Exception {
        SpillingAdaptiveSpanningRecordDeserializer<NonReusingDeserializationDelegate<Long>>
                deserializer = deserializer(8);
        deserializer.setNextBuffer(buffer(new byte[12], 0, 12));
        deserializer.getNextRecord(target);

        assertThatThrownBy(deserializer::getUnconsumedBuffer)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("in-flight data");
        deserializer.clear();
    }

    @Test
    void onlyADeserializerThatHasReadNothingHandsOverItsPlace() throws Exception {
        SpillingAdaptiveSpanningRecordDeserializer<NonReusingDeserializationDelegate<Long>>
                deserializer =
                        new SpillingAdaptiveSpanningRecordDeserializer<>(
                                new String[] {System.getProperty("java.io.tmpdir")});
        deserializer.setNextBuffer(buffer(new byte[12], 0, 12));

        assertThatThrownBy(() -> deserializer.readingKnownLength(8))
                .isInstanceOf(IllegalStateException.class);
        deserializer.clear();
    }

    /** A delegate of records that are the serializer's values' bytes and nothing else. */
    private static <T> SerializationDelegate<T> knownLength(TypeSerializer<T> serializer) {
        return new KnownLengthSerializationDelegate<>(serializer, serializer);
    }

    private static <T> List<T> read(byte[] stream, int cut, TypeSerializer<T> serializer)
            throws IOException {
        SpillingAdaptiveSpanningRecordDeserializer<NonReusingDeserializationDelegate<T>>
                deserializer = deserializer(serializer.getLength());
        NonReusingDeserializationDelegate<T> target =
                new NonReusingDeserializationDelegate<>(serializer);
        List<T> records = new ArrayList<>();
        for (int start = 0; start < stream.length; start += cut) {
            deserializer.setNextBuffer(buffer(stream, start, Math.min(cut, stream.length - start)));
            DeserializationResult result;
            do {
                result = deserializer.getNextRecord(target);
                if (result.isFullRecord()) {
                    records.add(target.getInstance());
                }
            } while (!result.isBufferConsumed());
        }
        deserializer.clear();
        return records;
    }

    /** A deserializer of records of {@code recordLength} bytes without their length. */
    private static <T extends IOReadableWritable>
            SpillingAdaptiveSpanningRecordDeserializer<T> deserializer(int recordLength) {
        return new SpillingAdaptiveSpanningRecordDeserializer<T>(
                        new String[] {System.getProperty("java.io.tmpdir")})
                .readingKnownLength(recordLength);
    }

    private static Buffer buffer(byte[] stream, int start, int size) {
        MemorySegment segment = MemorySegmentFactory.allocateUnpooledOffHeapMemory(size);
        segment.put(0, stream, start, size);
        return new NetworkBuffer(
                segment, FreeingBufferRecycler.INSTANCE, Buffer.DataType.DATA_BUFFER, size);
    }

    private static byte[] subpartitionBytes(ResultPartition partition) throws IOException {
        ResultSubpartitionView view =
                partition.createSubpartitionView(
                        new ResultSubpartitionIndexSet(0), new NoOpBufferAvailablityListener());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        BufferAndBacklog next;
        while ((next = view.getNextBuffer()) != null) {
            ByteBuffer readable = next.buffer().getNioBufferReadable();
            byte[] copy = new byte[readable.remaining()];
            readable.get(copy);
            bytes.write(copy);
            next.buffer().recycleBuffer();
        }
        view.releaseAllResources();
        return bytes.toByteArray();
    }

    private static List<Tuple3<Long, Boolean, Integer>> randomTuples(int count) {
        Random random = new Random(42);
        List<Tuple3<Long, Boolean, Integer>> tuples = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            tuples.add(Tuple3.of(random.nextLong(), random.nextBoolean(), random.nextInt()));
        }
        return tuples;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Class<Tuple3<Long, Boolean, Integer>> tupleClass() {
        return (Class) Tuple3.class;
    }

    /**
     * Writes a long's 8 bytes and declares records of {@code declaredLength}; reads {@code
     * bytesRead} bytes of them: 8 as a long, 4 as an int, 12 as a long and an int.
     */
    private static final class MisdeclaredLong extends TypeSerializer<Long> {

        private static final long serialVersionUID = 1L;

        private final int declaredLength;
        private final int bytesRead;

        MisdeclaredLong(int declaredLength, int bytesRead) {
            this.declaredLength = declaredLength;
            this.bytesRead = bytesRead;
        }

        @Override
        public boolean isImmutableType() {
            return true;
        }

        @Override
        public TypeSerializer<Long> duplicate() {
            return this;
        }

        @Override
        public Long createInstance() {
            return 0L;
        }

        @Override
        public Long copy(Long from) {
            return from;
        }

        @Override
        public Long copy(Long from, Long reuse) {
            return from;
        }

        @Override
        public int getLength() {
            return declaredLength;
        }

        @Override
        public void serialize(Long record, DataOutputView target) throws IOException {
            target.writeLong(record);
        }

        @Override
        public Long deserialize(DataInputView source) throws IOException {
            switch (bytesRead) {
                case Integer.BYTES:
                    return (long) source.readInt();
                case Long.BYTES:
                    return source.readLong();
                default:
                    return source.readLong() + source.readInt();
            }
        }

        @Override
        public Long deserialize(Long reuse, DataInputView source) throws IOException {
            return deserialize(source);
        }

        @Override
        public void copy(DataInputView source, DataOutputView target) throws IOException {
            serialize(deserialize(source), target);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof MisdeclaredLong
                    && ((MisdeclaredLong) other).declaredLength == declaredLength
                    && ((MisdeclaredLong) other).bytesRead == bytesRead;
        }

        @Override
        public int hashCode() {
            return 31 * declaredLength + bytesRead;
        }

        @Override
        public TypeSerializerSnapshot<Long> snapshotConfiguration() {
            throw new UnsupportedOperationException("Not written to state in these tests");
        }
    }

    /** Reads records of a known length, whose serializer it names. */
    private static final class KnownLengthTarget<T> extends NonReusingDeserializationDelegate<T>
            implements KnownLengthRecords {

        KnownLengthTarget(TypeSerializer<T> serializer) {
            super(serializer);
        }

        @Override
        public TypeSerializer<?> getValueSerializer() {
            return getSerializer();
        }
    }
}
