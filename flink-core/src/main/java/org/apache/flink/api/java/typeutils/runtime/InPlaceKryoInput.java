/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.api.java.typeutils.runtime;

import org.apache.flink.annotation.Internal;
import org.apache.flink.core.memory.DataInputDeserializer;

import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * A Kryo {@link Input} that reads the bytes of a {@link DataInputDeserializer} in place, from the
 * deserializer's array, where {@link NoFetchingInput} asks the deserializer for every value's bytes
 * through a stream (a string's, one char at a time). It reads what {@link NoFetchingInput} reads:
 *
 * <ul>
 *   <li>no byte past the object's last, so that the deserializer moves on by exactly the object's
 *       bytes ({@link #finish()});
 *   <li>the end of the deserializer's bytes fails a read with an {@link EOFException} inside a
 *       {@link KryoException}, which the {@code KryoSerializer} passes on;
 *   <li>{@link #eof()}, {@link #canReadInt()} and {@link #canReadLong()} are not supported.
 * </ul>
 *
 * <p>It never writes into the array, which other readers may share: Kryo's own reading of an ASCII
 * string marks its end in the buffer for a moment, so strings are read here.
 */
@Internal
public final class InPlaceKryoInput extends Input {

    /** The deserializer read from, between {@link #readFrom} and {@link #finish()}. */
    private DataInputDeserializer source;

    /** The position in the array where this input started reading the deserializer's bytes. */
    private int start;

    /** The bytes of an ASCII string, which end with a byte marked by its high bit. */
    private byte[] asciiBytes = new byte[32];

    /**
     * Whether the deserializer's bytes can be read in place: it has an array (a deserializer that
     * was given none reads through {@link NoFetchingInput}, which fails as upstream's does).
     */
    public static boolean canRead(DataInputDeserializer source) {
        return source.backingArray() != null;
    }

    /** Reads the deserializer's bytes from its position to its end. */
    public void readFrom(DataInputDeserializer source) {
        this.source = source;
        this.start = source.getPosition();
        setBuffer(source.backingArray(), start, source.available());
    }

    /** Moves the deserializer past the bytes read since {@link #readFrom}. */
    public void finish() throws IOException {
        DataInputDeserializer read = source;
        source = null;
        read.skipBytesToRead(position - start);
    }

    @Override
    protected int require(int required) throws KryoException {
        int remaining = limit - position;
        if (remaining < required) {
            throw new KryoException(
                    new EOFException(
                            "The bytes end "
                                    + (required - remaining)
                                    + " bytes before the end of the Kryo-serialized value"));
        }
        return remaining;
    }

    /** The array is all there is: nothing to fill it from. */
    @Override
    protected int fill(byte[] buffer, int offset, int count) {
        return -1;
    }

    @Override
    public int read() throws KryoException {
        require(1);
        return buffer[position++] & 0xFF;
    }

    /** This input, whose reads are the deserializer's, for serializers that read it as a stream. */
    @Override
    public InputStream getInputStream() {
        return this;
    }

    @Override
    public int available() {
        return 0;
    }

    @Override
    public boolean eof() {
        throw new UnsupportedOperationException("An in-place Kryo input does not support eof()");
    }

    @Override
    public boolean canReadInt() {
        throw new UnsupportedOperationException("An in-place Kryo input cannot read ahead");
    }

    @Override
    public boolean canReadLong() {
        throw new UnsupportedOperationException("An in-place Kryo input cannot read ahead");
    }

    /**
     * Reads an ASCII string without marking its end in the array, and any other string, {@code
     * null} or empty, as Kryo does, which writes nothing into the buffer for them.
     */
    @Override
    public String readString() {
        require(1);
        if ((buffer[position] & 0x80) != 0) {
            return super.readString();
        }
        int end = position;
        while ((buffer[end] & 0x80) == 0) {
            end++;
            if (end == limit) {
                require(end - position + 1);
            }
        }
        int length = end - position + 1;
        if (asciiBytes.length < length) {
            asciiBytes = new byte[Math.max(length, 2 * asciiBytes.length)];
        }
        System.arraycopy(buffer, position, asciiBytes, 0, length);
        asciiBytes[length - 1] &= 0x7F;
        position = end + 1;
        return new String(asciiBytes, 0, length, StandardCharsets.ISO_8859_1);
    }

    @Override
    public StringBuilder readStringBuilder() {
        String value = readString();
        return value == null ? null : new StringBuilder(value);
    }
}
