/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.benchmarks;

import org.apache.flink.runtime.io.network.api.serialization.UpstreamRuntime;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

/**
 * Reading records from a network buffer as a task's network input does, the fork's flink-core and
 * flink-runtime against upstream 1.20.5's in the same run: Flink's record deserializer over an
 * off-heap buffer of {@value #BUFFER_BYTES} bytes (the default segment size) filled with records,
 * each read by its type's serializer. Shapes: a {@code Boolean} (the Boolean chain's records), a
 * {@code Tuple2} of a word and a count (the WordCount's), a {@code Tuple4} of longs, and the POJOs
 * of {@link PojoBenchmark}. Scores are buffers per millisecond; the setup prints how many records a
 * buffer of each shape holds.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class NetworkReadBenchmark {

    private static final int BUFFER_BYTES = 32 * 1024;

    @Param({"wirespeed", "upstream"})
    public String implementation;

    @Param({"boolean", "word", "longs", "product", "reading", "account"})
    public String shape;

    private IntSupplier reads;

    @Setup
    public void setUp() throws Throwable {
        Object pojo = isPojo(shape) ? PojoBenchmark.sample(shape).get() : null;
        Class<?> type =
                implementation.equals("upstream")
                        ? UpstreamRuntime.copyOf(NetworkRecordReads.class)
                        : NetworkRecordReads.class;
        reads =
                (IntSupplier)
                        type.getConstructor(String.class, Object.class, int.class)
                                .newInstance(shape, pojo, BUFFER_BYTES);
        int records = (int) type.getMethod("records").invoke(reads);
        System.out.println("A buffer holds " + records + " records of shape " + shape);
        if (reads.getAsInt() != records) {
            throw new IllegalStateException("The buffer did not hold " + records + " records");
        }
        if (pojo != null) {
            checkReadsBack(pojo, type.getMethod("lastRecord"));
        }
    }

    private void checkReadsBack(Object pojo, Method lastRecord) throws Throwable {
        PojoCodecs codecs = PojoCodecs.named("upstream", pojo.getClass());
        codecs.serialize(pojo);
        byte[] written = codecs.lastBytes();
        codecs.serialize(lastRecord.invoke(reads));
        if (!Arrays.equals(codecs.lastBytes(), written)) {
            throw new IllegalStateException("The record read differs from the one written");
        }
    }

    private static boolean isPojo(String shape) {
        return shape.equals("product") || shape.equals("reading") || shape.equals("account");
    }

    @Benchmark
    public int readBuffer() {
        return reads.getAsInt();
    }
}
