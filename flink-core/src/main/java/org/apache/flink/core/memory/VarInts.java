/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.core.memory;

import org.apache.flink.annotation.Internal;

import java.io.DataInput;
import java.io.EOFException;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The 7-bit variable-length integers of Flink's string format: little-endian groups of 7 bits, the
 * high bit of each byte set when another byte follows. Lengths take 1 to 5 bytes, UTF-16 chars 1 to
 * 3.
 *
 * <p>Reading is strict: a varint longer than its kind allows, a value that does not fit, or input
 * that ends inside a varint gives an {@link IOException} (an {@link EOFException} for the end of
 * input) that names what was being read.
 */
@Internal
public final class VarInts {

    /** The most bytes a length (a non-negative {@code int}) takes. */
    public static final int MAX_LENGTH_BYTES = 5;

    /** The most bytes a UTF-16 char takes. */
    public static final int MAX_CHAR_BYTES = 3;

    private static final int CONTINUATION = 0x80;
    private static final int PAYLOAD = 0x7f;

    /** The second byte of a char from 0x80 to 0xFF: its eighth bit. */
    private static final byte LATIN1_SECOND_BYTE = 1;

    /** The high bit of each byte of a word, whatever its byte order. */
    static final long HIGH_BITS = 0x8080_8080_8080_8080L;

    /** The high bit of each byte of an int. */
    private static final int INT_HIGH_BITS = 0x8080_8080;

    /** The continuation bit of a little-endian word's second byte. */
    private static final long SECOND_BYTE_CONTINUATION = 0x8000L;

    /**
     * The bits of a word's third byte that a char's varint leaves clear: all but the lowest two.
     */
    private static final long THIRD_BYTE_ABOVE_TWO_BITS = 0xfc_0000L;

    /** A char's bits 7 to 13, in a word shifted right by 1: the payload of its second byte. */
    private static final long SECOND_PAYLOAD = 0x3f80L;

    /** A char's bits 14 and 15, in a word shifted right by 2: the payload of its third byte. */
    private static final long THIRD_PAYLOAD = 0xc000L;

    private static final VarHandle LONGS =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private static final VarHandle INTS =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private VarInts() {}

    /**
     * Writes a non-negative value at {@code pos} of {@code target}, which must have room for 5
     * bytes.
     *
     * @return the position after the value
     */
    public static int write(int value, byte[] target, int pos) {
        int v = value;
        while ((v & ~PAYLOAD) != 0) {
            target[pos++] = (byte) (v | CONTINUATION);
            v >>>= 7;
        }
        target[pos++] = (byte) v;
        return pos;
    }

    /**
     * Writes a char at {@code pos} of {@code target}, which must have room for 3 bytes.
     *
     * @return the position after the char
     */
    public static int write(char value, byte[] target, int pos) {
        if (value < 0x80) {
            target[pos] = (byte) value;
            return pos + 1;
        }
        target[pos] = (byte) (value | CONTINUATION);
        if (value < 0x4000) {
            target[pos + 1] = (byte) (value >>> 7);
            return pos + 2;
        }
        target[pos + 1] = (byte) ((value >>> 7) | CONTINUATION);
        target[pos + 2] = (byte) (value >>> 14);
        return pos + 3;
    }

    /**
     * Writes {@code count} chars of {@code source} from {@code from} at {@code pos} of {@code
     * target}, which must have room for 3 bytes a char.
     *
     * @return the position after the chars
     */
    public static int write(char[] source, int from, int count, byte[] target, int pos) {
        int end = from + count;
        int i = from;
        // ASCII runs, the common case, take one byte each
        while (i < end) {
            char c = source[i];
            if (c >= 0x80) {
                break;
            }
            target[pos++] = (byte) c;
            i++;
        }
        for (; i < end; i++) {
            pos = write(source[i], target, pos);
        }
        return pos;
    }

    /**
     * Writes chars {@code from} to {@code to} of a string at {@code pos} of {@code target}, which
     * must have room for 3 bytes a char.
     *
     * @return the position after the chars
     */
    public static int write(String source, int from, int to, byte[] target, int pos) {
        int i = from;
        while (i < to) {
            char c = source.charAt(i);
            if (c >= 0x80) {
                break;
            }
            target[pos++] = (byte) c;
            i++;
        }
        for (; i < to; i++) {
            pos = write(source.charAt(i), target, pos);
        }
        return pos;
    }

