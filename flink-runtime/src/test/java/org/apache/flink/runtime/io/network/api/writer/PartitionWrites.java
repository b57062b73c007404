/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api.writer;

import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.base.BooleanSerializer;
import org.apache.flink.api.common.typeutils.base.IntSerializer;
import org.apache.flink.api.common.typeutils.base.LongSerializer;
import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.apache.flink.api.common.typeutils.base.array.LongPrimitiveArraySerializer;
import org.apache.flink.api.java.tuple.Tuple;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.api.java.typeutils.runtime.TupleSerializer;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.runtime.io.network.api.EndOfSuperstepEvent;
import org.apache.flink.runtime.io.network.buffer.Buffer;
import org.apache.flink.runtime.io.network.buffer.BufferPool;
import org.apache.flink.runtime.io.network.buffer.NetworkBufferPool;
import org.apache.flink.runtime.io.network.partition.BoundedBlockingSubpartitionType;
import org.apache.flink.runtime.io.network.partition.BufferAvailabilityListener;
import org.apache.flink.runtime.io.network.partition.BufferWritingResultPartition;
import org.apache.flink.runtime.io.network.partition.ResultPartition;
import org.apache.flink.runtime.io.network.partition.ResultPartitionFactory;
import org.apache.flink.runtime.io.network.partition.ResultPartitionID;
import org.apache.flink.runtime.io.network.partition.ResultPartitionManager;
import org.apache.flink.runtime.io.network.partition.ResultPartitionType;
import org.apache.flink.runtime.io.network.partition.ResultSubpartition;
import org.apache.flink.runtime.io.network.partition.ResultSubpartitionIndexSet;
import org.apache.flink.runtime.io.network.partition.ResultSubpartitionView;
import org.apache.flink.runtime.plugable.SerializationDelegate;
import org.apache.flink.util.function.SupplierWithException;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;

/**
 * Records written by a {@link RecordWriter} into a pipelined result partition, as a streaming
 * task's output writes them, and the buffers its subpartitions hand to their consumers: each
 * described by its subpartition, its kind, its size and its bytes. A seed decides everything: which
 * records (of fixed-length types, written in place by the fork, and others) go to which
 * subpartition, and between them flushes, events, reads of the consumers and changes of the
 * buffers' size. Written against Flink's API only, without nested classes or lambdas, so that
 * {@code UpstreamRuntime#copyOf} can run the same code against upstream's classes.
 */
