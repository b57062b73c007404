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

/**
 * Serializing and deserializing a POJO of nine strings and a number with Flink's {@code
 * PojoSerializer}, the fork's against upstream 1.20.5's in the same run, on Flink's own buffers:
 * what every record of a POJO stream costs on the network and every access of POJO state in
 * RocksDB.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class PojoBenchmark {

    @Param({"wirespeed", "upstream"})
    public String implementation;

    private PojoCodecs codecs;
    private Product product;
    private byte[] bytes;

    @Setup
    public void setUp() throws Throwable {
        codecs = PojoCodecs.named(implementation, Product.class);
        product = Product.sample();
        codecs.serialize(product);
        bytes = codecs.lastBytes();
        PojoCodecs reference = PojoCodecs.named("upstream", Product.class);
        reference.serialize(product);
        if (!Arrays.equals(bytes, reference.lastBytes())) {
            throw new IllegalStateException("The serializers' bytes differ");
        }
    }

    @Benchmark
    public Object serialize() throws Throwable {
        return codecs.serialize(product);
    }

    @Benchmark
    public Object deserialize() throws Throwable {
        return codecs.deserialize(bytes);
    }
}
