/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.benchmarks;

import org.apache.flink.core.memory.MemorySegment;
import org.apache.flink.core.memory.MemorySegmentFactory;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;

/**
 * Copying a serialized record into a network buffer and back, the fork's {@code MemorySegment}
 * against upstream 1.20.5's in the same run: what the record writer does for every record ({@code
 * put} of the serializer's bytes, through a {@code ByteBuffer}) and what the record deserializer
 * does with the records and lengths it reads in one piece ({@code get}), on an off-heap segment as
 * network buffers are. The position moves on by each record, as in a buffer that fills up.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class MemorySegmentBenchmark {

    private static final int SEGMENT_SIZE = 32 * 1024;

    /** Bytes a record: a tagless Boolean, a tagged one, a short Tuple2, a POJO of strings. */
    @Param({"5", "14", "40", "200"})
    public int recordBytes;

    @Param({"wirespeed", "upstream"})
    public String implementation;

    private Segment segment;
    private ByteBuffer record;
    private byte[] target;
    private int position;

    @Setup
    public void setUp() {
        segment = implementation.equals("upstream") ? new PinnedUpstream() : new Wirespeed();
        byte[] bytes = new byte[recordBytes];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (i * 31 + 7);
        }
        record = ByteBuffer.wrap(bytes);
        target = new byte[recordBytes];
    }

    @Benchmark
    public Object putRecord() throws Throwable {
        record.position(0);
        segment.put(nextPosition(), record, recordBytes);
        return record;
    }

    @Benchmark
    public Object getRecord() throws Throwable {
        segment.get(nextPosition(), target, 0, recordBytes);
        return target;
    }

    private int nextPosition() {
        int at = position;
        position = at + recordBytes <= SEGMENT_SIZE - recordBytes ? at + recordBytes : 0;
        return at;
    }

    private interface Segment {
        void put(int offset, ByteBuffer source, int numBytes) throws Throwable;

        void get(int index, byte[] dst, int offset, int length) throws Throwable;
    }

    /** The fork's class, called directly. */
    private static final class Wirespeed implements Segment {
        private final MemorySegment segment =
                MemorySegmentFactory.allocateUnpooledOffHeapMemory(SEGMENT_SIZE);

        @Override
        public void put(int offset, ByteBuffer source, int numBytes) {
            segment.put(offset, source, numBytes);
        }

        @Override
        public void get(int index, byte[] dst, int offset, int length) {
            segment.get(index, dst, offset, length);
        }
    }

    /** The pinned upstream release's class, from its jar, through constant method handles. */
    private static final class PinnedUpstream implements Segment {
        private static final String SEGMENT = "org.apache.flink.core.memory.MemorySegment";
        private static final MethodHandle PUT =
                Upstream.virtualMethod(
                        SEGMENT,
                        "put",
                        MethodType.methodType(void.class, int.class, ByteBuffer.class, int.class));
        private static final MethodHandle GET =
                Upstream.virtualMethod(
                        SEGMENT,
                        "get",
                        MethodType.methodType(
                                void.class, int.class, byte[].class, int.class, int.class));

        private final Object segment;

        PinnedUpstream() {
            try {
                segment =
                        Upstream.load("org.apache.flink.core.memory.MemorySegmentFactory")
                                .getMethod("allocateUnpooledOffHeapMemory", int.class)
                                .invoke(null, SEGMENT_SIZE);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public void put(int offset, ByteBuffer source, int numBytes) throws Throwable {
            PUT.invokeExact(segment, offset, source, numBytes);
        }

        @Override
        public void get(int index, byte[] dst, int offset, int length) throws Throwable {
            GET.invokeExact(segment, index, dst, offset, length);
        }
    }
}