    /**
     * Reads a length from {@code source} at {@code pos}, up to {@code limit}.
     *
     * @return the value in the low 32 bits, the position after it in the high 32 bits
     * @throws IOException if the varint is longer than 5 bytes, its value does not fit an {@code
     *     int}, or the input ends inside it
     */
    public static long readLength(byte[] source, int pos, int limit, String what)
            throws IOException {
        int value = 0;
        for (int i = 0; i < MAX_LENGTH_BYTES; i++) {
            if (pos >= limit) {
                throw endInside(what);
            }
            int b = source[pos++] & 0xff;
            value |= (b & PAYLOAD) << (7 * i);
            if (b < CONTINUATION) {
                checkFits(i, b, what);
                return ((long) pos << 32) | value;
            }
        }
        throw tooLong(what, MAX_LENGTH_BYTES);
    }

    /**
     * Reads a length from a stream.
     *
     * @throws IOException as {@link #readLength(byte[], int, int, String)}
     */
    public static int readLength(DataInput in, String what) throws IOException {
        int value = 0;
        for (int i = 0; i < MAX_LENGTH_BYTES; i++) {
            int b;
            try {
                b = in.readUnsignedByte();
            } catch (EOFException e) {
                throw endInside(what);
            }
            value |= (b & PAYLOAD) << (7 * i);
            if (b < CONTINUATION) {
                checkFits(i, b, what);
                return value;
            }
        }
        throw tooLong(what, MAX_LENGTH_BYTES);
    }

    /**
     * Reads {@code count} chars from {@code source} at {@code pos}, up to {@code limit}, into
     * {@code target} from {@code offset}.
     *
     * @return the position after the chars
     * @throws IOException if a char takes more than 3 bytes or does not fit a char, or the input
     *     ends before the last char
     */
    public static int readChars(
            byte[] source, int pos, int limit, char[] target, int offset, int count)
            throws IOException {
        int end = offset + count;
        int i = offset;
        // while a word at the char's first byte lies before the limit, it holds all of the char's
        // bytes: the char decodes from the word, with one load and no limit check
        for (int lastWord = limit - Long.BYTES; i < end && pos <= lastWord; i++) {
            long word = (long) LONGS.get(source, pos);
            if ((word & CONTINUATION) == 0) {
                target[i] = (char) (word & PAYLOAD);
                pos++;
            } else if ((word & SECOND_BYTE_CONTINUATION) == 0) {
                target[i] = (char) ((word & PAYLOAD) | (word >>> 1) & SECOND_PAYLOAD);
                pos += 2;
            } else if ((word & THIRD_BYTE_ABOVE_TWO_BITS) == 0) {
                target[i] =
                        (char)
                                ((word & PAYLOAD)
                                        | (word >>> 1) & SECOND_PAYLOAD
                                        | (word >>> 2) & THIRD_PAYLOAD);
                pos += 3;
            } else {
                throw corruptThirdByte((byte) (word >>> 16));
            }
        }
        for (; i < end; i++) {
            if (limit - pos < MAX_CHAR_BYTES) {
                checkCharEnds(source, pos, limit);
            }
            pos = readCharAt(source, pos, target, i);
        }
        return pos;
    }

    /**
     * Reads the char at {@code pos} into {@code target[index]}; its bytes must lie in {@code
     * source}.
     *
     * @return the position after the char
     */
    private static int readCharAt(byte[] source, int pos, char[] target, int index)
            throws IOException {
        int b0 = source[pos];
        if (b0 >= 0) {
            target[index] = (char) b0;
            return pos + 1;
        }
        int b1 = source[pos + 1];
        if (b1 >= 0) {
            target[index] = twoByteChar(b0, b1);
            return pos + 2;
        }
        target[index] = threeByteChar(b0, b1, source[pos + 2]);
        return pos + 3;
    }

    /** Checks that the char at {@code pos}, less than 3 bytes before the limit, ends before it. */
    private static void checkCharEnds(byte[] source, int pos, int limit) throws EOFException {
        for (int p = pos; p < limit; p++) {
            if (source[p] >= 0) {
                return;
            }
        }
        throw endInside("string");
    }

