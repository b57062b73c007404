/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.streamrecord;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

import java.io.IOException;
import java.util.Objects;

/**
 * The network format of records in a job without record timestamps (FLIP-330): a record is its
 * value's bytes, with neither the element tag nor a timestamp of {@link StreamElementSerializer}.
 *
 * <p>Only records take this path. Watermarks, watermark statuses, latency markers and record
 * attributes cross the network as events in such jobs; handing one to this serializer is a bug and
 * fails. A record's timestamp is not written, as FLIP-330 specifies: the job has no watermarks, so
 * no operator can use event time. Records are read without a timestamp; what the sender's records
 * carried (none, Flink's "no timestamp", or a timestamp left behind) travels as an event on
 * changes, which the reading input applies ({@link DroppedTimestamps#arrive}).
 *
 * <p>The serializer is for the network only. It has no snapshot, so that it can never describe
 * state: state serializers that wrap stream elements keep {@link StreamElementSerializer}'s format.
 *
 * @param <T> the type of the records' values
 */
@Internal
public final class TaglessRecordSerializer<T> extends TypeSerializer<StreamElement> {

    private static final long serialVersionUID = 1L;

    private final TypeSerializer<T> valueSerializer;

    public TaglessRecordSerializer(TypeSerializer<T> valueSerializer) {
        this.valueSerializer = Objects.requireNonNull(valueSerializer);
    }

    /** The serializer of the records' values. */
    public TypeSerializer<T> getValueSerializer() {
        return valueSerializer;
    }

    @Override
    public boolean isImmutableType() {
        return false;
    }

    @Override
    public TaglessRecordSerializer<T> duplicate() {
        TypeSerializer<T> duplicate = valueSerializer.duplicate();
        return duplicate == valueSerializer ? this : new TaglessRecordSerializer<>(duplicate);
    }

    @Override
    public StreamRecord<T> createInstance() {
        return new StreamRecord<>(valueSerializer.createInstance());
    }

    @Override
    public int getLength() {
        return valueSerializer.getLength();
    }

    @Override
    public StreamElement copy(StreamElement from) {
        StreamRecord<T> record = checkedRecord(from);
        return asSent(record, new StreamRecord<>(valueSerializer.copy(record.getValue())));
    }

    @Override
    public StreamElement copy(StreamElement from, StreamElement reuse) {
        StreamRecord<T> record = checkedRecord(from);
        StreamRecord<T> target = reuse.asRecord();
        return asSent(
                record, target.replace(valueSerializer.copy(record.getValue(), target.getValue())));
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        valueSerializer.copy(source, target);
    }

    @Override
    public void serialize(StreamElement element, DataOutputView target) throws IOException {
        StreamRecord<T> record = checkedRecord(element);
        valueSerializer.serialize(record.getValue(), target);
    }

    @Override
    public StreamElement deserialize(DataInputView source) throws IOException {
        return withoutTimestamp(new StreamRecord<>(valueSerializer.deserialize(source)));
    }

    @Override
    public StreamElement deserialize(StreamElement reuse, DataInputView source) throws IOException {
        StreamRecord<T> record = reuse.asRecord();
        return withoutTimestamp(
                record.replace(valueSerializer.deserialize(record.getValue(), source)));
    }

    /** Network only: never part of a checkpoint or savepoint. */
    @Override
    public TypeSerializerSnapshot<StreamElement> snapshotConfiguration() {
        throw new UnsupportedOperationException(
                "TaglessRecordSerializer is a network format and has no snapshot: state keeps"
                        + " StreamElementSerializer's format");
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof TaglessRecordSerializer
                && valueSerializer.equals(((TaglessRecordSerializer<?>) obj).valueSerializer);
    }

    @Override
    public int hashCode() {
        return valueSerializer.hashCode();
    }

    /** A copy with the timestamp that the record would arrive with over the network. */
    private static <T> StreamRecord<T> asSent(StreamRecord<T> record, StreamRecord<T> copy) {
        DroppedTimestamps.arrive(copy, DroppedTimestamps.kindOf(record));
        return copy;
    }

    /** A record read from the network, which carries no timestamp of its own. */
    private static <T> StreamRecord<T> withoutTimestamp(StreamRecord<T> record) {
        record.eraseTimestamp();
        return record;
    }

    private static <T> StreamRecord<T> checkedRecord(StreamElement element) {
        if (!element.isRecord()) {
            throw new IllegalStateException(
                    "Only records cross the network as tagless bytes, not "
                            + element
                            + ": other stream elements must travel as events");
        }
        return element.asRecord();
    }
}