public final class PartitionWrites
        implements SupplierWithException<BufferPool, IOException>, BufferAvailabilityListener {

    private final NetworkBufferPool buffers;
    private final int segmentSize;
    private final int subpartitions;

    private PartitionWrites(int segmentSize, int subpartitions) {
        this.buffers = new NetworkBufferPool(4096, segmentSize);
        this.segmentSize = segmentSize;
        this.subpartitions = subpartitions;
    }

    /**
     * Writes {@code steps} records and what comes between them into buffers of {@code segmentSize}
     * bytes, with a writer that flushes after every record or not, and returns the buffers and
     * events that the consumers of the subpartitions read, in the order they read them.
     */
    public static List<String> write(
            int segmentSize, int subpartitions, boolean flushAlways, long seed, int steps)
            throws Exception {
        PartitionWrites writes = new PartitionWrites(segmentSize, subpartitions);
        try {
            return writes.run(flushAlways, new Random(seed), steps);
        } finally {
            writes.buffers.destroy();
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private List<String> run(boolean flushAlways, Random random, int steps) throws Exception {
        ResultPartition partition = createPartition();
        partition.setup();
        ResultSubpartitionView[] views = new ResultSubpartitionView[subpartitions];
        for (int i = 0; i < subpartitions; i++) {
            views[i] = partition.createSubpartitionView(new ResultSubpartitionIndexSet(i), this);
        }
        RecordWriter<SerializationDelegate<Object>> writer =
                new RecordWriterBuilder<SerializationDelegate<Object>>()
                        .setTimeout(
                                flushAlways ? 0 : ExecutionOptions.DISABLED_NETWORK_BUFFER_TIMEOUT)
                        .build(partition);
        SerializationDelegate[] delegates = {
            new SerializationDelegate<>(LongSerializer.INSTANCE),
            new SerializationDelegate<>(BooleanSerializer.INSTANCE),
            new SerializationDelegate<>(pairSerializer()),
            new SerializationDelegate<>(wideTupleSerializer()),
            new SerializationDelegate<>(StringSerializer.INSTANCE),
            new SerializationDelegate<>(LongPrimitiveArraySerializer.INSTANCE)
        };
        List<String> read = new ArrayList<>();
        for (int step = 0; step < steps; step++) {
            int subpartition = random.nextInt(subpartitions);
            int action = random.nextInt(200);
            if (action == 0) {
                partition.flush(subpartition);
            } else if (action == 1) {
                writer.broadcastEvent(EndOfSuperstepEvent.INSTANCE);
            } else if (action == 2) {
                ResultSubpartition[] all =
                        ((BufferWritingResultPartition) partition).getAllPartitions();
                all[subpartition].bufferSize(16 + random.nextInt(segmentSize));
            } else if (action < 12) {
                readAvailable(views, read);
            } else {
                int kind = random.nextInt(delegates.length);
                delegates[kind].setInstance(record(kind, random));
                writer.emit(delegates[kind], subpartition);
            }
        }
        writer.flushAll();
        partition.finish();
        readAvailable(views, read);
        writer.close();
        partition.release();
        return read;
    }

    private ResultPartition createPartition() {
        ResultPartitionFactory factory =
                new ResultPartitionFactory(
                        new ResultPartitionManager(),
                        null,
                        buffers,
                        null,
                        null,
                        BoundedBlockingSubpartitionType.FILE,
                        2,
                        8,
                        segmentSize,
                        false,
                        null,
                        Integer.MAX_VALUE,
                        1,
                        Integer.MAX_VALUE,
                        false,
                        5,
                        1,
                        1,
                        Optional.empty());
        return factory.create(
                "PartitionWrites",
                0,
                new ResultPartitionID(),
                ResultPartitionType.PIPELINED_BOUNDED,
                1,
                subpartitions,
                128,
                false,
                null,
                this,
                false);
    }

    /** The partition's buffer pool, large enough that the writer never waits for a buffer. */
    @Override
    public BufferPool get() throws IOException {
        return buffers.createBufferPool(
                subpartitions + 1, 4000, subpartitions, Integer.MAX_VALUE, 0);
    }

    @Override
    public void notifyDataAvailable(ResultSubpartitionView view) {}

    /**
     * Reads what each subpartition's consumer is told it can read now, as a consumer with credit
     * reads it, and recycles it; marks each read, so that a buffer read later than upstream's is
     * told apart.
     */
    private static void readAvailable(ResultSubpartitionView[] views, List<String> read)
            throws IOException {
        read.add("read");
        for (int i = 0; i < views.length; i++) {
            ResultSubpartition.BufferAndBacklog next;
            while (views[i].getAvailabilityAndBacklog(true).isAvailable()
                    && (next = views[i].getNextBuffer()) != null) {
                Buffer buffer = next.buffer();
                ByteBuffer bytes = buffer.getNioBufferReadable();
                StringBuilder description = new StringBuilder();
                description.append(i).append(' ').append(buffer.getDataType());
                description.append(" backlog ").append(next.buffersInBacklog());
                description.append(" next ").append(next.getNextDataType()).append(' ');
                while (bytes.hasRemaining()) {
                    int b = bytes.get();
                    description.append(Character.forDigit((b >> 4) & 0xF, 16));
                    description.append(Character.forDigit(b & 0xF, 16));
                }
                read.add(description.toString());
                buffer.recycleBuffer();
            }
        }
    }

    /** A record of the kind of delegate {@code kind}. */
    private static Object record(int kind, Random random) {
        switch (kind) {
            case 0:
                return random.nextLong();
            case 1:
                return random.nextBoolean();
            case 2:
                return Tuple2.of(random.nextLong(), random.nextInt());
            case 3:
                Tuple wide = Tuple.newInstance(25);
                for (int i = 0; i < 25; i++) {
                    wide.setField(random.nextLong(), i);
                }
                return wide;
            case 4:
                char[] chars = new char[random.nextInt(random.nextBoolean() ? 10 : 300)];
                for (int i = 0; i < chars.length; i++) {
                    chars[i] = (char) (32 + random.nextInt(random.nextBoolean() ? 90 : 2000));
                }
                return new String(chars);
            default:
                long[] longs = new long[random.nextInt(40)];
                for (int i = 0; i < longs.length; i++) {
                    longs[i] = random.nextLong();
                }
                return longs;
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static TypeSerializer<?> pairSerializer() {
        return new TupleSerializer(
                Tuple2.class,
                new TypeSerializer[] {LongSerializer.INSTANCE, IntSerializer.INSTANCE});
    }

    /** Tuples of 25 longs, 200 bytes: many span the smaller buffers. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static TypeSerializer<?> wideTupleSerializer() {
        TypeSerializer[] fields = new TypeSerializer[25];
        for (int i = 0; i < fields.length; i++) {
            fields[i] = LongSerializer.INSTANCE;
        }
        return new TupleSerializer(Tuple.getTupleClass(25), fields);
    }
}
