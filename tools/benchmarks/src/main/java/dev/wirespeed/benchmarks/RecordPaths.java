/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.benchmarks;

import org.apache.flink.api.common.typeutils.base.LongSerializer;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.core.memory.MemorySegment;
import org.apache.flink.core.memory.MemorySegmentFactory;
import org.apache.flink.runtime.checkpoint.CheckpointException;
import org.apache.flink.runtime.event.AbstractEvent;
import org.apache.flink.runtime.io.network.api.StopMode;
import org.apache.flink.runtime.io.network.api.serialization.RecordDeserializer;
import org.apache.flink.runtime.io.network.api.serialization.SpillingAdaptiveSpanningRecordDeserializer;
import org.apache.flink.runtime.io.network.api.writer.RecordWriter;
import org.apache.flink.runtime.io.network.api.writer.RecordWriterBuilder;
import org.apache.flink.runtime.io.network.api.writer.ResultPartitionWriter;
import org.apache.flink.runtime.io.network.buffer.Buffer;
import org.apache.flink.runtime.io.network.buffer.BufferRecycler;
import org.apache.flink.runtime.io.network.buffer.NetworkBuffer;
import org.apache.flink.runtime.io.network.partition.BufferAvailabilityListener;
import org.apache.flink.runtime.io.network.partition.ResultPartitionID;
import org.apache.flink.runtime.io.network.partition.ResultSubpartitionIndexSet;
import org.apache.flink.runtime.io.network.partition.ResultSubpartitionView;
import org.apache.flink.runtime.metrics.groups.TaskIOMetricGroup;
import org.apache.flink.runtime.plugable.NonReusingDeserializationDelegate;
import org.apache.flink.runtime.plugable.SerializationDelegate;
import org.apache.flink.streaming.api.operators.TimestampedCollector;
import org.apache.flink.streaming.runtime.io.RecordWriterOutput;
import org.apache.flink.streaming.runtime.streamrecord.StreamElement;
import org.apache.flink.streaming.runtime.streamrecord.StreamElementSerializer;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import java.util.function.IntSupplier;

/**
 * A record's way through a streaming task in Flink's own record format, the format of every job
 * with the default configuration: an operator's {@code TimestampedCollector} hands a result on with
 * its input's timestamp, the task's {@code RecordWriterOutput} serializes it as a stream element
 * through a {@code RecordWriter}, and the next task's record deserializer reads it back from a
 * network buffer. The partition between them is this class, which reads each record it is given.
 * Written against Flink's API only, without nested classes or lambdas, so that {@code
 * UpstreamRuntime#copyOf} can run the same code against upstream's classes.
 */
public final class RecordPaths implements IntSupplier, ResultPartitionWriter {

    private final StreamRecord<Long> input = new StreamRecord<>(0L);
    private final TimestampedCollector<Long> collector;

    /** A network buffer of the default segment size, off-heap as the network stack's are. */
    private final MemorySegment segment =
            MemorySegmentFactory.allocateUnpooledOffHeapMemory(32 * 1024);

    private final RecordDeserializer<NonReusingDeserializationDelegate<StreamElement>> deserializer;
    private final NonReusingDeserializationDelegate<StreamElement> delegate;
    private final boolean readBack;
    private int filled;
    private long next;
    private long recordsRead;
    private long checksum;

