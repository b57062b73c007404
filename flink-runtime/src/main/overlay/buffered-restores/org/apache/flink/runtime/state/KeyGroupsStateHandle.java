/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.state;

import org.apache.flink.core.fs.FSDataInputStream;

import java.io.IOException;

/** Hands the restore of keyed state a stream that reads the state ahead, a block at a time. */
public class KeyGroupsStateHandle {

    @Overlay.Wrap("1.20.5:02e844c4b712")
    @Override
    public FSDataInputStream openInputStream() throws IOException {
        return BufferedStateInputStream.readAhead(openInputStream$upstream());
    }
}
