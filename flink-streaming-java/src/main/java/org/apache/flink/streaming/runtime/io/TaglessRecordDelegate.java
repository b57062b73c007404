/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.io;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.runtime.io.network.api.serialization.KnownLengthSerializationDelegate;
import org.apache.flink.streaming.runtime.streamrecord.StreamElement;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.runtime.streamrecord.TaglessRecordSerializer;

import javax.annotation.Nullable;

/**
 * The serialization delegate of a network output whose records travel tagless (FLIP-330): writes
 * each record as its value's bytes only (without its length too, where the value has a fixed
 * length: {@link KnownLengthSerializationDelegate}), and before it is written announces to the
 * consumers what its timestamp was and, for a user's operator, refuses a record with a timestamp.
 * The output sets every record on it right before writing it, so the tagless mode's work per record
 * happens here, and an output of tagged records runs upstream's code alone.
 */
@Internal
public final class TaglessRecordDelegate extends KnownLengthSerializationDelegate<StreamElement> {

    private final TaglessControlOutput control;

    /** The user's operator whose records must carry no timestamp, if any. */
    @Nullable private final String timestampRefusingOperator;

    public TaglessRecordDelegate(
            TypeSerializer<?> valueSerializer,
            TaglessControlOutput control,
            @Nullable String timestampRefusingOperator) {
        super(new TaglessRecordSerializer<>(valueSerializer), valueSerializer);
        this.control = control;
        this.timestampRefusingOperator = timestampRefusingOperator;
    }

    @Override
    public void setInstance(StreamElement element) {
        StreamRecord<?> record = element.asRecord();
        if (timestampRefusingOperator != null) {
            TaglessNetwork.checkNoTimestamp(record, timestampRefusingOperator);
        }
        control.announceTimestamps(record);
        super.setInstance(element);
    }
}
