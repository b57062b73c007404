/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.api.java.typeutils.runtime;

import org.apache.flink.annotation.Internal;
import org.apache.flink.annotation.VisibleForTesting;
import org.apache.flink.core.memory.CompactStrings;
import org.apache.flink.core.memory.VarInts;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Registration;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.serializers.DefaultSerializers.StringSerializer;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Kryo's serializer of strings, writing a string of 16 chars or more whose chars are all below 256
 * (Latin-1 coded, as the JVM keeps such strings in a byte array) from that array: one array copy
 * and a check of eight bytes a step, where Kryo's {@link Output#writeString} tests and writes one
 * char at a time. The bytes are Kryo's: an ASCII string of 2 to 63 chars as its chars with the last
 * byte's high bit set, any other string as its length plus one in Kryo's length format, then its
 * chars in UTF-8 (a Latin-1 char past ASCII in two bytes, widened in place eight bytes a step
 * between such chars). Other strings, and strings that do not fit the output's buffer as it is, are
 * written by Kryo; reading is Kryo's.
 */
@Internal
public final class Latin1KryoStringSerializer extends StringSerializer {

    /** Kryo writes ASCII strings of more than one and fewer than this many chars without length. */
    private static final int ASCII_WITHOUT_LENGTH_BELOW = 64;

    /**
     * The shortest string written from its bytes: Kryo's own loop over the chars of a shorter one
     * costs less than the checks and the copy (JMH, the {@code Reading}'s strings of 3 and 8
     * chars).
     */
    private static final int MIN_CHARS = 16;

    /** The most bytes of Kryo's length format. */
    private static final int MAX_LENGTH_BYTES = 5;

    /** The high bit of each byte of a word: set where a Latin-1 char is past ASCII. */
    private static final long HIGH_BITS = 0x8080_8080_8080_8080L;

    private static final VarHandle LONGS =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /**
     * Gives a {@link Kryo} whose strings Kryo's own serializer writes this one instead, and leaves
     * a serializer registered for strings by anyone else as it is.
     *
     * @return the same Kryo
     */
    public static Kryo installInto(Kryo kryo) {
        Registration strings = kryo.getClassResolver().getRegistration(String.class);
        if (strings != null && strings.getSerializer().getClass() == StringSerializer.class) {
            strings.setSerializer(new Latin1KryoStringSerializer());
        }
        return kryo;
    }

    @Override
    public void write(Kryo kryo, Output output, String value) {
        if (value != null
                && value.length() >= MIN_CHARS
                && output.getClass() == Output.class
                && CompactStrings.isLatin1(value)) {
            byte[] buffer = output.getBuffer();
            int position = output.position();
            // the longest length, and the room that widening chars past ASCII in place takes
            if (buffer != null
                    && buffer.length - position >= MAX_LENGTH_BYTES + 3L * value.length()) {
                output.setPosition(write(value, buffer, position));
                return;
            }
        }
        output.writeString(value);
    }

    /**
     * Writes the chars of a Latin-1 coded string of {@value #MIN_CHARS} chars or more, in Kryo's
     * format, at {@code position}, where there is room for {@value #MAX_LENGTH_BYTES} bytes and
     * three a char.
     *
     * @return the position after the string
     */
    @SuppressWarnings("deprecation") // String#getBytes(int, int, byte[], int), exact for Latin-1
    private static int write(String value, byte[] buffer, int position) {
        int length = value.length();
        if (length < ASCII_WITHOUT_LENGTH_BELOW) {
            value.getBytes(0, length, buffer, position);
            if (VarInts.isAscii(buffer, position, length)) {
                buffer[position + length - 1] |= (byte) 0x80;
                return position + length;
            }
        }
        int chars = writeLength(length + 1, buffer, position);
        value.getBytes(0, length, buffer, chars);
        return VarInts.isAscii(buffer, chars, length)
                ? chars + length
                : widenToUtf8(buffer, chars, length);
    }

    /**
     * Writes a length in Kryo's format for strings: its lowest six bits in the first byte, marked
     * by the high bit, with bit 6 set where seven more bits follow in each further byte, whose high
     * bit says that another follows.
     *
     * @return the position after the length
     */
    @VisibleForTesting
    static int writeLength(int value, byte[] buffer, int position) {
        if (value >>> 6 == 0) {
            buffer[position] = (byte) (value | 0x80);
            return position + 1;
        }
        buffer[position++] = (byte) (value | 0xC0);
        int rest = value >>> 6;
        while (rest >>> 7 != 0) {
            buffer[position++] = (byte) (rest | 0x80);
            rest >>>= 7;
        }
        buffer[position] = (byte) rest;
        return position + 1;
    }

    /**
     * Turns {@code count} Latin-1 bytes at {@code from} into UTF-8 in place, where there is room
     * for three bytes a char: the bytes are first moved to the last third of the room, then copied
     * back eight at a time up to each char past ASCII, which becomes its two bytes. Flink's own
     * format widens Latin-1 text with a loop of this shape ({@code VarInts}) and another second
     * byte; one loop for both, told apart by a flag, made Flink's writes a third slower in JMH.
     *
     * @return the position after the chars
     */
    private static int widenToUtf8(byte[] buffer, int from, int count) {
        int read = from + 2 * count;
        int end = read + count;
        System.arraycopy(buffer, from, buffer, read, count);
        int write = from;
        // a word stored at the write position ends before the read position: each char read so
        // far took at most two bytes
        while (read <= end - Long.BYTES) {
            long word = (long) LONGS.get(buffer, read);
            LONGS.set(buffer, write, word);
            long pastAscii = word & HIGH_BITS;
            if (pastAscii == 0) {
                read += Long.BYTES;
                write += Long.BYTES;
            } else {
                int ascii = Long.numberOfTrailingZeros(pastAscii) >>> 3;
                write = writePastAscii(buffer, write + ascii, buffer[read + ascii]);
                read += ascii + 1;
            }
        }
        for (; read < end; read++) {
            byte b = buffer[read];
            if (b < 0) {
                write = writePastAscii(buffer, write, b);
            } else {
                buffer[write++] = b;
            }
        }
        return write;
    }

    /** Writes the two UTF-8 bytes of a Latin-1 char past ASCII; returns the position after them. */
    private static int writePastAscii(byte[] buffer, int write, byte latin1) {
        buffer[write] = (byte) (0xC0 | (latin1 & 0xFF) >>> 6);
        buffer[write + 1] = (byte) (0x80 | latin1 & 0x3F);
        return write + 2;
    }
}
