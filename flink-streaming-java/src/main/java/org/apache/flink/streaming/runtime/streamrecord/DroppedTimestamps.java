/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.streamrecord;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.eventtime.TimestampAssigner;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.runtime.io.network.api.StreamRecordTimestampsEvent;
import org.apache.flink.streaming.api.operators.Output;
import org.apache.flink.streaming.api.operators.StreamOperator;
import org.apache.flink.streaming.runtime.io.TaglessRecordsException;
import org.apache.flink.util.OutputTag;
import org.apache.flink.util.function.ThrowingConsumer;

import javax.annotation.Nullable;

import java.util.Optional;

/**
 * Keeps track of records whose timestamp was left behind on a tagless network edge (FLIP-330) and
 * refuses to read it: a function or sink that asks for such a record's timestamp fails instead of
 * seeing none where the job with tagged records would have seen one.
 *
 * <p>A sending output tells its consumers, by an event, what the timestamps of the records that
 * follow were: {@linkplain #kindOf none, Flink's "no timestamp" or a real one}. Records without a
 * real timestamp arrive exactly as they were sent; a record whose real timestamp stayed behind
 * arrives marked. The mark stays with the record and its copies through the chain ({@link
 * StreamRecord#replace(Object)}, {@link StreamRecord#copy}, a collector that gives its output the
 * input's timestamp, a side output of a function's context, a further network edge), and goes once
 * an operator sets a timestamp other than {@code Long.MIN_VALUE}, Flink's "no timestamp", or erases
 * it. Reading a marked record's timestamp fails: through a function's or a sink's context ({@link
 * #checkReadable}), and through {@link StreamRecord#getTimestamp()} itself, which operators call.
 */
@Internal
public final class DroppedTimestamps {

    private DroppedTimestamps() {}

    /** Erases the record's timestamp and marks it as left behind on the network. */
    public static void drop(StreamRecord<?> record) {
        record.eraseTimestamp();
        record.timestampDropped = true;
    }

    /** Whether the record's timestamp was left behind on the network. */
    public static boolean isDropped(StreamRecord<?> record) {
        return record.timestampDropped;
    }

    /** Gives the target the mark of the record whose timestamp it takes over. */
    public static void inherit(StreamRecord<?> timestampBase, StreamRecord<?> target) {
        target.timestampDropped = timestampBase.timestampDropped;
    }

    /**
     * Emits a value that a function hands its context's side output while it processes an element:
     * with the element's timestamp, as Flink's contexts emit it, and the element's mark.
     *
     * @throws IllegalArgumentException if the tag is null
     */
    public static <X> void emitSideOutput(
            Output<?> output, OutputTag<X> outputTag, X value, StreamRecord<?> element) {
        if (outputTag == null) {
            throw new IllegalArgumentException("OutputTag must not be null.");
        }
        StreamRecord<X> record = new StreamRecord<>(value);
        if (element.timestampDropped) {
            drop(record);
        } else {
            record.setTimestamp(element.getTimestamp());
        }
        output.collect(outputTag, record);
    }

    /**
     * What a tagless network edge makes of the record's timestamp: {@link
     * StreamRecordTimestampsEvent#NONE} and {@link StreamRecordTimestampsEvent#NO_TIMESTAMP} cross
     * it as they are, anything else is {@link StreamRecordTimestampsEvent#DROPPED}.
     */
    public static int kindOf(StreamRecord<?> record) {
        if (record.timestampDropped) {
            return StreamRecordTimestampsEvent.DROPPED;
        }
        if (!record.hasTimestamp()) {
            return StreamRecordTimestampsEvent.NONE;
        }
        return record.getTimestamp() == TimestampAssigner.NO_TIMESTAMP
                ? StreamRecordTimestampsEvent.NO_TIMESTAMP
                : StreamRecordTimestampsEvent.DROPPED;
    }

    /** Gives a record read from a tagless network edge the timestamp of the given kind. */
    public static void arrive(StreamRecord<?> record, int kind) {
        switch (kind) {
            case StreamRecordTimestampsEvent.NONE:
                record.eraseTimestamp();
                break;
            case StreamRecordTimestampsEvent.NO_TIMESTAMP:
                record.eraseTimestamp();
                record.setTimestamp(TimestampAssigner.NO_TIMESTAMP);
                break;
            default:
                drop(record);
        }
    }

    /**
     * Hands a marked record to code of Flink's that passes its timestamp to parts known to ignore
     * it (a processing-time window's assigner and trigger): for that long the record reads as one
     * without a timestamp, as upstream's reads, and it is marked again afterwards.
     */
    public static <T, E extends Exception> void withMarkLifted(
            StreamRecord<T> record, ThrowingConsumer<StreamRecord<T>, E> ignoringTimestamp)
            throws E {
        record.timestampDropped = false;
        try {
            ignoringTimestamp.accept(record);
        } finally {
            record.timestampDropped = true;
        }
    }

    /**
     * Fails if the record's timestamp was left behind on the network. A missing record passes: a
     * context asked for a timestamp outside an element's processing fails its own check.
     *
     * @param operatorName the name of the operator that reads the timestamp
     * @throws TaglessRecordsException naming the operator, the option and the ways out
     */
    public static void checkReadable(@Nullable StreamRecord<?> record, String operatorName) {
        if (record != null && record.timestampDropped) {
            throw refusal("Operator '" + operatorName + "'");
        }
    }

    /**
     * The failure of {@link StreamRecord#getTimestamp()} on a marked record, called by an operator
     * directly: names the class of the innermost operator on the stack, the only name the record
     * knows of its reader.
     */
    static TaglessRecordsException readByOperatorCode() {
        Optional<Class<?>> operator =
                StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE)
                        .walk(
                                frames ->
                                        frames.<Class<?>>map(
                                                        StackWalker.StackFrame::getDeclaringClass)
                                                .filter(StreamOperator.class::isAssignableFrom)
                                                .findFirst());
        return refusal(
                operator.map(type -> "Operator class '" + type.getName() + "'")
                        .orElse("A caller of StreamRecord#getTimestamp() outside any operator"));
    }

    /**
     * The failure of a batch job's sort of a keyed input, which orders the records of each key by
     * their timestamps, on a record whose timestamp stayed behind.
     */
    public static TaglessRecordsException readBySort() {
        return refusal(
                "The sort of a keyed input (BATCH execution orders the records of each key by"
                        + " their timestamps)");
    }

    private static TaglessRecordsException refusal(String reader) {
        String option = PipelineOptions.FORCE_TIMESTAMP_SUPPORT.key();
        return new TaglessRecordsException(
                reader
                        + " read the timestamp of a record that crossed the network without"
                        + " it: while "
                        + option
                        + " is false and a job has no watermarks, timestamps that the job"
                        + " attaches stay behind at network edges, also for the records that a"
                        + " savepoint taken then holds. Set "
                        + option
                        + " to true to keep them, or attach none on purpose (a"
                        + " WatermarkStrategy.noWatermarks() with a timestamp assigner that"
                        + " returns TimestampAssigner.NO_TIMESTAMP, where the records get"
                        + " their timestamps), after which records cross the network as they"
                        + " are.");
    }
}
