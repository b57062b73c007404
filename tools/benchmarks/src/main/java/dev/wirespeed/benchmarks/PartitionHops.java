/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.benchmarks;

import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.base.BooleanSerializer;
import org.apache.flink.api.common.typeutils.base.IntSerializer;
import org.apache.flink.api.common.typeutils.base.LongSerializer;
import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.api.java.tuple.Tuple4;
import org.apache.flink.api.java.typeutils.runtime.TupleSerializer;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.runtime.io.network.api.serialization.RecordDeserializer;
import org.apache.flink.runtime.io.network.api.serialization.SpillingAdaptiveSpanningRecordDeserializer;
import org.apache.flink.runtime.io.network.api.writer.RecordWriter;
import org.apache.flink.runtime.io.network.api.writer.RecordWriterBuilder;
import org.apache.flink.runtime.io.network.buffer.BufferPool;
import org.apache.flink.runtime.io.network.buffer.NetworkBufferPool;
import org.apache.flink.runtime.io.network.partition.BoundedBlockingSubpartitionType;
import org.apache.flink.runtime.io.network.partition.BufferAvailabilityListener;
import org.apache.flink.runtime.io.network.partition.ResultPartition;
import org.apache.flink.runtime.io.network.partition.ResultPartitionFactory;
import org.apache.flink.runtime.io.network.partition.ResultPartitionID;
import org.apache.flink.runtime.io.network.partition.ResultPartitionManager;
import org.apache.flink.runtime.io.network.partition.ResultPartitionType;
import org.apache.flink.runtime.io.network.partition.ResultSubpartition;
import org.apache.flink.runtime.io.network.partition.ResultSubpartitionIndexSet;
import org.apache.flink.runtime.io.network.partition.ResultSubpartitionView;
import org.apache.flink.runtime.plugable.DeserializationDelegate;
import org.apache.flink.runtime.plugable.NonReusingDeserializationDelegate;
import org.apache.flink.runtime.plugable.SerializationDelegate;
import org.apache.flink.streaming.runtime.io.RecordWriterOutput;
import org.apache.flink.streaming.runtime.streamrecord.StreamElement;
import org.apache.flink.streaming.runtime.streamrecord.StreamElementSerializer;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.util.function.SupplierWithException;

import java.io.IOException;
import java.util.Optional;
import java.util.function.IntSupplier;

/**
 * A record's hop between two streaming tasks in Flink's own record format, as a task's output and
 * the next task's network input run it: the output ({@code RecordWriterOutput}) serializes the
 * record through a {@code RecordWriter} into a pipelined result partition's buffers, and the
 * consumer of its subpartition takes the buffers and reads the records back with the record
 * deserializer, every {@value #RECORDS_A_READ} records. Records without timestamp, as those of a
 * job without watermarks. Shapes: a {@code Boolean} (FLIP-330's Boolean chain), a {@code Long}, a
 * {@code Tuple4} of longs and a {@code Tuple2} of a word and a count (the WordCount's). Written
 * against Flink's API only, without nested classes or lambdas, so that {@code
 * UpstreamRuntime#copyOf} can run the same code against upstream's classes.
 */
