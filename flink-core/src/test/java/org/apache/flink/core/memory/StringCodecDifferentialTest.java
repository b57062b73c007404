/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.core.memory;

import org.apache.flink.types.StringValue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.CharBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The fork's string serialization against upstream 1.20.5's, loaded from the upstream jar: the same
 * bytes for every string, written through Flink's buffers and through plain streams, and every byte
 * sequence read back, by both, to the same string.
 */
class StringCodecDifferentialTest {

    private static final int RANDOM_STRINGS_PER_CLASS = 125_000;
    private static final byte TRAILER = 0x5a;

    private final UpstreamStrings upstream = UpstreamStrings.get();

    static List<String> edgeCases() {
        return StringCorpus.edgeCases();
    }

    @ParameterizedTest
    @MethodSource("edgeCases")
    void edgeCasesMatchUpstream(String value) throws IOException {
        checkAgainstUpstream(value);
        checkCharSequencesAgainstUpstream(value);
    }

    @ParameterizedTest
    @EnumSource(StringCorpus.CharClass.class)
    void randomStringsMatchUpstream(StringCorpus.CharClass charClass) throws IOException {
        for (String value :
                StringCorpus.random(charClass, RANDOM_STRINGS_PER_CLASS, charClass.ordinal())) {
            checkAgainstUpstream(value);
        }
    }

    /**
     * ASCII strings but for one char, at every position: Latin-1 coded strings are copied in bulk
     * and checked afterwards, so a Latin-1 char past 0x7f must be found wherever it is, and a char
     * past 0xff whose low byte is ASCII ({@code \u0141} is 0x41 there) must not be copied as it.
     */
    @Test
    void stringsAsciiButForOneCharMatchUpstream() throws IOException {
        assertThat(CompactStrings.isAvailable()).as("bulk copies on this JVM").isTrue();
        for (char odd : new char[] {'\u0080', '\u00e9', '\u00ff', '\u0100', '\u0141', '\u4e41'}) {
            for (int length = 1; length <= 72; length++) {
                for (int at = 0; at < length; at++) {
                    checkAgainstUpstream(asciiBut(length, at, odd));
                }
            }
            // the codec's chunks of long strings
            for (int length : new int[] {2048, 2049, 4097}) {
                for (int at : new int[] {0, 2047, 2048, length - 1}) {
                    checkAgainstUpstream(asciiBut(length, Math.min(at, length - 1), odd));
                }
            }
        }
    }

    /**
     * A Latin-1 string with one char in a longer varint than it needs, at every position: such
     * bytes are never written, but read as upstream reads them, as the char they encode, and copied
     * as they are; in a string of a few words and in one of a few chars, which streams copy a word
     * of bytes at a time.
     */
    @ParameterizedTest
    @ValueSource(strings = {"Grüße aus München, à Genève", "Grüße, Genève"})
    void charsInLongerVarintsThanNeededReadAsUpstream(String text) throws IOException {
        for (int at = 0; at < text.length(); at++) {
            for (int bytes = 2; bytes <= VarInts.MAX_CHAR_BYTES; bytes++) {
                byte[] encoded = encodeWithOneLongerVarint(text, at, bytes);
                assertThat(upstream.readString(encoded)).isEqualTo(text);
                byte[] withTrailer = append(encoded, TRAILER);
                DataInputDeserializer deserializer = new DataInputDeserializer(withTrailer);
                assertThat(StringValue.readString(deserializer))
                        .as("char %d in %d bytes", at, bytes)
                        .isEqualTo(text);
                assertThat(deserializer.readByte()).isEqualTo(TRAILER);
                assertThat(StringValue.readString(stream(withTrailer))).isEqualTo(text);
                assertThat(copyFromStream(withTrailer)).isEqualTo(encoded);
            }
        }
    }

