/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.userjob;

import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.AbstractStreamOperatorFactory;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.api.operators.OneInputStreamOperatorFactory;
import org.apache.flink.streaming.api.operators.StreamOperator;
import org.apache.flink.streaming.api.operators.StreamOperatorParameters;
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

    /**
     * The operator that asks first, made by a factory of the user's, so that the job graph holds
     * the factory and not the operator.
     */
    public static OneInputStreamOperatorFactory<Long, Long> askingFirstFromAFactory() {
        return new AskingFirstFactory(true);
    }

    /** The same factory, but one that does not name the class of the operators it makes. */
    public static OneInputStreamOperatorFactory<Long, Long> fromAFactoryThatNamesNoClass() {
        return new AskingFirstFactory(false);
    }

    @Override
    public void processElement(StreamRecord<Long> element) {
        long timestamp = !askFirst || element.hasTimestamp() ? element.getTimestamp() : -1L;
        output.collect(element.replace(timestamp));
    }

    /** Makes operators that ask first, and names their class as factories do, or not. */
    private static final class AskingFirstFactory extends AbstractStreamOperatorFactory<Long>
            implements OneInputStreamOperatorFactory<Long, Long> {

        private static final long serialVersionUID = 1L;

        private final boolean namesClass;

        AskingFirstFactory(boolean namesClass) {
            this.namesClass = namesClass;
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T extends StreamOperator<Long>> T createStreamOperator(
                StreamOperatorParameters<Long> parameters) {
            TimestampReadingOperator operator = askingFirst();
            operator.setup(
                    parameters.getContainingTask(),
                    parameters.getStreamConfig(),
                    parameters.getOutput());
            return (T) operator;
        }

        @Override
        @SuppressWarnings("rawtypes")
        public Class<? extends StreamOperator> getStreamOperatorClass(ClassLoader classLoader) {
            if (!namesClass) {
                throw new UnsupportedOperationException("The factory names no class");
            }
            return TimestampReadingOperator.class;
        }
    }
}
