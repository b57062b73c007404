/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.streamrecord;

import org.apache.flink.api.common.eventtime.TimestampAssigner;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.base.BooleanSerializer;
import org.apache.flink.api.common.typeutils.base.LongSerializer;
import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.apache.flink.api.common.typeutils.base.VoidSerializer;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.api.java.typeutils.runtime.TupleSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.runtime.jobgraph.OperatorID;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.watermarkstatus.WatermarkStatus;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.util.Arrays;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Tagless bytes are {@link StreamElementSerializer}'s bytes of the same record without the tag
 * byte, and without the timestamp where the record carries one.
 */
class TaglessRecordSerializerTest {

    @SuppressWarnings({"unchecked", "rawtypes"})
    static Stream<Arguments> values() {
        TypeSerializer<Tuple2<String, Long>> tuple =
                new TupleSerializer<>(
                        (Class) Tuple2.class,
                        new TypeSerializer[] {StringSerializer.INSTANCE, LongSerializer.INSTANCE});
        return Stream.of(
                Arguments.of(BooleanSerializer.INSTANCE, true),
                Arguments.of(LongSerializer.INSTANCE, -42L),
                Arguments.of(StringSerializer.INSTANCE, ""),
                Arguments.of(StringSerializer.INSTANCE, "wirespeed, грамм, 文字"),
                Arguments.of(tuple, Tuple2.of("key", 7L)),
                Arguments.of(VoidSerializer.INSTANCE, null));
    }

    @ParameterizedTest
    @MethodSource("values")
    <T> void writesTheTaggedBytesWithoutTagOrTimestamp(TypeSerializer<T> serializer, T value)
            throws IOException {
        StreamElementSerializer<T> tagged = new StreamElementSerializer<>(serializer);
        TaglessRecordSerializer<T> tagless = new TaglessRecordSerializer<>(serializer);

        byte[] withoutTimestamp = bytes(tagged, new StreamRecord<>(value));
        byte[] noTimestamp =
                bytes(tagged, new StreamRecord<>(value, TimestampAssigner.NO_TIMESTAMP));
        byte[] timestamp = bytes(tagged, new StreamRecord<>(value, 1_700_000_000_000L));

        assertThat(bytes(tagless, new StreamRecord<>(value)))
                .isEqualTo(Arrays.copyOfRange(withoutTimestamp, 1, withoutTimestamp.length))
                .isEqualTo(Arrays.copyOfRange(noTimestamp, 9, noTimestamp.length))
                .isEqualTo(Arrays.copyOfRange(timestamp, 9, timestamp.length))
                .isEqualTo(
                        bytes(tagless, new StreamRecord<>(value, TimestampAssigner.NO_TIMESTAMP)));
    }

    @ParameterizedTest
    @MethodSource("values")
    <T> void readsRecordsWithoutTimestamp(TypeSerializer<T> serializer, T value)
            throws IOException {
        TaglessRecordSerializer<T> tagless = new TaglessRecordSerializer<>(serializer);
        byte[] bytes = bytes(tagless, new StreamRecord<>(value));

        StreamElement read = tagless.deserialize(new DataInputDeserializer(bytes));
        StreamRecord<T> reused = new StreamRecord<>(serializer.createInstance(), 99L);
        tagless.deserialize(reused, new DataInputDeserializer(bytes));

        assertThat(read).isEqualTo(new StreamRecord<>(value));
        assertThat(reused).isEqualTo(new StreamRecord<>(value));
        assertThat(reused.hasTimestamp()).isFalse();
        assertThat(DroppedTimestamps.isDropped((StreamRecord<?>) read)).isFalse();
        assertThat(DroppedTimestamps.isDropped(reused)).isFalse();
    }

    @ParameterizedTest
    @MethodSource("values")
    <T> void copiesTheValueBytesAsTheyAre(TypeSerializer<T> serializer, T value)
            throws IOException {
        TaglessRecordSerializer<T> tagless = new TaglessRecordSerializer<>(serializer);
        byte[] bytes = bytes(tagless, new StreamRecord<>(value));
        DataOutputSerializer copy = new DataOutputSerializer(16);

        tagless.copy(new DataInputDeserializer(bytes), copy);

        assertThat(copy.getCopyOfBuffer()).isEqualTo(bytes);
    }

    @Test
    void refusesOtherStreamElements() {
        TaglessRecordSerializer<Long> tagless =
                new TaglessRecordSerializer<>(LongSerializer.INSTANCE);

        assertThatThrownBy(() -> bytes(tagless, new Watermark(5)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("must travel as events");
        assertThatThrownBy(() -> bytes(tagless, WatermarkStatus.IDLE))
                .hasMessageContaining("must travel as events");
        assertThatThrownBy(() -> bytes(tagless, new LatencyMarker(1, new OperatorID(), 0)))
                .hasMessageContaining("must travel as events");
    }

    @Test
    void hasNoSnapshotSoThatStateNeverUsesIt() {
        assertThatThrownBy(
                        () ->
                                new TaglessRecordSerializer<>(LongSerializer.INSTANCE)
                                        .snapshotConfiguration())
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void equalsFollowTheValueSerializer() {
        assertThat(new TaglessRecordSerializer<>(LongSerializer.INSTANCE))
                .isEqualTo(new TaglessRecordSerializer<>(LongSerializer.INSTANCE))
                .hasSameHashCodeAs(new TaglessRecordSerializer<>(LongSerializer.INSTANCE))
                .isNotEqualTo(new TaglessRecordSerializer<>(StringSerializer.INSTANCE))
                .isNotEqualTo(new StreamElementSerializer<>(LongSerializer.INSTANCE));
        assertThat(new TaglessRecordSerializer<>(LongSerializer.INSTANCE).getLength()).isEqualTo(8);
    }

    private static byte[] bytes(TypeSerializer<StreamElement> serializer, StreamElement element)
            throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(16);
        serializer.serialize(element, out);
        return out.getCopyOfBuffer();
    }
}