    /**
     * Reads one char from a stream, a byte at a time.
     *
     * @throws IOException as {@link #readChars}
     */
    public static char readChar(DataInput in) throws IOException {
        try {
            int b0 = in.readByte();
            if (b0 >= 0) {
                return (char) b0;
            }
            int b1 = in.readByte();
            if (b1 >= 0) {
                return twoByteChar(b0, b1);
            }
            return threeByteChar(b0, b1, in.readByte());
        } catch (EOFException e) {
            throw endInside("string");
        }
    }

    static char twoByteChar(int b0, int b1) {
        return (char) ((b0 & PAYLOAD) | b1 << 7);
    }

    static char threeByteChar(int b0, int b1, int b2) throws IOException {
        if (b2 < 0 || b2 > 0x03) {
            throw corruptThirdByte(b2);
        }
        return (char) ((b0 & PAYLOAD) | (b1 & PAYLOAD) << 7 | b2 << 14);
    }

    /**
     * Turns the {@code count} bytes of a Latin-1 coding at {@code pos} of {@code bytes} into the
     * chars' varints, in place: an ASCII char is its byte, and a char from 0x80 to 0xFF the same
     * byte followed by the byte 1. {@code bytes} must have room for 3 bytes a char from {@code
     * pos}: the coding is first moved to the last third of that room, then widened from there into
     * the first two thirds, 8 bytes a step between chars past ASCII.
     *
     * @return the position after the chars
     */
    static int widenLatin1(byte[] bytes, int pos, int count) {
        int read = pos + 2 * count;
        int end = read + count;
        System.arraycopy(bytes, pos, bytes, read, count);
        int write = pos;
        // each char takes at most 2 bytes, so a word stored at the write position ends before the
        // read position while 8 bytes or more are left to read
        while (read <= end - Long.BYTES) {
            long word = (long) LONGS.get(bytes, read);
            LONGS.set(bytes, write, word);
            long pastAscii = word & HIGH_BITS;
            if (pastAscii == 0) {
                read += Long.BYTES;
                write += Long.BYTES;
            } else {
                // the word put the first char past ASCII in place; its second byte follows it
                int chars = (Long.numberOfTrailingZeros(pastAscii) >>> 3) + 1;
                bytes[write + chars] = LATIN1_SECOND_BYTE;
                read += chars;
                write += chars + 1;
            }
        }
        for (; read < end; read++) {
            byte b = bytes[read];
            bytes[write++] = b;
            if (b < 0) {
                bytes[write++] = LATIN1_SECOND_BYTE;
            }
        }
        return write;
    }

    /**
     * Reads up to {@code count} chars from {@code source} at {@code pos}, up to {@code limit}, as
     * the bytes of their Latin-1 coding into {@code target}, while they are Latin-1 chars in their
     * shortest varints: an ASCII char is its byte, and a char from 0x80 to 0xFF is the same byte
     * followed by the byte 1. Stops at the first char that is not so (any other char, a longer
     * varint, or the input's end), for {@link #readChars} to decode from there. {@code target} must
     * have room for {@code count} bytes; those past the chars read may be overwritten.
     *
     * <p>Eight bytes a step: a word without high bits is eight ASCII chars, and a word with one is
     * stored as it is, which puts the ASCII chars before its first high byte and that byte in
     * place, so that a Latin-1 char costs one step with the ASCII run in front of it.
     *
     * @return the number of chars read in the low 32 bits, the position after them in the high 32
     *     bits
     */
    public static long readLatin1(byte[] source, int pos, int limit, byte[] target, int count) {
        int i = 0;
        // a word stored at i ends within the room of the count chars while 8 or more are left
        while (i <= count - Long.BYTES && pos <= limit - Long.BYTES) {
            long word = (long) LONGS.get(source, pos);
            LONGS.set(target, i, word);
            long pastAscii = word & HIGH_BITS;
            if (pastAscii == 0) {
                i += Long.BYTES;
                pos += Long.BYTES;
                continue;
            }
            int ascii = Long.numberOfTrailingZeros(pastAscii) >>> 3;
            i += ascii;
            pos += ascii;
            if (pos + 1 >= limit || source[pos + 1] != LATIN1_SECOND_BYTE) {
                return (long) pos << 32 | i;
            }
            i++;
            pos += 2;
        }
        for (; i < count && pos < limit; i++) {
            byte b = source[pos];
            if (b < 0) {
                if (pos + 1 >= limit || source[pos + 1] != LATIN1_SECOND_BYTE) {
                    break;
                }
                pos++;
            }
            target[i] = b;
            pos++;
        }
        return (long) pos << 32 | i;
    }

