/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.userjob;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.streaming.api.functions.sink.SinkFunction;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A user's sink whose writers keep the timestamp their context hands them for each record, as sinks
 * that write record metadata read it. The timestamps of all its writers in this JVM go to one list.
 */
public final class TimestampsSink implements Sink<Long> {

    private static final long serialVersionUID = 1L;

    private static final List<Long> TIMESTAMPS = Collections.synchronizedList(new ArrayList<>());

    /** The timestamps written since the last {@link #clear()}, null where a record had none. */
    public static List<Long> timestamps() {
        synchronized (TIMESTAMPS) {
            return new ArrayList<>(TIMESTAMPS);
        }
    }

    /** Forgets the timestamps written so far. */
    public static void clear() {
        TIMESTAMPS.clear();
    }

    /**
     * A legacy {@code SinkFunction} that keeps the timestamps its context hands it, in the same
     * list.
     */
    public static SinkFunction<Long> legacy() {
        return new SinkFunction<Long>() {
            @Override
            public void invoke(Long value, Context context) {
                TIMESTAMPS.add(context.timestamp());
            }
        };
    }

    @Override
    public SinkWriter<Long> createWriter(WriterInitContext context) {
        return new SinkWriter<Long>() {
            @Override
            public void write(Long element, Context context) {
                TIMESTAMPS.add(context.timestamp());
            }

            @Override
            public void flush(boolean endOfInput) {}

            @Override
            public void close() {}
        };
    }

    @Override
    @SuppressWarnings("deprecation")
    public SinkWriter<Long> createWriter(InitContext context) {
        throw new UnsupportedOperationException("Flink creates writers with WriterInitContext");
    }
}
