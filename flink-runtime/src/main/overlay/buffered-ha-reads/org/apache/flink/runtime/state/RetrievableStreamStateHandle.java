/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.state;

import org.apache.flink.core.fs.FSDataInputStream;

import java.io.IOException;

/**
 * Hands {@code retrieveState()} a stream that reads ahead, a block at a time: the object stream
 * that deserializes the stored object (a job graph, a completed checkpoint) reads its type codes,
 * lengths and class descriptions from the stream a byte a call.
 */
public class RetrievableStreamStateHandle<T extends Serializable> {

    @Overlay.Wrap("1.20.5:58a343f3444c")
    @Override
    public FSDataInputStream openInputStream() throws IOException {
        return BufferedStateInputStream.readAhead(openInputStream$upstream());
    }
}
