/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.partition;

import org.apache.flink.runtime.io.network.buffer.NetworkBufferPool;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A pipelined result partition on a buffer pool of its own, set up before each test and released
 * after it; {@link SubpartitionContents} reads what a test wrote into it.
 */
public final class PipelinedPartitionExtension implements BeforeEachCallback, AfterEachCallback {

    private final int subpartitions;
    private NetworkBufferPool buffers;
    private ResultPartition partition;

    public PipelinedPartitionExtension(int subpartitions) {
        this.subpartitions = subpartitions;
    }

    /** The partition of the running test. */
    public ResultPartition get() {
        return partition;
    }

    @Override
    public void beforeEach(ExtensionContext context) throws Exception {
        buffers = new NetworkBufferPool(16, 4096);
        partition =
                new ResultPartitionBuilder()
                        .setNetworkBufferPool(buffers)
                        .setResultPartitionType(ResultPartitionType.PIPELINED)
                        .setNumberOfSubpartitions(subpartitions)
                        .build();
        partition.setup();
    }

    @Override
    public void afterEach(ExtensionContext context) {
        partition.release();
        buffers.destroy();
    }
}
