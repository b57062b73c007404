/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.core.memory;

import org.apache.flink.annotation.Internal;
import org.apache.flink.types.StringValue;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.EOFException;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Flink's string format, as {@link StringValue} defines it: a {@link VarInts varint} length, then
 * each UTF-16 char as a varint. The static string methods write the length plus one (0 is {@code
 * null}); {@code StringValue}'s own methods write the length.
 *
 * <p>Every method produces and accepts exactly the bytes of Flink's original implementation. On
 * Flink's own buffers ({@link DataOutputSerializer}, {@link DataInputDeserializer}) the methods
 * work on the backing array in bulk; on other streams they encode into a buffer and write it in one
 * call, and read ahead only as far as the string's bytes are known to reach.
 */
@Internal
public final class StringCodec {

    /** Chars encoded or decoded at a time through a thread's buffers, for any stream. */
    static final int CHUNK_CHARS = 2048;

    /**
     * Strings up to this length are read from streams in words of up to eight bytes, copied between
     * streams a byte at a time, and written a byte at a time to outputs into memory segments.
     */
    private static final int TINY_STRING_CHARS = 16;

    /**
     * Strings up to this length are encoded straight from the string; longer ones through a char
     * array, whose ASCII runs the JIT loops over faster.
     */
    private static final int STRAIGHT_ENCODE_MAX_CHARS = 64;

    /**
     * Latin-1 coded strings from this length on are copied in bulk, then checked for ASCII; for
     * shorter ones the calls cost more than encoding char by char.
     */
    private static final int BULK_COPY_MIN_CHARS = 8;

    /**
     * Strings up to this length are read from streams into arrays of their own, and from a {@link
     * DataInputDeserializer} into the deserializer's own array, not the thread's buffers: in a task
     * thread, whose map of thread-locals holds many, a look-up of the buffers costs more than a
     * small array. The bound keeps what each deserializer holds small.
     */
    private static final int OWN_ARRAY_CHARS = 256;

    /**
     * Strings up to this length whose length takes one byte are copied from a {@link
     * DataInputDeserializer} a byte at a time, as upstream copies them: for so few bytes, finding
     * the string's end before one bulk copy costs more than the copy saves.
     */
    private static final int BYTEWISE_COPY_MAX_CHARS = 1;

    private static final VarHandle LONGS =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private static final VarHandle INTS =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

