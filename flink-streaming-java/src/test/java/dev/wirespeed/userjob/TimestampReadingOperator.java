/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.userjob;

import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

/**
 * A user's own operator, outside Flink's packages, that reads each record's timestamp itself and
 * passes it on as the value: straight from {@code StreamRecord#getTimestamp()}, or after asking
 * {@code StreamRecord#hasTimestamp()}, with -1 for a record without one.
 */
public final class TimestampReadingOperator extends AbstractStreamOperator<Long>
        implements OneInputStreamOperator<Long, Long> {

    private static final long serialVersionUID = 1L;

    private final boolean askFirst;

    private TimestampReadingOperator(boolean askFirst) {
        this.askFirst = askFirst;
    }

    /** An operator that reads each record's timestamp without asking whether it has one. */
    public static TimestampReadingOperator reading() {
        return new TimestampReadingOperator(false);
    }

    /** An operator that asks whether a record has a timestamp before it reads it. */
    public static TimestampReadingOperator askingFirst() {
        return new TimestampReadingOperator(true);
    }

    @Override
    public void processElement(StreamRecord<Long> element) {
        long timestamp = !askFirst || element.hasTimestamp() ? element.getTimestamp() : -1L;
        output.collect(element.replace(timestamp));
    }
}
