/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.core.memory;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class VarIntsTest {

    /** What a byte holds before anything is written to it. */
    private static final byte UNWRITTEN = 0x55;

    @ParameterizedTest
    @ValueSource(
            ints = {
                0,
                1,
                127,
                128,
                16383,
                16384,
                (1 << 21) - 1,
                1 << 21,
                (1 << 28) - 1,
                1 << 28,
                Integer.MAX_VALUE
            })
    void lengthsRoundTripOnEveryBoundary(int value) throws IOException {
        byte[] bytes = new byte[VarInts.MAX_LENGTH_BYTES];
        int end = VarInts.write(value, bytes, 0);

        assertThat(end).isEqualTo(referenceLength(value));
        long decoded = VarInts.readLength(bytes, 0, end, "length");
        assertThat((int) decoded).isEqualTo(value);
        assertThat((int) (decoded >>> 32)).isEqualTo(end);
        assertThat(
                        VarInts.readLength(
                                new DataInputStream(new ByteArrayInputStream(bytes, 0, end)),
                                "length"))
                .isEqualTo(value);
    }

    @Test
    void everyCharRoundTrips() throws IOException {
        char[] chars = new char[0x10000];
        for (int c = 0; c < chars.length; c++) {
            chars[c] = (char) c;
        }
        byte[] bytes = new byte[3 * chars.length];
        Arrays.fill(bytes, UNWRITTEN);

        int end = VarInts.write(chars, 0, chars.length, bytes, 0);
        // a char's stores stay within its own bytes: the last one's too
        assertThat(Arrays.copyOfRange(bytes, end, bytes.length)).containsOnly(UNWRITTEN);
        char[] decoded = new char[chars.length];
        int read = VarInts.readChars(bytes, 0, end, decoded, 0, chars.length);

        assertThat(read).isEqualTo(end);
        assertThat(decoded).isEqualTo(chars);
        DataInputStream stream = new DataInputStream(new ByteArrayInputStream(bytes, 0, end));
        for (char c : chars) {
            assertThat(VarInts.readChar(stream)).isEqualTo(c);
        }
        assertThat(VarInts.charsLength(bytes, 0, end, chars.length)).isEqualTo(end);
        // 0x80 one-byte chars, 0x3f80 two-byte chars, 0xc000 three-byte chars
        assertThat(end).isEqualTo(0x80 + 2 * (0x4000 - 0x80) + 3 * 0xc000);
    }

    @Test
    void readsLatin1CharsAsTheirBytesUpToTheFirstOtherChar() {
        // 'a', 0xe9, 0xff in their shortest varints, then 0x100, the first char past Latin-1
        byte[] source = {'a', (byte) 0xe9, 0x01, (byte) 0xff, 0x01, (byte) 0x80, 0x02, 'b'};
        byte[] target = new byte[5];

        long all = VarInts.readLatin1(source, 0, 5, target, 3);
        long upToOther = VarInts.readLatin1(source, 0, source.length, target, 5);
        long upToLimit = VarInts.readLatin1(source, 0, 4, target, 3);
        long overlong = VarInts.readLatin1(new byte[] {(byte) 0xe1, 0x00}, 0, 2, target, 1);

        assertThat(target).startsWith('a', (byte) 0xe9, (byte) 0xff);
        assertThat(all).isEqualTo(5L << 32 | 3);
        assertThat(upToOther).isEqualTo(5L << 32 | 3);
        // the limit falls between 0xff's two bytes
        assertThat(upToLimit).isEqualTo(3L << 32 | 2);
        // 'a' in two bytes is a char, but not a Latin-1 char's shortest varint
        assertThat(overlong).isEqualTo(0L);
    }

    @Test
    void readsLatin1CharsEightBytesAStepUpToTheCountTheLimitOrTheFirstOtherChar() {
        // ASCII runs of random lengths among Latin-1 chars, and now and then a char past Latin-1;
        // counts below the chars written and limits anywhere, inside a char's varint too
        char[] others = {'\u0436', '\u4e2d', '\u0100'};
        Random random = new Random(23);
        for (int round = 0; round < 5000; round++) {
            int written = random.nextInt(48);
            char[] chars = new char[written];
            for (int i = 0; i < written; i++) {
                int kind = random.nextInt(round % 3 == 0 ? 40 : 8);
                chars[i] =
                        kind == 0
                                ? others[random.nextInt(others.length)]
                                : kind == 1 ? (char) (0x80 + random.nextInt(0x80)) : 'a';
            }
            byte[] source = new byte[3 * written + 2];
            int start = random.nextInt(3);
            int end = VarInts.write(chars, 0, written, source, start);
            int count = random.nextInt(written + 1);
            int limit = start + random.nextInt(end - start + 1);
            byte[] target = new byte[count];

            long read = VarInts.readLatin1(source, start, limit, target, count);

            int expectedChars = 0;
            int expectedPos = start;
            while (expectedChars < count && chars[expectedChars] <= 0xff) {
                int bytes = chars[expectedChars] < 0x80 ? 1 : 2;
                if (expectedPos + bytes > limit) {
                    break;
                }
                expectedPos += bytes;
                expectedChars++;
            }
            assertThat(read).isEqualTo((long) expectedPos << 32 | expectedChars);
            for (int i = 0; i < expectedChars; i++) {
                assertThat(target[i]).isEqualTo((byte) chars[i]);
            }
        }
    }

    @Test
    void widensLatin1BytesInPlaceIntoTheCharsVarints() {
        Random random = new Random(11);
        for (int count = 0; count <= 40; count++) {
            for (int round = 0; round < 50; round++) {
                char[] chars = new char[count];
                for (int i = 0; i < count; i++) {
                    // each char past ASCII with a chance of 1, 1/2, 1/3 or 1/4, by round
                    chars[i] =
                            (char)
                                    (random.nextInt(round % 4 + 1) == 0
                                            ? 0x80 + random.nextInt(0x80)
                                            : random.nextInt(0x80));
                }
                byte[] expected = new byte[3 + 2 * count];
                int expectedEnd = VarInts.write(chars, 0, count, expected, 3);
                // room for 3 bytes a char, as the method needs
                byte[] bytes = new byte[3 + 3 * count];
                for (int i = 0; i < count; i++) {
                    bytes[3 + i] = (byte) chars[i];
                }
                bytes[0] = 0x7b;

                int end = VarInts.widenLatin1(bytes, 3, count);

                assertThat(end).isEqualTo(expectedEnd);
                assertThat(Arrays.copyOfRange(bytes, 3, end))
                        .isEqualTo(Arrays.copyOfRange(expected, 3, expectedEnd));
                assertThat(bytes[0]).isEqualTo((byte) 0x7b);
            }
        }
    }

    @Test
    void readsExactlyTheCharsAskedForWhenMoreCharsOfTwoBytesFollow() throws IOException {
        // runs of 2-byte chars of random lengths and starts, among chars of 1 and 3 bytes; the
        // bytes after the chars asked for hold 2-byte chars, which must stay unread
        char[] alphabet = {'a', '\u0436', '\u00e9', '\u4e2d', '\u0416', ' '};
        Random random = new Random(42);
        for (int round = 0; round < 2000; round++) {
            char[] chars = new char[1 + random.nextInt(24)];
            for (int c = 0; c < chars.length; c++) {
                chars[c] = alphabet[random.nextInt(alphabet.length)];
            }
            int count = random.nextInt(chars.length + 1);
            byte[] bytes = new byte[3 * chars.length];
            int end = VarInts.write(chars, 0, chars.length, bytes, 0);
            int expectedEnd = VarInts.write(chars, 0, count, new byte[3 * count], 0);
            char[] decoded = new char[chars.length + 1];
            Arrays.fill(decoded, '?');

            int read = VarInts.readChars(bytes, 0, end, decoded, 1, count);

            String chosen = new String(chars);
            assertThat(read).as("end of %d chars of %s", count, chosen).isEqualTo(expectedEnd);
            assertThat(new String(decoded, 1, count)).isEqualTo(chosen.substring(0, count));
            assertThat(decoded[0]).isEqualTo('?');
            if (count < chars.length) {
                assertThat(decoded[count + 1]).as("after %d of %s", count, chosen).isEqualTo('?');
            }
        }
    }

    @Test
    void rejectsACharAboveTheCharRange() {
        byte[] bytes = {(byte) 0xff, (byte) 0xff, 0x04};

        assertThatThrownBy(() -> VarInts.readChars(bytes, 0, 3, new char[1], 0, 1))
                .isInstanceOf(IOException.class)
                .hasMessage("Corrupt string: a char varint encodes a value above 0xFFFF");
        assertThatThrownBy(
                        () ->
                                VarInts.readChar(
                                        new DataInputStream(new ByteArrayInputStream(bytes))))
                .isInstanceOf(IOException.class)
                .hasMessage("Corrupt string: a char varint encodes a value above 0xFFFF");
    }

    @Test
    void rejectsACorruptThirdByteWhetherOrNotAWordFitsBeforeTheLimit() {
        // a char's third byte with its continuation bit, or with a bit above the lowest two
        String[] messages = {
            "Corrupt string char: its varint is longer than 3 bytes",
            "Corrupt string: a char varint encodes a value above 0xFFFF"
        };
        byte[] thirdBytes = {(byte) 0x80, 0x04};
        for (int k = 0; k < thirdBytes.length; k++) {
            for (int before = 0; before <= 9; before++) {
                for (int after = 0; after <= 9; after++) {
                    byte[] bytes = new byte[before + 3 + after];
                    Arrays.fill(bytes, (byte) 'a');
                    bytes[before] = (byte) 0xff;
                    bytes[before + 1] = (byte) 0xff;
                    bytes[before + 2] = thirdBytes[k];
                    int chars = before + 1 + after;

                    assertThatThrownBy(
                                    () ->
                                            VarInts.readChars(
                                                    bytes,
                                                    0,
                                                    bytes.length,
                                                    new char[chars],
                                                    0,
                                                    chars))
                            .as(
                                    "third byte 0x%02x after %d chars, %d after",
                                    thirdBytes[k], before, after)
                            .isInstanceOf(IOException.class)
                            .hasMessage(messages[k]);
                }
            }
        }
    }

    @Test
    void findsANonAsciiByteAtEveryPositionAndNoneOutsideTheRange() {
        for (int from = 0; from < 4; from++) {
            for (int count = 0; count <= 40; count++) {
                // non-ASCII bytes before the range, and after it or none (the array's end)
                for (int after : new int[] {0, 8}) {
                    byte[] bytes = new byte[from + count + after];
                    Arrays.fill(bytes, (byte) 0x80);
                    Arrays.fill(bytes, from, from + count, (byte) 'a');

                    assertThat(VarInts.isAscii(bytes, from, count))
                            .as("%d ASCII bytes from %d of %d", count, from, bytes.length)
                            .isTrue();
                    for (int pos = from; pos < from + count; pos++) {
                        for (byte nonAscii : new byte[] {(byte) 0x80, (byte) 0xff}) {
                            bytes[pos] = nonAscii;
                            assertThat(VarInts.isAscii(bytes, from, count))
                                    .as(
                                            "%d bytes from %d, 0x%02x at %d",
                                            count, from, nonAscii, pos)
                                    .isFalse();
                        }
                        bytes[pos] = 'a';
                    }
                }
            }
        }
    }

    private static int referenceLength(int value) {
        int length = 1;
        for (long v = value; v >= 0x80; v >>>= 7) {
            length++;
        }
        return length;
    }
}
