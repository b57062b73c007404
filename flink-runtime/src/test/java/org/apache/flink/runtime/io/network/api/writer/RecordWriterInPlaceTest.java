/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api.writer;

import org.apache.flink.api.common.typeutils.base.LongSerializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.runtime.io.AvailabilityProvider;
import org.apache.flink.runtime.plugable.SerializationDelegate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.reflect.Proxy;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The record writer offers a record to its partition's in-place write only if the partition writes
 * records in place at all; otherwise, and when the partition declines, it hands the serialized
 * record to {@code emitRecord}, with the bytes upstream's writer hands it.
 */
class RecordWriterInPlaceTest {

    @ParameterizedTest(name = "partition writes in place: {0}")
    @ValueSource(booleans = {false, true})
    void offersRecordsInPlaceOnlyToPartitionsThatWriteThem(boolean writesInPlace) throws Exception {
        List<String> calls = new ArrayList<>();
        List<byte[]> emitted = new ArrayList<>();
        ResultPartitionWriter partition = partition(writesInPlace, calls, emitted);
        RecordWriter<SerializationDelegate<Long>> writer =
                new RecordWriterBuilder<SerializationDelegate<Long>>().build(partition);
        SerializationDelegate<Long> record = new SerializationDelegate<>(LongSerializer.INSTANCE);

        for (long value = 1; value <= 3; value++) {
            record.setInstance(value);
            writer.emit(record);
        }

        assertThat(calls.stream().filter("emitRecordInPlace"::equals).count())
                .isEqualTo(writesInPlace ? 3 : 0);
        assertThat(calls.stream().filter("writesRecordsInPlace"::equals).count()).isEqualTo(1);
        assertThat(emitted).hasSize(3);
        for (int i = 0; i < 3; i++) {
            record.setInstance(i + 1L);
            ByteBuffer expected =
                    RecordWriter.serializeRecord(new DataOutputSerializer(16), record);
            assertThat(emitted.get(i)).isEqualTo(bytes(expected));
        }
    }

    /**
     * A writer prepared for the delegate it is handed decides how its records are written then, and
     * not again while it is handed the same one; another delegate is decided on its first record.
     */
    @Test
    void aPreparedWriterDecidesBeforeTheFirstRecord() throws Exception {
        List<String> calls = new ArrayList<>();
        List<byte[]> emitted = new ArrayList<>();
        RecordWriter<SerializationDelegate<Long>> writer =
                new RecordWriterBuilder<SerializationDelegate<Long>>()
                        .build(partition(true, calls, emitted));
        SerializationDelegate<Long> record = new SerializationDelegate<>(LongSerializer.INSTANCE);
        SerializationDelegate<Long> other = new SerializationDelegate<>(LongSerializer.INSTANCE);

        calls.clear();
        writer.prepareFor(record);
        List<String> callsWhenPrepared = new ArrayList<>(calls);
        record.setInstance(1L);
        writer.emit(record);
        writer.emit(record);
        other.setInstance(2L);
        writer.emit(other);

        assertThat(callsWhenPrepared).containsExactly("writesRecordsInPlace");
        assertThat(calls.stream().filter("writesRecordsInPlace"::equals).count()).isEqualTo(2);
        assertThat(calls.stream().filter("emitRecordInPlace"::equals).count()).isEqualTo(3);
        assertThat(emitted).hasSize(3);
    }

    /**
     * A partition of one subpartition that declines every in-place write, and keeps the records
     * handed to {@code emitRecord}.
     */
    private static ResultPartitionWriter partition(
            boolean writesInPlace, List<String> calls, List<byte[]> emitted) {
        return (ResultPartitionWriter)
                Proxy.newProxyInstance(
                        RecordWriterInPlaceTest.class.getClassLoader(),
                        new Class<?>[] {ResultPartitionWriter.class},
                        (proxy, method, args) -> {
                            calls.add(method.getName());
                            switch (method.getName()) {
                                case "writesRecordsInPlace":
                                    return writesInPlace;
                                case "emitRecordInPlace":
                                    return false;
                                case "emitRecord":
                                    emitted.add(bytes((ByteBuffer) args[0]));
                                    return null;
                                case "getNumberOfSubpartitions":
                                case "getNumTargetKeyGroups":
                                    return 1;
                                case "getAvailableFuture":
                                    return AvailabilityProvider.AVAILABLE;
                                default:
                                    return null;
                            }
                        });
    }

    private static byte[] bytes(ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.remaining()];
        buffer.duplicate().get(bytes);
        return bytes;
    }
}
