/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Serializing, deserializing and copying values of types that Flink hands to Kryo, with its {@code
 * KryoSerializer}, the fork's against upstream 1.20.5's in the same run ({@link
 * KryoSerializations}). The setup checks that both write the same bytes. The JVM opens {@code
 * java.util} and {@code java.lang} to Kryo, as Flink's default JVM options on Java 17 do.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(
        jvmArgsAppend = {
            "--add-opens=java.base/java.util=ALL-UNNAMED",
            "--add-opens=java.base/java.lang=ALL-UNNAMED"
        })
public class KryoBenchmark {

    @Param({"wirespeed", "upstream"})
    public String implementation;

    @Param({"product", "reading"})
    public String shape;

    private Supplier<Object> serialize;
    private Supplier<Object> serializeNew;
    private Supplier<Object> deserialize;
    private Supplier<Object> copy;

    @Setup
    public void setUp() throws Throwable {
        Class<?> type =
                SerializationOperations.implementation(KryoSerializations.class, implementation);
        serialize = SerializationOperations.operation(type, shape, "serialize");
        serializeNew = SerializationOperations.operation(type, shape, "serializeNew");
        deserialize = SerializationOperations.operation(type, shape, "deserialize");
        copy = SerializationOperations.operation(type, shape, "copy");
        SerializationOperations.checkSameBytes(KryoSerializations.class, shape);
    }

    @Benchmark
    public Object serialize() {
        return serialize.get();
    }

    /** Values made anew for each call, whose objects the JVM has not hashed by identity yet. */
    @Benchmark
    public Object serializeNew() {
        return serializeNew.get();
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
