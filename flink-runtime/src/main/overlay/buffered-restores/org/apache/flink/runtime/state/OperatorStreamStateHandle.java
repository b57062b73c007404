/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.state;

import org.apache.flink.core.fs.FSDataInputStream;

import java.io.IOException;

/** Hands the restore of operator state a stream that reads the state ahead, a block at a time. */
public class OperatorStreamStateHandle {

    @Overlay.Wrap("1.20.5:ff062088e10e")
    @Override
    public FSDataInputStream openInputStream() throws IOException {
        return BufferedStateInputStream.readAhead(openInputStream$upstream());
    }
}
