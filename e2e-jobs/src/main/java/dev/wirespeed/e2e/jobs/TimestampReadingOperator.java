/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.e2e.jobs;

import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

/**
 * A user's own operator, as jobs add with {@code transform(...)}: reads each record's timestamp
 * from the record itself, without a function's context, asking first whether it has one, and emits
 * the value with it.
 */
final class TimestampReadingOperator extends AbstractStreamOperator<String>
        implements OneInputStreamOperator<Long, String> {

    private static final long serialVersionUID = 1L;

    @Override
    public void processElement(StreamRecord<Long> element) {
        String timestamp = element.hasTimestamp() ? String.valueOf(element.getTimestamp()) : "none";
        output.collect(new StreamRecord<>(element.getValue() + " at " + timestamp));
    }
}