    /**
     * @param readBack whether the partition reads each record back, or only counts its bytes (the
     *     sending task's part of the path alone)
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public RecordPaths(boolean readBack) {
        this.readBack = readBack;
        RecordWriter<SerializationDelegate<StreamRecord<Long>>> writer =
                new RecordWriterBuilder()
                        .setTimeout(ExecutionOptions.DISABLED_NETWORK_BUFFER_TIMEOUT)
                        .build(this);
        collector =
                new TimestampedCollector<>(
                        new RecordWriterOutput<>(writer, LongSerializer.INSTANCE, null, false));
        deserializer =
                new SpillingAdaptiveSpanningRecordDeserializer<>(
                        new String[] {System.getProperty("java.io.tmpdir")});
        delegate =
                new NonReusingDeserializationDelegate<>(
                        new StreamElementSerializer<>(LongSerializer.INSTANCE));
    }

    /**
     * One record through the path: the input of a map, whose result goes out with the input's
     * timestamp and is read back on the other side with the buffer it is in. Returns a checksum of
     * what was read.
     */
    @Override
    public int getAsInt() {
        next++;
        input.replace(next, next * 10);
        collector.setTimestamp(input);
        collector.collect(next + 1);
        return (int) checksum;
    }

    /**
     * Appends the record to the buffer, as a result partition does; a buffer that the next record
     * does not fit in is first read, as the next task's network input reads it, or emptied.
     */
    @Override
    public void emitRecord(ByteBuffer record, int targetSubpartition) throws IOException {
        int length = record.remaining();
        if (filled + length > segment.size()) {
            if (readBack) {
                readBuffer();
            }
            filled = 0;
        }
        segment.put(filled, record, length);
        filled += length;
        if (!readBack) {
            checksum += length;
        }
    }

    @SuppressWarnings("unchecked")
    private void readBuffer() throws IOException {
        deserializer.setNextBuffer(
                new NetworkBuffer(
                        segment,
                        BufferRecycler.DummyBufferRecycler.INSTANCE,
                        Buffer.DataType.DATA_BUFFER,
                        filled));
        RecordDeserializer.DeserializationResult result;
        do {
            result = deserializer.getNextRecord(delegate);
            if (result.isFullRecord()) {
                StreamRecord<Long> read = (StreamRecord<Long>) delegate.getInstance();
                checksum += read.getValue() + read.getTimestamp();
                recordsRead++;
            }
        } while (!result.isBufferConsumed());
    }

    /** How many records were read back. */
    public long recordsRead() {
        return recordsRead;
    }

    /** The sum of the values and timestamps read back, or of the bytes written. */
    public long checksum() {
        return checksum;
    }

    @Override
    public int getNumberOfSubpartitions() {
        return 1;
    }

    @Override
    public void setup() {}

    @Override
    public ResultPartitionID getPartitionId() {
        return new ResultPartitionID();
    }

    @Override
    public ResultSubpartitionView createSubpartitionView(
            ResultSubpartitionIndexSet indexSet, BufferAvailabilityListener availabilityListener) {
        throw new UnsupportedOperationException("This partition has no readers");
    }

    @Override
    public int getNumTargetKeyGroups() {
        return 1;
    }

    @Override
    public void setMaxOverdraftBuffersPerGate(int maxOverdraftBuffersPerGate) {}

    @Override
    public void broadcastRecord(ByteBuffer record) throws IOException {
        emitRecord(record, 0);
    }

    @Override
    public void broadcastEvent(AbstractEvent event, boolean isPriorityEvent) {
        throw new UnsupportedOperationException("No events on this path");
    }

    @Override
    public void alignedBarrierTimeout(long checkpointId) {}

    @Override
    public void abortCheckpoint(long checkpointId, CheckpointException cause) {}

    @Override
    public void notifyEndOfData(StopMode mode) {}

    @Override
    public CompletableFuture<Void> getAllDataProcessedFuture() {
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public void setMetricGroup(TaskIOMetricGroup metrics) {}

    @Override
    public void flushAll() {}

    @Override
    public void flush(int subpartitionIndex) {}

    @Override
    public void fail(Throwable throwable) {}

    @Override
    public void finish() {}

    @Override
    public boolean isFinished() {
        return false;
    }

    @Override
    public void release(Throwable cause) {}

    @Override
    public boolean isReleased() {
        return false;
    }

    @Override
    public void close() {}

    @Override
    public CompletableFuture<?> getAvailableFuture() {
        return AVAILABLE;
    }
}
