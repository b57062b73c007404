/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.types;

import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.apache.flink.core.memory.StringCodec;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/**
 * Flink's string format, written and read by {@link StringCodec}: the same bytes, in bulk on
 * Flink's own buffers, strict on corrupt input.
 */
public class StringValue {

    @Overlay.Replace("1.20.5:14d9879c6fba")
    @Override
    public void read(final DataInputView in) throws IOException {
        int length = StringCodec.readLength(in);
        this.value = StringCodec.readChars(in, length, this.value);
        this.len = length;
        this.hashCode = 0;
    }

    @Overlay.Replace("1.20.5:db5d3f7ef641")
    @Override
    public void write(final DataOutputView out) throws IOException {
        StringCodec.writeChars(this.value, this.len, out);
    }

    @Overlay.Replace("1.20.5:fcf3cafc5c84")
    public static String readString(DataInput in) throws IOException {
        return StringCodec.readString(in);
    }

    @Overlay.Replace("1.20.5:4e46ab78a6b4")
    public static final void writeString(CharSequence cs, DataOutput out) throws IOException {
        StringCodec.writeString(cs, out);
    }

    @Overlay.Replace("1.20.5:6bcb5000ce69")
    public static final void copyString(DataInput in, DataOutput out) throws IOException {
        StringCodec.copyString(in, out);
    }
}