    private static final VarHandle SHORTS =
            MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);

    private static final ThreadLocal<Buffers> BUFFERS = ThreadLocal.withInitial(Buffers::new);

    private StringCodec() {}

    // ------------------------------------------------------------------------
    //  Writing
    // ------------------------------------------------------------------------

    /** Writes a string, or {@code null}, as {@link StringValue#writeString} does. */
    public static void writeString(CharSequence value, DataOutput out) throws IOException {
        if (value instanceof String
                && out instanceof DataOutputSerializer
                && value.length() <= CHUNK_CHARS) {
            writeShortString((String) value, (DataOutputSerializer) out);
            return;
        }
        if (value == null) {
            out.write(0);
            return;
        }
        int length = value.length();
        if (length == Integer.MAX_VALUE) {
            throw new IllegalArgumentException("CharSequence is too long.");
        }
        if (length <= TINY_STRING_CHARS && out instanceof MemorySegmentWritable) {
            writeBytewise(value, length, out);
            return;
        }
        write(value, length + 1, out);
    }

    /**
     * Writes a string of up to {@link #TINY_STRING_CHARS} chars a byte at a time, to an output that
     * writes into memory segments (the paged views of managed memory, in which batch jobs sort and
     * spill records): a byte costs such an output a store, where the thread's buffers would cost a
     * look-up and their bytes a bulk copy.
     */
    private static void writeBytewise(CharSequence value, int length, DataOutput out)
            throws IOException {
        out.write(length + 1);
        for (int i = 0; i < length; i++) {
            int c = value.charAt(i);
            while (c >= 0x80) {
                out.write(c | 0x80);
                c >>>= 7;
            }
            out.write(c);
        }
    }

    /** The common case, kept small for the JIT: a string of up to one chunk into a buffer. */
    private static void writeShortString(String value, DataOutputSerializer out)
            throws IOException {
        int length = value.length();
        byte[] target = out.reserve(VarInts.MAX_LENGTH_BYTES + 3 * length);
        int pos = VarInts.write(length + 1, target, out.length());
        out.setPositionUnsafe(encodeString(value, 0, length, target, pos));
    }

    /** Writes the first {@code length} chars of {@code chars}, as {@link StringValue} does. */
    public static void writeChars(char[] chars, int length, DataOutput out) throws IOException {
        write(new CharArraySequence(chars, length), length, out);
    }

    private static void write(CharSequence value, int lengthToWrite, DataOutput out)
            throws IOException {
        int length = value.length();
        if (out instanceof DataOutputSerializer) {
            // capacity for the worst case (3 bytes a char) is checked once a chunk, the bytes
            // are written straight into the serializer's array
            DataOutputSerializer serializer = (DataOutputSerializer) out;
            int chunk = Math.min(length, CHUNK_CHARS);
            byte[] target = serializer.reserve(VarInts.MAX_LENGTH_BYTES + 3 * chunk);
            int pos = VarInts.write(lengthToWrite, target, serializer.length());
            for (int from = 0; ; from += CHUNK_CHARS) {
                pos = encode(value, from, Math.min(length, from + CHUNK_CHARS), target, pos);
                serializer.setPositionUnsafe(pos);
                if (from + CHUNK_CHARS >= length) {
                    return;
                }
                target = serializer.reserve(3 * Math.min(length - from - CHUNK_CHARS, CHUNK_CHARS));
            }
        }
        byte[] bytes = BUFFERS.get().bytes;
        int pos = VarInts.write(lengthToWrite, bytes, 0);
        for (int from = 0; from < length; from += CHUNK_CHARS) {
            pos = encode(value, from, Math.min(length, from + CHUNK_CHARS), bytes, pos);
            out.write(bytes, 0, pos);
            pos = 0;
        }
        if (pos > 0) {
            out.write(bytes, 0, pos);
        }
    }

    /** Encodes chars {@code from} to {@code to} of a sequence, 3 bytes a char at most. */
    private static int encode(CharSequence value, int from, int to, byte[] target, int pos) {
        if (value instanceof String) {
            return encodeString((String) value, from, to, target, pos);
        }
        if (value instanceof CharArraySequence) {
            return VarInts.write(((CharArraySequence) value).chars, from, to - from, target, pos);
        }
        if (value instanceof StringValue) {
            return VarInts.write(
                    ((StringValue) value).getCharArray(), from, to - from, target, pos);
        }
        for (int i = from; i < to; i++) {
            pos = VarInts.write(value.charAt(i), target, pos);
        }
        return pos;
    }

    /**
     * Encodes chars {@code from} to {@code to} of a string: a Latin-1 coded string's with one array
     * copy, its chars past ASCII then widened in place; others straight from the string when short,
     * else through a thread's char array.
     */
    @SuppressWarnings("deprecation") // String#getBytes(int, int, byte[], int), exact for Latin-1
    private static int encodeString(String value, int from, int to, byte[] target, int pos) {
        int count = to - from;
        if (count >= BULK_COPY_MIN_CHARS && CompactStrings.isLatin1(value)) {
            // a Latin-1 coding's bytes are its chars; an ASCII char is one byte in Flink's format
            value.getBytes(from, to, target, pos);
            return VarInts.isAscii(target, pos, count)
                    ? pos + count
                    : VarInts.widenLatin1(target, pos, count);
        }
        return count <= STRAIGHT_ENCODE_MAX_CHARS
                ? VarInts.write(value, from, to, target, pos)
                : encodeThroughChars(value, from, to, target, pos);
    }

    /** Encodes a string's chars through a thread's char array, a chunk at a time. */
    private static int encodeThroughChars(String value, int from, int to, byte[] target, int pos) {
        char[] chars = BUFFERS.get().chars;
        for (int start = from; start < to; start += CHUNK_CHARS) {
            int end = Math.min(to, start + CHUNK_CHARS);
            value.getChars(start, end, chars, 0);
            pos = VarInts.write(chars, 0, end - start, target, pos);
        }
        return pos;
    }

    // ------------------------------------------------------------------------
    //  Reading
    // ------------------------------------------------------------------------

    /** Reads a string, or {@code null}, as {@link StringValue#readString} does. */
    public static String readString(DataInput in) throws IOException {
        if (in instanceof DataInputDeserializer) {
            return readString((DataInputDeserializer) in);
        }
        int lengthPlusOne = VarInts.readLength(in, "string length");
        if (lengthPlusOne == 0) {
            return null;
        }
        int length = lengthPlusOne - 1;
        return length <= OWN_ARRAY_CHARS ? readShortString(in, length) : readLongString(in, length);
    }

    /**
     * Reads a string of up to {@link #OWN_ARRAY_CHARS} chars: first as many bytes as it has chars,
     * the fewest it can have, into an array of its own; all of it, if they are ASCII. A string
     * whose chars all fit that array, one byte a char, keeps it as its storage.
     */
    private static String readShortString(DataInput in, int length) throws IOException {
        byte[] bytes = new byte[length];
        if (length <= TINY_STRING_CHARS) {
            return readInWords(in, bytes, length)
                    ? CompactStrings.adoptLatin1(bytes)
                    : readTinyString(in, bytes, length);
        }
        readFully(in, bytes, 0, length);
        if (VarInts.isAscii(bytes, 0, length)) {
            return CompactStrings.adoptLatin1(bytes);
        }
        CharChunks chunks = new CharChunks(in, length);
        return decodeString(chunks, chunks.readFrom(bytes, length), length);
    }

    /**
     * Reads the rest of a string of up to {@link #TINY_STRING_CHARS} chars whose first {@code
     * length} bytes, read already into {@code bytes}, hold a char past ASCII: each char from those
     * bytes or, past them, a byte at a time from the stream. While its chars are Latin-1 they are
     * decoded in place, each into the byte at its index, which its varint's bytes have been read
     * from already; from the first that is not on, into an array of chars.
     */
    private static String readTinyString(DataInput in, byte[] bytes, int length)
            throws IOException {
        char[] chars = null;
        int pos = 0;
        for (int i = 0; i < length; i++) {
            int b0 = pos < length ? bytes[pos++] : nextSignedByte(in);
            int c;
            if (b0 >= 0) {
                c = b0;
            } else {
                int b1 = pos < length ? bytes[pos++] : nextSignedByte(in);
                c =
                        b1 >= 0
                                ? VarInts.twoByteChar(b0, b1)
                                : VarInts.threeByteChar(
                                        b0, b1, pos < length ? bytes[pos++] : nextSignedByte(in));
            }
            if (chars == null && c <= 0xFF) {
                bytes[i] = (byte) c;
            } else {
                if (chars == null) {
                    chars = new char[length];
                    for (int k = 0; k < i; k++) {
                        chars[k] = (char) (bytes[k] & 0xFF);
                    }
                }
                chars[i] = (char) c;
            }
        }
        return chars == null ? CompactStrings.adoptLatin1(bytes) : new String(chars);
    }

    /** Reads a string of more than {@link #OWN_ARRAY_CHARS} chars through the thread's buffers. */
    private static String readLongString(DataInput in, int length) throws IOException {
        CharChunks chunks = new CharChunks(in, length);
        int complete = chunks.read();
        // as many chars as bytes: each byte is a char of its own, an ASCII char
        return complete == length
                ? latin1String(chunks.bytes, 0, length)
                : decodeString(chunks, complete, length);
    }

    private static String decodeString(CharChunks chunks, int complete, int length)
            throws IOException {
        return new String(decode(chunks, complete, BUFFERS.get().chars, length), 0, length);
    }

    private static String readString(DataInputDeserializer in) throws IOException {
        byte[] source = in.backingArray();
        int start = in.getPosition();
        int limit = start + in.available();
        int simple = simpleStringBytes(source, start, limit);
        if (simple > 0) {
            in.skipBytesToRead(simple);
            return latin1String(source, start + 1, simple - 1);
        }
        long lengthAndPos = VarInts.readLength(source, start, limit, "string length");
        int lengthPlusOne = (int) lengthAndPos;
        int pos = (int) (lengthAndPos >>> 32);
        if (lengthPlusOne == 0) {
            in.skipBytesToRead(pos - start);
            return null;
        }
        int length = lengthPlusOne - 1;
        if (length <= limit - pos && VarInts.isAscii(source, pos, length)) {
            in.skipBytesToRead(pos + length - start);
            return latin1String(source, pos, length);
        }
        checkAvailable(length, limit - pos);
        if (length > OWN_ARRAY_CHARS) {
            char[] chars = length <= CHUNK_CHARS ? BUFFERS.get().chars : new char[length];
            int end = VarInts.readChars(source, pos, limit, chars, 0, length);
            in.skipBytesToRead(end - start);
            return new String(chars, 0, length);
        }
        // text in a Western European language is ASCII with Latin-1 chars among it: read as the
        // bytes a String keeps such chars in; a string with other chars too is decoded as chars
        // from the first of them on
        byte[] latin1 = in.stringBytes(length);
        long charsAndPos = VarInts.readLatin1(source, pos, limit, latin1, length);
        int latin1Chars = (int) charsAndPos;
        pos = (int) (charsAndPos >>> 32);
        if (latin1Chars == length) {
            in.skipBytesToRead(pos - start);
            return latin1String(latin1, 0, length);
        }
        char[] chars = in.stringChars(length);
        for (int i = 0; i < latin1Chars; i++) {
            chars[i] = (char) (latin1[i] & 0xff);
        }
        int end = VarInts.readChars(source, pos, limit, chars, latin1Chars, length - latin1Chars);
        in.skipBytesToRead(end - start);
        return new String(chars, 0, length);
    }

    /** Reads a length as {@link StringValue}'s own format writes it. */
    public static int readLength(DataInput in) throws IOException {
        return VarInts.readLength(in, "string length");
    }

    /**
     * Reads {@code length} chars into {@code reuse} if it is large enough, or into a new array.
     * Never allocates more than the input holds: a corrupt length fails with an {@link
     * java.io.EOFException} once the input ends.
     *
     * @return the array that holds the chars from index 0
     */
    public static char[] readChars(DataInput in, int length, char[] reuse) throws IOException {
        if (in instanceof DataInputDeserializer) {
            DataInputDeserializer deserializer = (DataInputDeserializer) in;
            int pos = deserializer.getPosition();
            int limit = pos + deserializer.available();
            checkAvailable(length, limit - pos);
            char[] chars = reuse.length >= length ? reuse : new char[length];
            int end = VarInts.readChars(deserializer.backingArray(), pos, limit, chars, 0, length);
            deserializer.skipBytesToRead(end - pos);
            return chars;
        }
        if (length <= TINY_STRING_CHARS) {
            return readTinyChars(in, length, reuse.length >= length ? reuse : new char[length]);
        }
        char[] chars = reuse.length >= length ? reuse : new char[Math.min(length, CHUNK_CHARS)];
        CharChunks chunks = new CharChunks(in, length);
        return decode(chunks, chunks.read(), chars, length);
    }

    /**
     * Decodes a string's chars of more than {@link #TINY_STRING_CHARS}, the first chunk of whose
     * bytes, with {@code complete} chars, has been read.
     *
     * @return {@code chars}, or a larger array if it is too small
     */
    private static char[] decode(CharChunks chunks, int complete, char[] chars, int length)
            throws IOException {
        for (int done = 0; ; complete = chunks.read()) {
            if (chars.length < done + complete) {
                chars = grow(chars, done + complete, length);
            }
            chunks.consumed(
                    VarInts.readChars(chunks.bytes, 0, chunks.available, chars, done, complete));
            done += complete;
            if (done == length) {
                return chars;
            }
        }
    }

    /**
     * Reads a few chars from a stream a byte at a time, as upstream does: for a handful of chars,
     * cheaper than reading them in a chunk, which first fills the thread's byte buffer in bulk.
     */
    private static char[] readTinyChars(DataInput in, int length, char[] chars) throws IOException {
        for (int i = 0; i < length; i++) {
            chars[i] = VarInts.readChar(in);
        }
        return chars;
    }

    // ------------------------------------------------------------------------
    //  Copying
    // ------------------------------------------------------------------------

    /** Copies a string, or {@code null}, as {@link StringValue#copyString} does. */
    public static void copyString(DataInput in, DataOutput out) throws IOException {
        if (in instanceof DataInputDeserializer) {
            DataInputDeserializer deserializer = (DataInputDeserializer) in;
            byte[] source = deserializer.backingArray();
            int start = deserializer.getPosition();
            int limit = start + deserializer.available();
            if (start < limit
                    && source[start] > 0
                    && source[start] <= BYTEWISE_COPY_MAX_CHARS + 1) {
                copyBytewise(deserializer, out);
                return;
            }
            int count = simpleStringBytes(source, start, limit);
            if (count == 0) {
                long lengthAndPos = VarInts.readLength(source, start, limit, "string length");
                int length = Math.max((int) lengthAndPos - 1, 0);
                int charsStart = (int) (lengthAndPos >>> 32);
                count = charsStart + VarInts.charsLength(source, charsStart, limit, length) - start;
            }
            out.write(source, start, count);
            deserializer.skipBytesToRead(count);
            return;
        }
        int lengthPlusOne = VarInts.readLength(in, "string length");
        if (lengthPlusOne <= TINY_STRING_CHARS + 1) {
            // a length of one byte; so few chars cost less copied a word at a time than found
            // and copied in bulk through the thread's buffers
            out.writeByte(lengthPlusOne);
            copyCharsInWords(in, out, lengthPlusOne - 1);
            return;
        }
        // the length goes out before the chunks reuse the thread's buffer
        byte[] prefix = BUFFERS.get().bytes;
        out.write(prefix, 0, VarInts.write(lengthPlusOne, prefix, 0));
        int length = Math.max(lengthPlusOne - 1, 0);
        CharChunks chunks = new CharChunks(in, length);
        for (int done = 0; done < length; ) {
            int complete = chunks.read();
            int end = VarInts.charsLength(chunks.bytes, 0, chunks.available, complete);
            out.write(chunks.bytes, 0, end);
            chunks.consumed(end);
            done += complete;
        }
    }

    /**
     * Copies a string whose length takes one byte, a byte at a time; a char's varint is read up to
     * its last byte, of {@link VarInts#MAX_CHAR_BYTES} at most.
     */
    private static void copyBytewise(DataInputDeserializer in, DataOutput out) throws IOException {
        int lengthPlusOne = nextStringByte(in);
        out.writeByte(lengthPlusOne);
        copyCharsBytewise(in, out, lengthPlusOne - 1);
    }

    /** Copies {@code chars} chars a byte at a time, each up to the last byte of its varint. */
    private static void copyCharsBytewise(DataInput in, DataOutput out, int chars)
            throws IOException {
        for (int i = 0; i < chars; i++) {
            int b = nextStringByte(in);
            out.writeByte(b);
            for (int bytes = 1; b >= 0x80; bytes++) {
                if (bytes == VarInts.MAX_CHAR_BYTES) {
                    throw VarInts.tooLong("string char", VarInts.MAX_CHAR_BYTES);
                }
                b = nextStringByte(in);
                out.writeByte(b);
            }
        }
    }

    /**
     * Copies {@code chars} chars with the stream's reads and the output's writes of a {@code long},
     * an {@code int}, a {@code short} and a byte, each a word's bytes in the order they came in.
     * Every char's varint ends with its only byte below 0x80, so as many bytes as chars are left
     * never reach past the string, and each step copies the largest word they fill.
     */
    private static void copyCharsInWords(DataInput in, DataOutput out, int chars)
            throws IOException {
        int continued = 0;
        for (int left = chars; left > 0; ) {
            int width = Integer.highestOneBit(Math.min(left, Long.BYTES));
            long word = readWord(in, width);
            writeWord(out, word, width);
            long pastAscii = word & (VarInts.HIGH_BITS >>> (Long.SIZE - Byte.SIZE * width));
            if (pastAscii == 0) {
                left -= width;
                continued = 0;
            } else {
                left -= width - Long.bitCount(pastAscii);
                continued = continuedAfter(word, width, continued);
            }
        }
    }

    /**
     * Counts the bytes of the char begun but not ended at the end of a word of a string's chars.
     *
     * @param continued the bytes of the char begun before the word
     */
    private static int continuedAfter(long word, int width, int continued) throws IOException {
        for (int shift = Byte.SIZE * (width - 1); shift >= 0; shift -= Byte.SIZE) {
            if ((word >>> shift & 0x80) == 0) {
                continued = 0;
            } else if (++continued == VarInts.MAX_CHAR_BYTES) {
                throw VarInts.tooLong("string char", VarInts.MAX_CHAR_BYTES);
            }
        }
        return continued;
    }

    /** Reads a word of 8, 4, 2 or 1 bytes of a string's chars, sign-extended. */
    private static long readWord(DataInput in, int width) throws IOException {
        try {
            switch (width) {
                case Long.BYTES:
                    return in.readLong();
                case Integer.BYTES:
                    return in.readInt();
                case Short.BYTES:
                    return in.readShort();
                default:
                    return in.readByte();
            }
        } catch (EOFException e) {
            throw endedInsideString();
        }
    }

    private static void writeWord(DataOutput out, long word, int width) throws IOException {
        switch (width) {
            case Long.BYTES:
                out.writeLong(word);
                break;
            case Integer.BYTES:
                out.writeInt((int) word);
                break;
            case Short.BYTES:
                out.writeShort((int) word);
                break;
            default:
                out.writeByte((int) word);
        }
    }

    /**
     * Reads the first {@code count} bytes of {@code bytes}, at most {@link #TINY_STRING_CHARS},
     * with the stream's reads of a {@code long}, an {@code int}, a {@code short} and a byte, stored
     * in the order they came in: the paged views of managed memory and the network buffer's view
     * that small records are read in place through read each from their segment in one access,
     * where a bulk read copies through the JDK's checks and a read a byte costs a call a byte.
     *
     * @return whether every byte read is ASCII, each a char of its own
     */
    private static boolean readInWords(DataInput in, byte[] bytes, int count) throws IOException {
        try {
            long seen = 0;
            int i = 0;
            for (; count - i >= Long.BYTES; i += Long.BYTES) {
                long word = in.readLong();
                LONGS.set(bytes, i, word);
                seen |= word;
            }
            if (count - i >= Integer.BYTES) {
                int word = in.readInt();
                INTS.set(bytes, i, word);
                seen |= word;
                i += Integer.BYTES;
            }
            if (count - i >= Short.BYTES) {
                short word = in.readShort();
                SHORTS.set(bytes, i, word);
                seen |= word;
                i += Short.BYTES;
            }
            if (i < count) {
                byte last = in.readByte();
                bytes[i] = last;
                seen |= last;
            }
            return (seen & VarInts.HIGH_BITS) == 0;
        } catch (EOFException e) {
            throw endedInsideString();
        }
    }

    private static int nextSignedByte(DataInput in) throws IOException {
        return (byte) nextStringByte(in);
    }

    private static int nextStringByte(DataInput in) throws IOException {
        try {
            return in.readUnsignedByte();
        } catch (EOFException e) {
            throw endedInsideString();
        }
    }

    // ------------------------------------------------------------------------
    //  Utilities
    // ------------------------------------------------------------------------

    private static void readFully(DataInput in, byte[] bytes, int offset, int count)
            throws IOException {
        try {
            in.readFully(bytes, offset, count);
        } catch (EOFException e) {
            throw endedInsideString();
        }
    }

    /**
     * The common case, checked first: a string of up to 126 chars, all ASCII, whose length takes
     * one byte.
     *
     * @return the number of bytes of such a string at {@code start}, its length included, or 0 if
     *     the bytes there are something else
     */
    private static int simpleStringBytes(byte[] source, int start, int limit) {
        if (start >= limit) {
            return 0;
        }
        int lengthPlusOne = source[start];
        return lengthPlusOne > 0
                        && lengthPlusOne <= limit - start
                        && VarInts.isAscii(source, start + 1, lengthPlusOne - 1)
                ? lengthPlusOne
                : 0;
    }

    /**
     * A string of Latin-1 chars, ASCII among them, from their bytes. The deprecated constructor is
     * the one that takes bytes as the low bytes of chars, without a charset: for Latin-1 bytes,
     * exactly the chars, in one copy.
     */
    @SuppressWarnings("deprecation")
    private static String latin1String(byte[] bytes, int from, int count) {
        return new String(bytes, 0, from, count);
    }

    /** The error of a string whose bytes the input ends before. */
    private static EOFException endedInsideString() {
        return new EOFException("Input ended inside a string");
    }

    private static void checkAvailable(int length, int available) throws IOException {
        // a char takes one byte at least
        if (length > available) {
            throw new EOFException(
                    "Input ended inside a string: it has "
                            + length
                            + " chars, the input "
                            + available
                            + " bytes");
        }
    }

    private static char[] grow(char[] chars, int needed, int length) {
        char[] grown = new char[Math.min(length, Math.max(needed, 2 * chars.length))];
        System.arraycopy(chars, 0, grown, 0, chars.length);
        return grown;
    }

    /**
     * The bytes of a string's chars, read from a stream a chunk of whole chars at a time. Every
     * char left takes one byte more at least, the one begun in the bytes carried over from the last
     * chunk too, so reading as many bytes as chars are left never reads past the string.
     */
    private static final class CharChunks {
        final byte[] bytes = BUFFERS.get().bytes;
        private final DataInput in;
        private int remaining;
        private int carried;
        private int complete;
        int available;

        CharChunks(DataInput in, int length) {
            this.in = in;
            this.remaining = length;
        }

        /**
         * Reads the next chunk into {@link #bytes}, after the bytes carried over.
         *
         * @return the number of chars that end within the first {@link #available} bytes
         */
        int read() throws IOException {
            int toRead = Math.min(remaining, CHUNK_CHARS);
            readFully(in, bytes, carried, toRead);
            available = carried + toRead;
            complete = VarInts.charsEndingIn(bytes, available);
            return complete;
        }

        /**
         * Takes the string's first {@code count} bytes, read already, as the first chunk.
         *
         * @return the number of chars that end within them
         */
        int readFrom(byte[] first, int count) {
            System.arraycopy(first, 0, bytes, 0, count);
            available = count;
            complete = VarInts.charsEndingIn(bytes, available);
            return complete;
        }

        /** Marks the chunk's chars, which end at {@code end}, as used. */
        void consumed(int end) throws IOException {
            remaining -= complete;
            carried = available - end;
            if (carried >= VarInts.MAX_CHAR_BYTES) {
                throw VarInts.tooLong("string char", VarInts.MAX_CHAR_BYTES);
            }
            System.arraycopy(bytes, end, bytes, 0, carried);
        }
    }

    /** A thread's buffers for streams other than Flink's own. */
    private static final class Buffers {
        final char[] chars = new char[CHUNK_CHARS];
        final byte[] bytes =
                new byte[VarInts.MAX_LENGTH_BYTES + VarInts.MAX_CHAR_BYTES * CHUNK_CHARS];
    }

    /** The first chars of an array, as a sequence. */
    private static final class CharArraySequence implements CharSequence {
        final char[] chars;
        final int length;

        CharArraySequence(char[] chars, int length) {
            this.chars = chars;
            this.length = length;
        }

        @Override
        public int length() {
            return length;
        }

        @Override
        public char charAt(int index) {
            return chars[index];
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return new String(chars, start, end - start);
        }
    }
}
