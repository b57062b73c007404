/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.userjob;

import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

/**
 * A user's own operator, outside Flink's packages: gives each record its value as timestamp, passes
 * records on as they come, or erases their timestamps.
 */
public final class UserOperator extends AbstractStreamOperator<Long>
        implements OneInputStreamOperator<Long, Long> {

    private static final long serialVersionUID = 1L;

    /** What the operator does to each record's timestamp. */
    private enum Timestamps {
        STAMP_VALUE,
        PASS_ON,
        ERASE
    }

    private final Timestamps timestamps;

    private UserOperator(Timestamps timestamps) {
        this.timestamps = timestamps;
    }

    /** An operator that gives each record its value as timestamp. */
    public static UserOperator stampingValues() {
        return new UserOperator(Timestamps.STAMP_VALUE);
    }

    /** An operator that passes records on with the timestamps they came with. */
    public static UserOperator passingOn() {
        return new UserOperator(Timestamps.PASS_ON);
    }

    /** An operator that passes records on without timestamps. */
    public static UserOperator erasingTimestamps() {
        return new UserOperator(Timestamps.ERASE);
    }

    @Override
    public void processElement(StreamRecord<Long> element) {
        switch (timestamps) {
            case STAMP_VALUE:
                element.replace(element.getValue(), element.getValue());
                break;
            case ERASE:
                element.eraseTimestamp();
                break;
            default:
        }
        output.collect(element);
    }
}
