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

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.util.concurrent.TimeUnit;

/**
 * Writing, reading and copying strings with {@code StringValue}'s static methods, the fork's
 * against upstream 1.20.5's in the same run: through Flink's byte buffers ({@code
 * DataOutputSerializer}, {@code DataInputDeserializer}) and through plain JDK streams.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class StringBenchmark {

    @Param({
        "1char",
        "2chars",
        "helloworld",
        "ascii60",
        "ascii2000",
        "latin1",
        "cyrillic",
        "cjk",
        "mixed"
    })
    public String text;

    @Param({"wirespeed", "upstream"})
    public String implementation;

    private StringCodecs codecs;
    private String value;
    private byte[] bytes;
    private ByteArrayOutputStream streamBytes;
    private DataOutputStream stream;
    private ByteArrayInputStream inputBytes;
    private DataInputStream input;

    @Setup
    public void setUp() throws Throwable {
        codecs = StringCodecs.named(implementation);
        value = Texts.of(text);
        ByteArrayOutputStream encoded = new ByteArrayOutputStream();
        codecs.writeString(value, new DataOutputStream(encoded));
        bytes = encoded.toByteArray();
        streamBytes = new ByteArrayOutputStream(bytes.length);
        stream = new DataOutputStream(streamBytes);
        inputBytes = new ByteArrayInputStream(bytes);
        input = new DataInputStream(inputBytes);
    }

    @Benchmark
    public Object writeFlinkBuffer() throws Throwable {
        return codecs.writeToBuffer(value);
    }

    @Benchmark
    public String readFlinkBuffer() throws Throwable {
        return codecs.readFromBuffer(bytes);
    }

    @Benchmark
    public Object copyFlinkBuffer() throws Throwable {
        return codecs.copyBetweenBuffers(bytes);
    }

    @Benchmark
    public Object writeDataOutput() throws Throwable {
        streamBytes.reset();
        codecs.writeString(value, stream);
        return streamBytes;
    }

    @Benchmark
    public String readDataInput() throws Throwable {
        inputBytes.reset();
        return codecs.readString(input);
    }
}
