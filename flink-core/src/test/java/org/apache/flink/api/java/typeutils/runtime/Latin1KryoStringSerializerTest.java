/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.api.java.typeutils.runtime;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.serializers.DefaultSerializers.StringSerializer;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link Latin1KryoStringSerializer} against Kryo's own writes of strings ({@link
 * Output#writeString}, of the Kryo jar Flink ships): the same bytes for strings of every kind and
 * length around Kryo's thresholds, into outputs with room and without, and the strings read back.
 */
class Latin1KryoStringSerializerTest {

    /** Chars from which strings are made: ASCII, Latin-1 past ASCII, and chars past Latin-1. */
    private static final String ASCII = "aZ09 -~\u0000\u007f";

    private static final String LATIN1 = "\u0080\u00e9\u00fc\u00ff";
    private static final String WIDE = "\u0100\u0141\u03a9\u65e5\uffff";

    @Test
    void writesTheBytesKryoWrites() {
        Random random = new Random(20261128);
        List<String> strings = new ArrayList<>(Arrays.asList(null, "", "x", "\u00fc", "\u0141"));
        for (int length :
                new int[] {
                    2, 3, 8, 15, 16, 17, 62, 63, 64, 65, 127, 128, 1000, 1364, 1365, 8191, 8192
                }) {
            for (String chars : List.of(ASCII, ASCII + LATIN1, LATIN1, ASCII + WIDE)) {
                strings.add(text(random, chars, length));
            }
        }
        for (int i = 0; i < 500; i++) {
            String chars = List.of(ASCII, ASCII + LATIN1, ASCII + LATIN1 + WIDE).get(i % 3);
            strings.add(text(random, chars, random.nextInt(140)));
        }

        Kryo kryos = new Kryo();
        Kryo ours = Latin1KryoStringSerializer.installInto(new Kryo());
        for (String value : strings) {
            byte[] expected = write(kryos, value, new Output(1 << 16));
            assertThat(write(ours, value, new Output(1 << 16))).isEqualTo(expected);
            // a buffer without room for every string: Kryo's path, flushing to the stream
            assertThat(writeThroughStream(ours, value)).isEqualTo(expected);
            // after four other bytes, where the string does not begin at the buffer's start
            Output after = new Output(1 << 16);
            after.writeInt(42);
            assertThat(write(ours, value, after)).endsWith(expected);

            assertThat(ours.readObjectOrNull(new Input(expected), String.class)).isEqualTo(value);
        }
    }

    @Test
    void anOutputWithoutBufferFailsAsInKryo() {
        String value = "a Latin-1 text, gr\u00fcn, longer than sixteen chars";
        Kryo kryo = new Kryo();
        assertThatThrownBy(() -> new StringSerializer().write(kryo, new Output(), value))
                .isInstanceOf(KryoException.class);
        assertThatThrownBy(() -> new Latin1KryoStringSerializer().write(kryo, new Output(), value))
                .isInstanceOf(KryoException.class);
    }

    @Test
    void writesLengthsInKryosFormat() throws Exception {
        Method kryosLength = Output.class.getDeclaredMethod("writeUtf8Length", int.class);
        kryosLength.setAccessible(true);
        Random random = new Random(7);
        for (int i = 0; i < 2000; i++) {
            int lengthPlusOne = 2 + random.nextInt(Integer.MAX_VALUE >>> random.nextInt(31));
            Output kryos = new Output(8);
            kryosLength.invoke(kryos, lengthPlusOne);
            // a string of that length whose chars are not read: only its length goes out
            byte[] ours = new byte[8];
            int end = Latin1KryoStringSerializer.writeLength(lengthPlusOne, ours, 0);
            assertThat(Arrays.copyOf(ours, end)).isEqualTo(kryos.toBytes());
        }
    }

    @Test
    void takesThePlaceOfKryosStringSerializerOnly() {
        Kryo kryo = new Kryo();
        assertThat(Latin1KryoStringSerializer.installInto(kryo)).isSameAs(kryo);
        assertThat(kryo.getSerializer(String.class)).isInstanceOf(Latin1KryoStringSerializer.class);

        Kryo registered = new Kryo();
        StringSerializer users = new StringSerializer() {};
        registered.register(String.class, users);
        Latin1KryoStringSerializer.installInto(registered);
        assertThat(registered.getSerializer(String.class)).isSameAs(users);
    }

    private static byte[] write(Kryo kryo, String value, Output output) {
        kryo.writeObjectOrNull(output, value, String.class);
        return output.toBytes();
    }

    private static byte[] writeThroughStream(Kryo kryo, String value) {
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        Output output = new Output(stream, 16);
        kryo.writeObjectOrNull(output, value, String.class);
        output.flush();
        return stream.toByteArray();
    }

    private static String text(Random random, String chars, int length) {
        char[] text = new char[length];
        for (int i = 0; i < length; i++) {
            text[i] = chars.charAt(random.nextInt(chars.length()));
        }
        return new String(text);
    }
}
