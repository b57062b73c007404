/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.checkpoint;

import org.apache.flink.runtime.checkpoint.metadata.CheckpointMetadata;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;

/** Writes and reads a checkpoint's metadata a block at a time ({@link MetadataStreams}). */
public class Checkpoints {

    /**
     * Writes the metadata to {@code out} in blocks of {@link MetadataStreams#BLOCK_BYTES}, all of
     * it before returning; {@code out} is neither flushed nor closed.
     */
    @Overlay.Wrap("1.20.5:173076d499ae")
    public static void storeCheckpointMetadata(
            CheckpointMetadata checkpointMetadata, OutputStream out) throws IOException {
        MetadataStreams.BlockWriter blocks = new MetadataStreams.BlockWriter(out);
        storeCheckpointMetadata$upstream(checkpointMetadata, blocks);
        blocks.writePending();
    }

    /**
     * Reads the metadata from {@code in} a block at a time: once it returns, {@code in} may stand
     * past the metadata's end, as a stream of a metadata file is closed after.
     */
    @Overlay.Wrap("1.20.5:9303a26972e0")
    public static CheckpointMetadata loadCheckpointMetadata(
            DataInputStream in, ClassLoader classLoader, String externalPointer)
            throws IOException {
        return loadCheckpointMetadata$upstream(
                MetadataStreams.readAhead(in), classLoader, externalPointer);
    }
}
