/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.io;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.apache.flink.runtime.io.network.api.StreamRecordTimestampsEvent;
import org.apache.flink.runtime.io.network.api.serialization.KnownLengthRecords;
import org.apache.flink.runtime.plugable.DeserializationDelegate;
import org.apache.flink.streaming.runtime.streamrecord.DroppedTimestamps;
import org.apache.flink.streaming.runtime.streamrecord.StreamElement;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.runtime.streamrecord.TaglessRecordSerializer;

import java.io.IOException;
import java.util.Arrays;

/**
 * Reads the tagless records (FLIP-330) of a network input with many channels, and gives each the
 * timestamp that its channel's last {@link StreamRecordTimestampsEvent} announced, and {@link
 * #INITIAL_TIMESTAMPS} before the first.
 */
@Internal
public final class TaglessDeserializationDelegate
        implements DeserializationDelegate<StreamElement>, KnownLengthRecords {

    /**
     * What senders and receivers take the records' timestamps to be until the first announcement:
     * Flink's "no timestamp", which the records of sources built with {@code fromSource} carry.
     */
    public static final int INITIAL_TIMESTAMPS = StreamRecordTimestampsEvent.NO_TIMESTAMP;

    private final TaglessRecordSerializer<?> serializer;

    /** The kind of timestamps each channel's records arrive with, by flattened channel index. */
    private final byte[] channelKinds;

    /** The kind of the channel whose buffer is being read. */
    private int currentKind = INITIAL_TIMESTAMPS;

    private StreamElement instance;

    public TaglessDeserializationDelegate(TypeSerializer<?> valueSerializer, int numberOfChannels) {
        this.serializer = new TaglessRecordSerializer<>(valueSerializer);
        this.channelKinds = new byte[numberOfChannels];
        Arrays.fill(channelKinds, (byte) INITIAL_TIMESTAMPS);
    }

    /** Takes the kind of timestamps that a channel's records arrive with from now on. */
    public void onTimestampsEvent(int channelIndex, StreamRecordTimestampsEvent event) {
        channelKinds[channelIndex] = (byte) event.getKind();
    }

    /** Reads the records of the given channel next. */
    public void selectChannel(int channelIndex) {
        currentKind = channelKinds[channelIndex];
    }

    @Override
    public void read(DataInputView in) throws IOException {
        StreamRecord<?> record = serializer.deserialize(in).asRecord();
        DroppedTimestamps.arrive(record, currentKind);
        instance = record;
    }

    @Override
    public void write(DataOutputView out) {
        throw new UnsupportedOperationException("A deserialization delegate only reads");
    }

    @Override
    public void setInstance(StreamElement instance) {
        this.instance = instance;
    }

    @Override
    public StreamElement getInstance() {
        return instance;
    }

    /**
     * The serializer of the records' values: records of a value of a fixed length travel without
     * their length ({@link KnownLengthRecords}).
     */
    @Override
    public TypeSerializer<?> getValueSerializer() {
        return serializer.getValueSerializer();
    }
}
