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
import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * Reference points for {@link StringBenchmark}: the JDK's modified UTF-8 ({@code writeUTF}, {@code
 * readUTF}) on the same streams, and a raw {@code System.arraycopy} of the bytes that Flink's
 * format gives the same string.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class StringReferenceBenchmark {

    @Param({"1char", "2chars", "helloworld", "ascii60", "ascii2000", "cyrillic", "cjk", "mixed"})
    public String text;

    private String value;
    private byte[] flinkBytes;
    private byte[] target;
    private ByteArrayOutputStream streamBytes;
    private DataOutputStream stream;
    private ByteArrayInputStream inputBytes;
    private DataInputStream input;

    @Setup
    public void setUp() throws Throwable {
        value = Texts.of(text);
        ByteArrayOutputStream encoded = new ByteArrayOutputStream();
        new StringCodecs.Wirespeed().writeString(value, new DataOutputStream(encoded));
        flinkBytes = encoded.toByteArray();
        target = new byte[flinkBytes.length];
        ByteArrayOutputStream utf = new ByteArrayOutputStream();
        new DataOutputStream(utf).writeUTF(value);
        streamBytes = new ByteArrayOutputStream(utf.size());
        stream = new DataOutputStream(streamBytes);
        inputBytes = new ByteArrayInputStream(utf.toByteArray());
        input = new DataInputStream(inputBytes);
    }

    @Benchmark
    public Object jdkWriteUtf() throws IOException {
        streamBytes.reset();
        stream.writeUTF(value);
        return streamBytes;
    }

    @Benchmark
    public String jdkReadUtf() throws IOException {
        inputBytes.reset();
        return input.readUTF();
    }

    @Benchmark
    public byte[] arraycopy() {
        System.arraycopy(flinkBytes, 0, target, 0, flinkBytes.length);
        return target;
    }
}
