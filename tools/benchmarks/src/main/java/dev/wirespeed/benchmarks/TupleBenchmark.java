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

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Serializing, deserializing and copying tuples with Flink's {@code TupleSerializer}, and a row
 * with its {@code RowSerializer}, the fork's against upstream 1.20.5's in the same run ({@link
 * TupleSerializations}). The setup checks that both write the same bytes.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class TupleBenchmark {

    @Param({"wirespeed", "upstream"})
    public String implementation;

    @Param({"word", "longs", "reading", "row"})
    public String shape;

    private Supplier<Object> serialize;
    private Supplier<Object> deserialize;
    private Supplier<Object> copy;

    @Setup
    public void setUp() throws Throwable {
        Class<?> type =
                implementation.equals("upstream")
                        ? UpstreamRuntime.copyOf(TupleSerializations.class)
                        : TupleSerializations.class;
        serialize = operation(type, "serialize");
        deserialize = operation(type, "deserialize");
        copy = operation(type, "copy");
        Supplier<Object> upstream =
                operation(UpstreamRuntime.copyOf(TupleSerializations.class), "serialize");
        byte[] upstreamBytes = (byte[]) upstream.getClass().getMethod("bytes").invoke(upstream);
        if (!Arrays.equals(new TupleSerializations(shape, "serialize").bytes(), upstreamBytes)) {
            throw new IllegalStateException("The serializers' bytes differ");
        }
    }

    @SuppressWarnings("unchecked")
    private Supplier<Object> operation(Class<?> type, String operation) throws Throwable {
        return (Supplier<Object>)
                type.getConstructor(String.class, String.class).newInstance(shape, operation);
    }

    @Benchmark
    public Object serialize() {
        return serialize.get();
    }

    @Benchmark
    public Object deserialize() {
        return deserialize.get();
    }

    @Benchmark
    public Object copy() {
        return copy.get();
    }
}
