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

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Serializing, deserializing and copying POJOs with Flink's {@code PojoSerializer}, the fork's
 * against upstream 1.20.5's in the same run, on Flink's own buffers: what every record of a POJO
 * stream costs on the network, every access of POJO state in RocksDB, and every record handed on in
 * a chain without object reuse. Three shapes: a {@link Product} of nine strings and a number, a
 * flat {@link Reading} of eight primitive and string fields, an {@link Account} with nested arrays
 * (the serialization tuning article's shape), and the reading's fields as a Java record, {@link
 * ReadingRecord}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class PojoBenchmark {

    @Param({"wirespeed", "upstream"})
    public String implementation;

    @Param({"product", "reading", "account", "record"})
    public String shape;

    private PojoCodecs codecs;
    private Object value;
    private byte[] bytes;

    @Setup
    public void setUp() throws Throwable {
        value = sample(shape).get();
        codecs = PojoCodecs.named(implementation, value.getClass());
        codecs.serialize(value);
        bytes = codecs.lastBytes();
        PojoCodecs reference = PojoCodecs.named("upstream", value.getClass());
        reference.serialize(value);
        if (!Arrays.equals(bytes, reference.lastBytes())) {
            throw new IllegalStateException("The serializers' bytes differ");
        }
    }

    @Benchmark
    public Object serialize() throws Throwable {
        return codecs.serialize(value);
    }

    @Benchmark
    public Object deserialize() throws Throwable {
        return codecs.deserialize(bytes);
    }

    @Benchmark
    public Object copy() throws Throwable {
        return codecs.copy(value);
    }

    static Supplier<Object> sample(String shape) {
        switch (shape) {
            case "product":
                return Product::sample;
            case "reading":
                return Reading::sample;
            case "account":
                return Account::sample;
            case "record":
                return ReadingRecord::sample;
            default:
                throw new IllegalArgumentException("Unknown shape " + shape);
        }
    }
}