public final class PartitionHops
        implements IntSupplier,
                SupplierWithException<BufferPool, IOException>,
                BufferAvailabilityListener {

    private static final int RECORDS_A_READ = 8192;
    private static final String[] WORDS = {"to", "be", "or", "not", "question", "whether"};

    private final NetworkBufferPool buffers = new NetworkBufferPool(64, 32 * 1024);
    private final ResultSubpartitionView view;
    private final RecordWriterOutput<Object> output;
    private final StreamRecord<Object> record = new StreamRecord<>(null);
    private final Object[] values;
    private final RecordDeserializer<DeserializationDelegate<StreamElement>> deserializer;
    private final DeserializationDelegate<StreamElement> delegate;
    private int written;
    private long recordsRead;
    private int checksum;

    /** A hop of records in Flink's own format. */
    public PartitionHops(String shape) throws IOException {
        this(shape, false);
    }

    /**
     * A hop of records in Flink's own format or, in Wirespeed only, as tagless records (FLIP-330),
     * which {@link TaglessHops} sets up.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public PartitionHops(String shape, boolean tagless) throws IOException {
        TypeSerializer<Object> serializer = (TypeSerializer<Object>) serializer(shape);
        values = values(shape);
        ResultPartition partition =
                new ResultPartitionFactory(
                                new ResultPartitionManager(),
                                null,
                                buffers,
                                null,
                                null,
                                BoundedBlockingSubpartitionType.FILE,
                                2,
                                8,
                                32 * 1024,
                                false,
                                null,
                                Integer.MAX_VALUE,
                                1,
                                Integer.MAX_VALUE,
                                false,
                                5,
                                1,
                                1,
                                Optional.empty())
                        .create(
                                "PartitionHops",
                                0,
                                new ResultPartitionID(),
                                ResultPartitionType.PIPELINED_BOUNDED,
                                1,
                                1,
                                128,
                                false,
                                null,
                                this,
                                false);
        partition.setup();
        view = partition.createSubpartitionView(new ResultSubpartitionIndexSet(0), this);
        RecordWriter<SerializationDelegate<StreamRecord<Object>>> writer =
                new RecordWriterBuilder<SerializationDelegate<StreamRecord<Object>>>()
                        .setTimeout(ExecutionOptions.DISABLED_NETWORK_BUFFER_TIMEOUT)
                        .build(partition);
        output = new RecordWriterOutput<>((RecordWriter) writer, serializer, null, false);
        SpillingAdaptiveSpanningRecordDeserializer<DeserializationDelegate<StreamElement>>
                recordDeserializer =
                        new SpillingAdaptiveSpanningRecordDeserializer<>(
                                new String[] {System.getProperty("java.io.tmpdir")});
        if (tagless) {
            TaglessHops.writeTagless(output);
            delegate = TaglessHops.reader(serializer);
            deserializer = TaglessHops.deserializer(recordDeserializer, delegate);
        } else {
            delegate =
                    new NonReusingDeserializationDelegate<>(
                            new StreamElementSerializer<>(serializer));
            deserializer = recordDeserializer;
        }
    }

    /** One record through the hop; every {@value #RECORDS_A_READ} records the consumer reads. */
    @Override
    public int getAsInt() {
        output.collect(record.replace(values[written & 7]));
        if (++written % RECORDS_A_READ == 0) {
            try {
                read();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
        return checksum;
    }

    /**
     * Takes the buffers the consumer is told it may take, the full ones, reads their records and
     * recycles them.
     */
    private void read() throws IOException {
        ResultSubpartition.BufferAndBacklog next;
        while (view.getAvailabilityAndBacklog(true).isAvailable()
                && (next = view.getNextBuffer()) != null) {
            if (!next.buffer().isBuffer()) {
                next.buffer().recycleBuffer(); // an announcement of the tagless records' timestamps
                continue;
            }
            deserializer.setNextBuffer(next.buffer());
            RecordDeserializer.DeserializationResult result;
            do {
                result = deserializer.getNextRecord(delegate);
                if (result.isFullRecord()) {
                    checksum += delegate.getInstance().asRecord().getValue().hashCode();
                    recordsRead++;
                }
            } while (!result.isBufferConsumed());
        }
    }

    /** How many records the consumer read. */
    public long recordsRead() {
        return recordsRead;
    }

    /** The partition's buffer pool. */
    @Override
    public BufferPool get() throws IOException {
        return buffers.createBufferPool(2, 60, 1, Integer.MAX_VALUE, 0);
    }

    @Override
    public void notifyDataAvailable(ResultSubpartitionView view) {}

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static TypeSerializer<?> serializer(String shape) {
        switch (shape) {
            case "boolean":
                return BooleanSerializer.INSTANCE;
            case "long":
                return LongSerializer.INSTANCE;
            case "longs":
                return new TupleSerializer(
                        Tuple4.class,
                        new TypeSerializer[] {
                            LongSerializer.INSTANCE,
                            LongSerializer.INSTANCE,
                            LongSerializer.INSTANCE,
                            LongSerializer.INSTANCE
                        });
            case "word":
                return new TupleSerializer(
                        Tuple2.class,
                        new TypeSerializer[] {StringSerializer.INSTANCE, IntSerializer.INSTANCE});
            default:
                throw new IllegalArgumentException("No shape " + shape);
        }
    }

    private static Object[] values(String shape) {
        Object[] values = new Object[8];
        for (int i = 0; i < values.length; i++) {
            switch (shape) {
                case "boolean":
                    values[i] = Boolean.TRUE;
                    break;
                case "long":
                    values[i] = 1_000_000L * i;
                    break;
                case "longs":
                    values[i] = Tuple4.of((long) i, 2L * i, 3L * i, 4L * i);
                    break;
                default:
                    values[i] = Tuple2.of(WORDS[i % WORDS.length], i);
            }
        }
        return values;
    }
}