    /**
     * The number of bytes from {@code pos} that hold {@code count} chars, up to {@code limit}.
     *
     * @throws IOException if a char takes more than 3 bytes, or the input ends before the last char
     */
    public static int charsLength(byte[] source, int pos, int limit, int count) throws IOException {
        int start = pos;
        int remaining = count;
        // a word without high bits holds eight whole ASCII chars
        while (remaining >= Long.BYTES
                && pos <= limit - Long.BYTES
                && ((long) LONGS.get(source, pos) & HIGH_BITS) == 0) {
            pos += Long.BYTES;
            remaining -= Long.BYTES;
        }
        int continuations = 0;
        while (remaining > 0) {
            if (pos >= limit) {
                throw endInside("string");
            }
            int b = source[pos++];
            // b >> 31 is -1 for a continuation byte, 0 for the last byte of a char
            continuations = (continuations + 1) & (b >> 31);
            remaining -= 1 + (b >> 31);
            if (continuations == MAX_CHAR_BYTES) {
                throw tooLong("string char", MAX_CHAR_BYTES);
            }
        }
        return pos - start;
    }

    /**
     * The number of chars whose varints end within the first {@code count} bytes: the bytes without
     * the continuation bit, counted 8 bytes a step.
     */
    static int charsEndingIn(byte[] bytes, int count) {
        int continued = 0;
        int i = 0;
        for (int end = count - Long.BYTES; i <= end; i += Long.BYTES) {
            continued += Long.bitCount((long) LONGS.get(bytes, i) & HIGH_BITS);
        }
        for (; i < count; i++) {
            continued += (bytes[i] & CONTINUATION) >>> 7;
        }
        return count - continued;
    }

    /**
     * Whether {@code count} bytes from {@code from} are all below 0x80: each a one-byte varint, an
     * ASCII char. Eight bytes a step, and the last step's word ends where the bytes end,
     * overlapping the one before it: no byte is checked alone from 4 bytes on, and none outside the
     * range.
     */
    public static boolean isAscii(byte[] bytes, int from, int count) {
        if (count >= Long.BYTES) {
            int lastWord = from + count - Long.BYTES;
            for (int i = from; i < lastWord; i += Long.BYTES) {
                if (((long) LONGS.get(bytes, i) & HIGH_BITS) != 0) {
                    return false;
                }
            }
            return ((long) LONGS.get(bytes, lastWord) & HIGH_BITS) == 0;
        }
        if (count >= Integer.BYTES) {
            int bits =
                    (int) INTS.get(bytes, from)
                            | (int) INTS.get(bytes, from + count - Integer.BYTES);
            return (bits & INT_HIGH_BITS) == 0;
        }
        if (count == 0) {
            return true;
        }
        // the first, middle and last of 1 to 3 bytes are all of them
        return (bytes[from] | bytes[from + (count >> 1)] | bytes[from + count - 1]) >= 0;
    }

    /** The error for the third byte of a char's varint, which has a bit above the lowest two. */
    private static IOException corruptThirdByte(int b2) {
        return b2 < 0
                ? tooLong("string char", MAX_CHAR_BYTES)
                : new IOException("Corrupt string: a char varint encodes a value above 0xFFFF");
    }

    private static void checkFits(int index, int lastByte, String what) throws IOException {
        // the fifth byte carries bits 28 to 34: only bits 28 to 30 fit a non-negative int
        if (index == MAX_LENGTH_BYTES - 1 && lastByte > 0x07) {
            throw new IOException("Corrupt " + what + ": its varint does not fit an int");
        }
    }

    private static EOFException endInside(String what) {
        return new EOFException("Input ended inside a " + what);
    }

    static IOException tooLong(String what, int maxBytes) {
        return new IOException(
                "Corrupt " + what + ": its varint is longer than " + maxBytes + " bytes");
    }
}
