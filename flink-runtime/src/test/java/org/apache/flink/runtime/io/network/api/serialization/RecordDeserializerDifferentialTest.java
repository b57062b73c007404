/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api.serialization;

import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.base.BooleanSerializer;
import org.apache.flink.api.common.typeutils.base.LongSerializer;
import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.apache.flink.api.common.typeutils.base.array.BytePrimitiveArraySerializer;
import org.apache.flink.core.memory.DataOutputSerializer;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The fork's record deserializer against upstream's, on the same streams of records cut into the
 * same buffers: every call returns the same result and the same record, and the bytes held unread
 * are the same. Records short and long, within a buffer and spanning several, strings of every kind
 * of char, on heap and off-heap buffers.
 */
class RecordDeserializerDifferentialTest {

    private static final String[] ALPHABETS = {
        "abcdefghijklmnopqrstuvwxyz0123456789 -_",
        "äöüßéèñçøå",
        "абвгдежзийклмнопрстуфхцчшщ",
        "漢字仮名交じり文東京大阪",
        "\ud83d\ude00\ud83c\udf89\u0000\u007f\u0080\u07ff\u0800\uffff"
    };

    private static final int[][] CUTS = {
        {32 * 1024}, {1, 2, 3, 5, 7}, {16, 17, 31, 64}, {100, 1000, 333, 4096}, {4, 4, 13}
    };

    static Stream<Arguments> streams() {
        Random random = new Random(20261125);
        Stream.Builder<Arguments> streams = Stream.builder();
        for (int[] cuts : CUTS) {
            for (boolean offHeap : new boolean[] {true, false}) {
                for (String type : new String[] {"string", "long", "boolean", "bytes"}) {
                    streams.add(
                            Arguments.of(
                                    type,
                                    stream(type, random),
                                    cuts,
                                    offHeap,
                                    1 + random.nextInt(7)));
                }
            }
        }
        return streams.build();
    }

    @ParameterizedTest(name = "{0} records, buffers of {2} bytes, off-heap {3}")
    @MethodSource("streams")
    void readsWhatUpstreamReads(
            String type, byte[] stream, int[] cuts, boolean offHeap, int unconsumedEvery)
            throws Exception {
        List<String> fork =
                read(RecordStreamReads.class, type, stream, cuts, offHeap, unconsumedEvery);
        List<String> upstream =
                read(
                        UpstreamRuntime.copyOf(RecordStreamReads.class),
                        type,
                        stream,
                        cuts,
                        offHeap,
                        unconsumedEvery);

        assertThat(fork).isNotEmpty().containsExactlyElementsOf(upstream);
    }

    @SuppressWarnings("unchecked")
    private static List<String> read(
            Class<?> reads,
            String type,
            byte[] stream,
            int[] cuts,
            boolean offHeap,
            int unconsumedEvery)
            throws Exception {
        Method read =
                reads.getMethod(
                        "read", String.class, byte[].class, int[].class, boolean.class, int.class);
        try {
            return (List<String>) read.invoke(null, type, stream, cuts, offHeap, unconsumedEvery);
        } catch (InvocationTargetException e) {
            throw (Exception) e.getCause();
        }
    }

    /** Records of the type, each with its length in front, as a record writer sends them. */
    private static byte[] stream(String type, Random random) {
        switch (type) {
            case "string":
                return records(StringSerializer.INSTANCE, 300, i -> string(random));
            case "long":
                return records(LongSerializer.INSTANCE, 500, i -> random.nextLong());
            case "boolean":
                return records(BooleanSerializer.INSTANCE, 500, i -> random.nextBoolean());
            default:
                return records(
                        BytePrimitiveArraySerializer.INSTANCE,
                        300,
                        i -> {
                            byte[] bytes = new byte[length(random)];
                            random.nextBytes(bytes);
                            return bytes;
                        });
        }
    }

    private static <T> byte[] records(
            TypeSerializer<T> serializer, int count, Function<Integer, T> records) {
        try {
            DataOutputSerializer stream = new DataOutputSerializer(4096);
            DataOutputSerializer record = new DataOutputSerializer(256);
            for (int i = 0; i < count; i++) {
                record.clear();
                serializer.serialize(records.apply(i), record);
                stream.writeInt(record.length());
                stream.write(record.getSharedBuffer(), 0, record.length());
            }
            return stream.getCopyOfBuffer();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Mostly a few chars, sometimes hundreds or thousands, of one alphabet or mixed; or null. */
    private static String string(Random random) {
        if (random.nextInt(50) == 0) {
            return null;
        }
        String alphabet = ALPHABETS[random.nextInt(ALPHABETS.length)];
        boolean mixed = random.nextInt(4) == 0;
        char[] chars = new char[length(random)];
        for (int i = 0; i < chars.length; i++) {
            String from = mixed ? ALPHABETS[random.nextInt(ALPHABETS.length)] : alphabet;
            chars[i] = from.charAt(random.nextInt(from.length()));
        }
        return new String(chars);
    }

    private static int length(Random random) {
        int scale = random.nextInt(10);
        return scale < 6
                ? random.nextInt(20)
                : scale < 9 ? random.nextInt(300) : random.nextInt(5000);
    }
}
