/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.checkpoint;

import org.apache.flink.runtime.checkpoint.metadata.CheckpointMetadata;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link Checkpoints} writes and reads a checkpoint's metadata through {@link MetadataStreams}: the
 * bytes of upstream's serializer, written and read with a call of the file's stream a block.
 */
class MetadataStreamsTest {

    private static final ClassLoader CLASS_LOADER = MetadataStreamsTest.class.getClassLoader();

    /** Metadata of 10 operators of 40 subtasks, keyed and operator state each: about 150 KB. */
    private static final CheckpointMetadata METADATA = CheckpointMetadataFiles.metadata(10, 40);

    @Test
    void writesUpstreamsBytesInBlocksWithoutFlushingOrClosing() throws IOException {
        byte[] upstreams = CheckpointMetadataFiles.serialize(METADATA);
        CountingOutputStream out = new CountingOutputStream();

        Checkpoints.storeCheckpointMetadata(METADATA, out);

        assertThat(upstreams.length).isGreaterThan(2 * MetadataStreams.BLOCK_BYTES);
        assertThat(out.bytes.toByteArray()).isEqualTo(upstreams);
        assertThat(out.writes).isEqualTo(blocksOf(upstreams.length));
        assertThat(out.flushes).isZero();
        assertThat(out.closed).isFalse();
    }

    @Test
    void readsTheMetadataInBlocks() throws IOException {
        byte[] upstreams = CheckpointMetadataFiles.serialize(METADATA);
        CountingInputStream in = new CountingInputStream(upstreams);

        CheckpointMetadata read =
                Checkpoints.loadCheckpointMetadata(new DataInputStream(in), CLASS_LOADER, "p");

        assertThat(CheckpointMetadataFiles.serialize(read)).isEqualTo(upstreams);
        assertThat(read.getOperatorStates()).isEqualTo(METADATA.getOperatorStates());
        // the blocks and the read that finds the end of the stream, if the last block is full
        assertThat(in.reads).isBetween(blocksOf(upstreams.length), blocksOf(upstreams.length) + 1);
    }

    @Test
    void smallMetadataTakesOneWriteAndOneRead() throws IOException {
        CheckpointMetadata small = CheckpointMetadataFiles.metadata(1, 1);
        CountingOutputStream out = new CountingOutputStream();
        Checkpoints.storeCheckpointMetadata(small, out);
        CountingInputStream in = new CountingInputStream(out.bytes.toByteArray());
        Checkpoints.loadCheckpointMetadata(new DataInputStream(in), CLASS_LOADER, "p");

        assertThat(out.writes).isOne();
        assertThat(in.reads).isOne();
    }

    @Test
    void truncatedMetadataFailsAtItsEnd() throws IOException {
        byte[] upstreams = CheckpointMetadataFiles.serialize(METADATA);
        byte[] truncated = Arrays.copyOf(upstreams, upstreams.length - 3);

        assertThatThrownBy(
                        () ->
                                Checkpoints.loadCheckpointMetadata(
                                        new DataInputStream(new ByteArrayInputStream(truncated)),
                                        CLASS_LOADER,
                                        "p"))
                .isInstanceOf(EOFException.class);
    }

    @Test
    void aMissingStreamFailsAsUpstreams() {
        assertThatThrownBy(() -> Checkpoints.loadCheckpointMetadata(null, CLASS_LOADER, "p"))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("input stream");
    }

    private static int blocksOf(int bytes) {
        return (bytes + MetadataStreams.BLOCK_BYTES - 1) / MetadataStreams.BLOCK_BYTES;
    }

    /** Counts the calls made to it; keeps what is written. */
    private static final class CountingOutputStream extends OutputStream {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int writes;
        int flushes;
        boolean closed;

        @Override
        public void write(int b) {
            writes++;
            bytes.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            writes++;
            bytes.write(b, off, len);
        }

        @Override
        public void flush() {
            flushes++;
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    /** Counts the calls that read from it. */
    private static final class CountingInputStream extends InputStream {
        private final ByteArrayInputStream in;
        int reads;

        CountingInputStream(byte[] bytes) {
            in = new ByteArrayInputStream(bytes);
        }

        @Override
        public int read() {
            reads++;
            return in.read();
        }

        @Override
        public int read(byte[] b, int off, int len) {
            reads++;
            return in.read(b, off, len);
        }
    }
}
