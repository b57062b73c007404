/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.e2e.jobs;

import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.streaming.api.functions.sink.RichSinkFunction;
import org.apache.flink.types.Row;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Sinks that write one line per record into a directory, a file per subtask: the record, and with
 * {@link #withTimestamps} the timestamp its sink context hands out.
 */
final class Lines {

    private Lines() {}

    /** A Sink V2 sink that writes each record's {@code toString()}. */
    static <T> Sink<T> of(String directory) {
        return new LinesSink<>(directory, false);
    }

    /** A Sink V2 sink that writes each record and the timestamp of its writer's context. */
    static <T> Sink<T> withTimestamps(String directory) {
        return new LinesSink<>(directory, true);
    }

    /** A legacy {@code SinkFunction} that writes each record and the timestamp of its context. */
    static <T> RichSinkFunction<T> legacyWithTimestamps(String directory) {
        return new LegacyLines<>(directory);
    }

    /**
     * A Sink V2 sink for a table's changelog: keeps the last row of each key (the first field) and
     * writes those left at the end of the input, so that the result does not depend on how the
     * updates were batched.
     */
    static Sink<Row> finalRows(String directory) {
        return new FinalRows(directory);
    }

    private static BufferedWriter file(String directory, int subtask) throws IOException {
        return Files.newBufferedWriter(
                Files.createDirectories(Paths.get(directory)).resolve("part-" + subtask));
    }

    private static final class LinesSink<T> implements Sink<T> {
        private static final long serialVersionUID = 1L;

        private final String directory;
        private final boolean withTimestamps;

        LinesSink(String directory, boolean withTimestamps) {
            this.directory = directory;
            this.withTimestamps = withTimestamps;
        }

        @Override
        @SuppressWarnings("deprecation")
        public SinkWriter<T> createWriter(InitContext context) throws IOException {
            BufferedWriter out = file(directory, context.getTaskInfo().getIndexOfThisSubtask());
            return new SinkWriter<T>() {
                @Override
                public void write(T element, Context context) throws IOException {
                    out.write(
                            withTimestamps ? element + " @ " + context.timestamp() : "" + element);
                    out.newLine();
                }

                @Override
                public void flush(boolean endOfInput) throws IOException {
                    out.flush();
                }

                @Override
                public void close() throws IOException {
                    out.close();
                }
            };
        }
    }

    private static final class LegacyLines<T> extends RichSinkFunction<T> {
        private static final long serialVersionUID = 1L;

        private final String directory;
        private transient BufferedWriter out;

        LegacyLines(String directory) {
            this.directory = directory;
        }

        @Override
        public void open(OpenContext openContext) throws IOException {
            out = file(directory, getRuntimeContext().getTaskInfo().getIndexOfThisSubtask());
        }

        @Override
        public void invoke(T value, Context context) throws IOException {
            out.write(value + " @ " + context.timestamp());
            out.newLine();
        }

        @Override
        public void close() throws IOException {
            if (out != null) {
                out.close();
            }
        }
    }

    private static final class FinalRows implements Sink<Row> {
        private static final long serialVersionUID = 1L;

        private final String directory;

        FinalRows(String directory) {
            this.directory = directory;
        }

        @Override
        @SuppressWarnings("deprecation")
        public SinkWriter<Row> createWriter(InitContext context) throws IOException {
            int subtask = context.getTaskInfo().getIndexOfThisSubtask();
            Map<String, String> rows = new TreeMap<>();
            return new SinkWriter<Row>() {
                @Override
                public void write(Row row, Context context) {
                    String key = String.valueOf(row.getField(0));
                    switch (row.getKind()) {
                        case INSERT:
                        case UPDATE_AFTER:
                            rows.put(key, fields(row));
                            break;
                        default:
                            rows.remove(key);
                    }
                }

                @Override
                public void flush(boolean endOfInput) throws IOException {
                    if (endOfInput) {
                        try (BufferedWriter out = file(directory, subtask)) {
                            for (String row : rows.values()) {
                                out.write(row);
                                out.newLine();
                            }
                        }
                    }
                }

                @Override
                public void close() {}
            };
        }

        private static String fields(Row row) {
            return IntStream.range(0, row.getArity())
                    .mapToObj(i -> String.valueOf(row.getField(i)))
                    .collect(Collectors.joining(", "));
        }
    }
}
