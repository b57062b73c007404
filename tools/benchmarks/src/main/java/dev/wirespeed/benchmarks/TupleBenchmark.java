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
 * Serializing, deserializing and copying tuples with Flink's {@code TupleSerializer}, and a row
 * with its {@code RowSerializer}, the fork's against upstream 1.20.5's in the same run ({@link
 * TupleSerializations}). The setup checks that both write the same bytes.
 *
 * <p>With {@code typesSeen=one}, the JIT compiles the serializer for the one shape measured and
 * inlines the calls to the few field serializers it meets. With {@code typesSeen=all}, the setup
 * first runs every operation on every shape, as a job with several tuple types does, so that those
 * calls see all the field serializers before the shape is measured.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class TupleBenchmark {

    @Param({"wirespeed", "upstream"})
    public String implementation;

    @Param({"word", "longs", "reading", "row"})
    public String shape;

    @Param({"one", "all"})
    public String typesSeen;

    private static final String[] SHAPES = {"word", "longs", "reading", "row"};
    private static final String[] OPERATIONS = {"serialize", "deserialize", "copy"};

    private Supplier<Object> serialize;
    private Supplier<Object> deserialize;
    private Supplier<Object> copy;

    @Setup
    public void setUp() throws Throwable {
        Class<?> type =
                SerializationOperations.implementation(TupleSerializations.class, implementation);
        if (typesSeen.equals("all")) {
            runEveryShape(type);
        }
        serialize = SerializationOperations.operation(type, shape, "serialize");
        deserialize = SerializationOperations.operation(type, shape, "deserialize");
        copy = SerializationOperations.operation(type, shape, "copy");
        SerializationOperations.checkSameBytes(TupleSerializations.class, shape);
    }

    /** Runs every operation on every shape, interleaved, so that no one shape shapes the JIT. */
    private static void runEveryShape(Class<?> type) throws Throwable {
        Supplier<?>[] operations = new Supplier<?>[SHAPES.length * OPERATIONS.length];
        for (int i = 0; i < operations.length; i++) {
            operations[i] =
                    SerializationOperations.operation(
                            type, SHAPES[i / OPERATIONS.length], OPERATIONS[i % OPERATIONS.length]);
        }
        for (int round = 0; round < 50_000; round++) {
            for (Supplier<?> operation : operations) {
                operation.get();
            }
        }
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
