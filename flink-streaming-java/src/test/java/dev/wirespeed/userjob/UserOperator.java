/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.userjob;

import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

/**
 * A user's own operator, outside Flink's packages: gives each record its value as timestamp, or
 * passes records on as they come.
 */
public final class UserOperator extends AbstractStreamOperator<Long>
        implements OneInputStreamOperator<Long, Long> {

    private static final long serialVersionUID = 1L;

    private final boolean stampsValues;

    private UserOperator(boolean stampsValues) {
        this.stampsValues = stampsValues;
    }

    /** An operator that gives each record its value as timestamp. */
    public static UserOperator stampingValues() {
        return new UserOperator(true);
    }

    /** An operator that passes records on with the timestamps they came with. */
    public static UserOperator passingOn() {
        return new UserOperator(false);
    }

    @Override
    public void processElement(StreamRecord<Long> element) {
        output.collect(
                stampsValues ? element.replace(element.getValue(), element.getValue()) : element);
    }
}