    /**
     * Every string of one char, which a deserializer's copy takes a byte at a time: as upstream
     * writes, reads and copies it, and copied as it is when its char is in a longer varint than it
     * needs.
     */
    @Test
    void everyOneCharStringMatchesUpstream() throws IOException {
        for (int c = Character.MIN_VALUE; c <= Character.MAX_VALUE; c++) {
            String value = String.valueOf((char) c);
            checkAgainstUpstream(value);
            int shortest = c < 0x80 ? 1 : c < 0x4000 ? 2 : 3;
            for (int bytes = shortest + 1; bytes <= VarInts.MAX_CHAR_BYTES; bytes++) {
                byte[] encoded = encodeWithOneLongerVarint(value, 0, bytes);
                assertThat(copyFromDeserializer(append(encoded, TRAILER)))
                        .as("char %d in %d bytes", c, bytes)
                        .isEqualTo(encoded);
            }
        }
    }

    /**
     * Strings of every char class, nulls among them, read one after another from one deserializer,
     * which keeps the array that non-ASCII strings are decoded into: each string is its own,
     * whether the array it is decoded into is kept, grown or shorter than the last string.
     */
    @Test
    void stringsReadInTurnFromOneDeserializerMatchUpstream() throws IOException {
        List<String> values = new ArrayList<>();
        for (StringCorpus.CharClass charClass : StringCorpus.CharClass.values()) {
            values.addAll(StringCorpus.random(charClass, 200, charClass.ordinal()));
        }
        Collections.shuffle(values, new Random(7));
        for (int i = 0; i < values.size(); i += 50) {
            values.set(i, null);
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (String value : values) {
            bytes.write(upstream.writeString(value));
        }

        DataInputDeserializer deserializer = new DataInputDeserializer(bytes.toByteArray());
        for (int i = 0; i < values.size(); i++) {
            assertThat(StringValue.readString(deserializer))
                    .as("string %d", i)
                    .isEqualTo(values.get(i));
        }
        assertThat(deserializer.available()).isZero();
    }

    @Test
    void nullMatchesUpstream() throws IOException {
        byte[] expected = upstream.writeString(null);

        assertThat(expected).containsExactly(0);
        assertThat(writeToSerializer(null)).isEqualTo(expected);
        assertThat(writeToStream(null)).isEqualTo(expected);
        assertThat(StringValue.readString(new DataInputDeserializer(expected))).isNull();
        assertThat(StringValue.readString(stream(expected))).isNull();
        assertThat(copyFromDeserializer(expected)).isEqualTo(expected);
        assertThat(copyFromStream(expected)).isEqualTo(expected);
    }

    private void checkAgainstUpstream(String value) throws IOException {
        byte[] expected = upstream.writeString(value);
        assertThat(writeToSerializer(value))
                .as("bytes through DataOutputSerializer")
                .isEqualTo(expected);
        assertThat(writeToStream(value)).as("bytes through a DataOutput").isEqualTo(expected);
        assertThat(writeToSegments(value))
                .as("bytes through an output into memory segments")
                .isEqualTo(expected);

        byte[] withTrailer = append(expected, TRAILER);
        DataInputDeserializer deserializer = new DataInputDeserializer(withTrailer);
        assertThat(StringValue.readString(deserializer)).isEqualTo(value);
        assertThat(deserializer.readByte()).as("consumed exactly the string").isEqualTo(TRAILER);
        DataInputStream stream = stream(withTrailer);
        assertThat(StringValue.readString(stream)).isEqualTo(value);
        assertThat(stream.readByte()).isEqualTo(TRAILER);
        assertThat(upstream.readString(expected)).isEqualTo(value);

        assertThat(copyFromDeserializer(withTrailer)).isEqualTo(expected);
        assertThat(copyFromStream(withTrailer)).isEqualTo(expected);

        byte[] expectedValue = upstream.writeStringValue(value);
        DataOutputSerializer valueOut = new DataOutputSerializer(8);
        new StringValue(value).write(valueOut);
        assertThat(valueOut.getCopyOfBuffer()).as("StringValue#write").isEqualTo(expectedValue);
        StringValue read = new StringValue("previous content");
        read.read(new DataInputDeserializer(expectedValue));
        assertThat(read.toString()).isEqualTo(value);
        StringValue readFromStream = new StringValue();
        readFromStream.read(
                new DataInputViewStreamWrapper(new ByteArrayInputStream(expectedValue)));
        assertThat(readFromStream.toString()).isEqualTo(value);
        assertThat(upstream.readStringValue(valueOut.getCopyOfBuffer())).isEqualTo(value);
    }

    private void checkCharSequencesAgainstUpstream(String value) throws IOException {
        byte[] expected = upstream.writeString(value);
        for (CharSequence sequence :
                new CharSequence[] {
                    new StringBuilder(value), new StringValue(value), CharBuffer.wrap(value)
                }) {
            assertThat(writeToSerializer(sequence))
                    .as(sequence.getClass().getName())
                    .isEqualTo(expected);
            assertThat(writeToStream(sequence))
                    .as(sequence.getClass().getName())
                    .isEqualTo(expected);
            assertThat(writeToSegments(sequence))
                    .as(sequence.getClass().getName())
                    .isEqualTo(expected);
        }
    }

    private static byte[] writeToSerializer(CharSequence value) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(4);
        out.writeByte(TRAILER);
        StringValue.writeString(value, out);
        byte[] bytes = out.getCopyOfBuffer();
        return java.util.Arrays.copyOfRange(bytes, 1, bytes.length);
    }

