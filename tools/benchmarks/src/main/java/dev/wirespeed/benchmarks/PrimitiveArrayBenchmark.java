/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Serializing and deserializing arrays of primitives with Flink's serializers of {@code float[]},
 * {@code double[]}, {@code long[]} and {@code int[]}, the fork's against upstream 1.20.5's in the
 * same run ({@link PrimitiveArraySerializations}). The setup checks that both write the same bytes.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class PrimitiveArrayBenchmark {

    @Param({"wirespeed", "upstream"})
    public String implementation;

    @Param({"float384", "double32", "long16", "int4"})
    public String shape;

    private Supplier<Object> serialize;
    private Supplier<Object> deserialize;

    @Setup
    public void setUp() throws Throwable {
        Class<?> type =
                SerializationOperations.implementation(
                        PrimitiveArraySerializations.class, implementation);
        serialize = SerializationOperations.operation(type, shape, "serialize");
        deserialize = SerializationOperations.operation(type, shape, "deserialize");
        SerializationOperations.checkSameBytes(PrimitiveArraySerializations.class, shape);
    }

    @Benchmark
    public Object serialize() {
        return serialize.get();
    }

    @Benchmark
    public Object deserialize() {
        return deserialize.get();
    }
}
