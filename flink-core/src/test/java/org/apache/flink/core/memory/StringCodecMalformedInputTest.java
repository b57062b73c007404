/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.core.memory;

import org.apache.flink.types.StringValue;

import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Corrupt input fails reading and copying with a clear {@link IOException}, through Flink's buffers
 * and through plain streams: never a garbage string, an index exception, a huge allocation or a
 * hang.
 */
class StringCodecMalformedInputTest {

    /** A reader of one string from some bytes. */
    interface Reader {
        void read(byte[] bytes) throws IOException;
    }

    static Stream<Arguments> readers() {
        return Stream.of(
                reader(
                        "readString from a deserializer",
                        b -> StringValue.readString(new DataInputDeserializer(b))),
                reader("readString from a stream", b -> StringValue.readString(stream(b))),
                reader(
                        "copyString from a deserializer",
                        b ->
                                StringValue.copyString(
                                        new DataInputDeserializer(b), new DataOutputSerializer(4))),
                reader(
                        "copyString from a stream",
                        b ->
                                StringValue.copyString(
                                        stream(b),
                                        new DataOutputStream(new ByteArrayOutputStream()))),
                reader(
                        "StringValue#read from a deserializer",
                        b -> new StringValue().read(new DataInputDeserializer(lengthMinusOne(b)))),
                reader(
                        "StringValue#read from a stream",
                        b ->
                                new StringValue()
                                        .read(
                                                new DataInputViewStreamWrapper(
                                                        new ByteArrayInputStream(
                                                                lengthMinusOne(b))))));
    }

    @ParameterizedTest
    @MethodSource("readers")
    void lengthVarintLongerThanFiveBytes(Reader reader) {
        assertThatThrownBy(() -> reader.read(bytes(0x81, 0x80, 0x80, 0x80, 0x80, 0x01)))
                .isInstanceOf(IOException.class)
                .hasMessage("Corrupt string length: its varint is longer than 5 bytes");
    }

    @ParameterizedTest
    @MethodSource("readers")
    void lengthThatDoesNotFitAnInt(Reader reader) {
        assertThatThrownBy(() -> reader.read(bytes(0x81, 0x80, 0x80, 0x80, 0x08)))
                .isInstanceOf(IOException.class)
                .hasMessage("Corrupt string length: its varint does not fit an int");
    }

    @ParameterizedTest
    @MethodSource("readers")
    void inputEndingInsideTheLength(Reader reader) {
        assertThatThrownBy(() -> reader.read(bytes(0x81, 0x80)))
                .isInstanceOf(EOFException.class)
                .hasMessage("Input ended inside a string length");
    }

    @ParameterizedTest
    @MethodSource("readers")
    void inputEndingInsideTheChars(Reader reader) {
        // "abc" announced, "ab" present
        assertThatThrownBy(() -> reader.read(bytes(4, 'a', 'b')))
                .isInstanceOf(EOFException.class)
                .hasMessageStartingWith("Input ended inside a string");
        // the last char begun but not finished
        assertThatThrownBy(() -> reader.read(bytes(3, 'a', 0xc0)))
                .isInstanceOf(EOFException.class)
                .hasMessageStartingWith("Input ended inside a string");
        // one char announced: none present, or begun but not finished
        assertThatThrownBy(() -> reader.read(bytes(2)))
                .isInstanceOf(EOFException.class)
                .hasMessageStartingWith("Input ended inside a string");
        assertThatThrownBy(() -> reader.read(bytes(2, 0xc0, 0x80)))
                .isInstanceOf(EOFException.class)
                .hasMessageStartingWith("Input ended inside a string");
        // longer than the strings streams read a byte at a time: 40 chars announced, 39 present
        byte[] longer = new byte[40];
        Arrays.fill(longer, (byte) 'x');
        longer[0] = 41;
        assertThatThrownBy(() -> reader.read(longer))
                .isInstanceOf(EOFException.class)
                .hasMessageStartingWith("Input ended inside a string");
    }

    @ParameterizedTest
    @MethodSource("readers")
    void hugeLengthWithLittleInputFailsWithoutAllocatingIt(Reader reader) {
        // a length of 2^31 - 2 chars, then three bytes
        assertThatThrownBy(() -> reader.read(bytes(0xff, 0xff, 0xff, 0xff, 0x07, 'a', 'b', 'c')))
                .isInstanceOf(EOFException.class)
                .hasMessageStartingWith("Input ended inside a string");
    }

    @ParameterizedTest
    @MethodSource("readers")
    void charVarintLongerThanThreeBytes(Reader reader) {
        assertThatThrownBy(() -> reader.read(bytes(2, 0x81, 0x80, 0x80, 0x01)))
                .isInstanceOf(IOException.class)
                .hasMessage("Corrupt string char: its varint is longer than 3 bytes");
    }

    /**
     * An output that runs out of room fails the copy with its own exception, which callers that
     * spill when an output is full look for; it is not taken for input that ends inside a string.
     */
    @ParameterizedTest
    @ValueSource(strings = {"", "a", "\u00e9", "ab", "helloworld", "Привет"})
    void copyIntoAFullOutputFailsWithTheOutputsException(String value) throws IOException {
        DataOutputSerializer bytes = new DataOutputSerializer(16);
        StringValue.writeString(value, bytes);
        DataOutputStream full =
                new DataOutputStream(
                        new OutputStream() {
                            @Override
                            public void write(int b) throws IOException {
                                throw new EOFException("the output is full");
                            }
                        });

        assertThatThrownBy(
                        () ->
                                StringValue.copyString(
                                        new DataInputDeserializer(bytes.getCopyOfBuffer()), full))
                .isInstanceOf(EOFException.class)
                .hasMessage("the output is full");
    }

    private static Arguments reader(String name, Reader reader) {
        return Arguments.of(Named.of(name, reader));
    }

    /** The same bytes with the length one less: StringValue's own format has no null. */
    private static byte[] lengthMinusOne(byte[] bytes) {
        byte[] copy = bytes.clone();
        if (copy[0] > 1) {
            copy[0]--;
        }
        return copy;
    }

    private static byte[] bytes(int... values) {
        byte[] bytes = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            bytes[i] = (byte) values[i];
        }
        return bytes;
    }

    private static DataInputStream stream(byte[] bytes) {
        return new DataInputStream(new ByteArrayInputStream(bytes));
    }
}