    private static byte[] writeToStream(CharSequence value) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        StringValue.writeString(value, new DataOutputStream(bytes));
        return bytes.toByteArray();
    }

    /** Through an output that writes into memory segments, as the paged views of Flink do. */
    private static byte[] writeToSegments(CharSequence value) throws IOException {
        SegmentOutput out = new SegmentOutput();
        StringValue.writeString(value, out);
        return out.bytes.toByteArray();
    }

    private static byte[] copyFromDeserializer(byte[] bytes) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(4);
        StringValue.copyString(new DataInputDeserializer(bytes), out);
        return out.getCopyOfBuffer();
    }

    private static byte[] copyFromStream(byte[] bytes) throws IOException {
        ByteArrayOutputStream copy = new ByteArrayOutputStream();
        StringValue.copyString(stream(bytes), new DataOutputStream(copy));
        return copy.toByteArray();
    }

    private static String asciiBut(int length, int at, char odd) {
        char[] chars = new char[length];
        for (int i = 0; i < length; i++) {
            chars[i] = (char) ('0' + i % 75);
        }
        chars[at] = odd;
        return new String(chars);
    }

    private static DataInputStream stream(byte[] bytes) {
        return new DataInputStream(new ByteArrayInputStream(bytes));
    }

    /** The string's bytes, its char {@code at} in a varint of {@code bytes} bytes. */
    private static byte[] encodeWithOneLongerVarint(String text, int at, int bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(text.length() + 1);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            int last = i == at ? bytes - 1 : (c < 0x80 ? 0 : 1);
            for (int k = 0; k < last; k++) {
                out.write((c >>> (7 * k)) & 0x7f | 0x80);
            }
            out.write(c >>> (7 * last));
        }
        return out.toByteArray();
    }

    private static byte[] append(byte[] bytes, byte last) {
        byte[] result = java.util.Arrays.copyOf(bytes, bytes.length + 1);
        result[bytes.length] = last;
        return result;
    }

    /** A stream that is also {@link MemorySegmentWritable}, as the paged views of Flink are. */
    private static final class SegmentOutput extends DataOutputStream
            implements MemorySegmentWritable {
        final ByteArrayOutputStream bytes;

        SegmentOutput() {
            this(new ByteArrayOutputStream());
        }

        private SegmentOutput(ByteArrayOutputStream bytes) {
            super(bytes);
            this.bytes = bytes;
        }

        @Override
        public void write(MemorySegment segment, int off, int len) throws IOException {
            byte[] copy = new byte[len];
            segment.get(off, copy);
            write(copy);
        }
    }
}
