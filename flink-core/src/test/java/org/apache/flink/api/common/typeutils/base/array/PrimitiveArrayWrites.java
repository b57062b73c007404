/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.api.common.typeutils.base.array;

import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataInputViewStreamWrapper;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.core.memory.DataOutputViewStreamWrapper;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.apache.flink.api.java.typeutils.runtime.RandomFields.hex;

/**
 * What Flink's serializers of {@code int[]}, {@code long[]}, {@code float[]} and {@code double[]}
 * make of random arrays (empty, short, long enough to grow the buffer; NaNs with payloads, negative
 * zeros, infinities and subnormals among the floating-point ones): the bytes written into a buffer
 * that already holds some and must grow, and into a plain stream; the bits of every element read
 * back from a buffer at an offset and from a plain stream; and, for every truncation of some of
 * them, the failure of a read and where it left the buffer. Then a negative length, a null array,
 * and elements whose bytes hold NaNs with payloads. Written against Flink's API only, without
 * nested classes or lambdas, so that a copy of it can run against upstream's classes.
 */
public final class PrimitiveArrayWrites {

    private PrimitiveArrayWrites() {}

    /** Describes {@code count} random arrays of the element type ({@code int} and so on). */
    public static List<String> write(String type, long seed, int count) throws IOException {
        TypeSerializer<Object> serializer = serializer(type);
        Random random = new Random(seed);
        List<String> described = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Object array = array(type, random);
            DataOutputSerializer buffer = new DataOutputSerializer(1 + random.nextInt(16));
            buffer.writeShort(0x0102);
            serializer.serialize(array, buffer);
            byte[] bytes = buffer.getCopyOfBuffer();
            ByteArrayOutputStream stream = new ByteArrayOutputStream();
            serializer.serialize(array, new DataOutputViewStreamWrapper(stream));

            byte[] framed = new byte[bytes.length + 3];
            System.arraycopy(bytes, 0, framed, 1, bytes.length);
            DataInputDeserializer source = new DataInputDeserializer(framed, 1, bytes.length);
            source.readShort();
            Object read = serializer.deserialize(source);
            Object readFromStream =
                    serializer.deserialize(
                            new DataInputViewStreamWrapper(
                                    new ByteArrayInputStream(stream.toByteArray())));
            described.add(
                    hex(bytes)
                            + " stream "
                            + hex(stream.toByteArray())
                            + " read "
                            + elements(type, read)
                            + " left "
                            + source.available()
                            + " from stream "
                            + elements(type, readFromStream));
            if (i % 10 == 0) {
                for (int length = 2; length < bytes.length; length += 1 + random.nextInt(3)) {
                    described.add(
                            "truncated to "
                                    + length
                                    + ": "
                                    + readTruncated(serializer, bytes, length, true));
                }
            }
        }
        described.add(
                "negative length: "
                        + readTruncated(
                                serializer,
                                new byte[] {-1, -1, -1, -2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
                                14,
                                false));
        try {
            serializer.serialize(null, new DataOutputSerializer(8));
            described.add("null written");
        } catch (Exception e) {
            described.add("null: " + e.getClass().getName() + ": " + e.getMessage());
        }
        byte[] payloads = {
            0,
            0,
            0,
            2,
            0x7f,
            (byte) 0xc0,
            0,
            1,
            (byte) 0xff,
            (byte) 0xa0,
            0,
            0,
            0x7f,
            (byte) 0xf0,
            0,
            0,
            0,
            0,
            0,
            1
        };
        described.add("payloads: " + readTruncated(serializer, payloads, payloads.length, false));
        return described;
    }

    /**
     * The elements read from the first {@code length} bytes, after the short in front of them if
     * there is one, or the failure.
     */
    private static String readTruncated(
            TypeSerializer<Object> serializer, byte[] bytes, int length, boolean shortInFront) {
        DataInputDeserializer source = new DataInputDeserializer(bytes, 0, length);
        try {
            if (shortInFront) {
                source.readShort();
            }
            Object read = serializer.deserialize(source);
            return "read " + elements(elementType(read), read) + " left " + source.available();
        } catch (Exception e) {
            return e.getClass().getName()
                    + ": "
                    + e.getMessage()
                    + " at "
                    + source.getPosition()
                    + " left "
                    + source.available();
        }
    }

    @SuppressWarnings("unchecked")
    private static TypeSerializer<Object> serializer(String type) {
        switch (type) {
            case "int":
                return (TypeSerializer<Object>)
                        (TypeSerializer<?>) IntPrimitiveArraySerializer.INSTANCE;
            case "long":
                return (TypeSerializer<Object>)
                        (TypeSerializer<?>) LongPrimitiveArraySerializer.INSTANCE;
            case "float":
                return (TypeSerializer<Object>)
                        (TypeSerializer<?>) FloatPrimitiveArraySerializer.INSTANCE;
            default:
                return (TypeSerializer<Object>)
                        (TypeSerializer<?>) DoublePrimitiveArraySerializer.INSTANCE;
        }
    }

    private static Object array(String type, Random random) {
        int length = random.nextInt(8) == 0 ? 500 + random.nextInt(3000) : random.nextInt(40);
        switch (type) {
            case "int":
                int[] ints = new int[length];
                for (int i = 0; i < length; i++) {
                    ints[i] = random.nextInt();
                }
                return ints;
            case "long":
                long[] longs = new long[length];
                for (int i = 0; i < length; i++) {
                    longs[i] = random.nextLong();
                }
                return longs;
            case "float":
                float[] floats = new float[length];
                for (int i = 0; i < length; i++) {
                    floats[i] =
                            random.nextInt(4) == 0
                                    ? Float.intBitsToFloat(random.nextInt())
                                    : special(random) ? Float.NaN : random.nextFloat() * 1e6f;
                }
                if (length > 3) {
                    floats[0] = Float.intBitsToFloat(0x7fc00001);
                    floats[1] = -0.0f;
                    floats[2] = Float.NEGATIVE_INFINITY;
                    floats[3] = Float.MIN_VALUE;
                }
                return floats;
            default:
                double[] doubles = new double[length];
                for (int i = 0; i < length; i++) {
                    doubles[i] =
                            random.nextInt(4) == 0
                                    ? Double.longBitsToDouble(random.nextLong())
                                    : special(random) ? Double.NaN : random.nextDouble() * 1e9;
                }
                if (length > 3) {
                    doubles[0] = Double.longBitsToDouble(0xfff0000000000001L);
                    doubles[1] = -0.0;
                    doubles[2] = Double.POSITIVE_INFINITY;
                    doubles[3] = Double.MIN_VALUE;
                }
                return doubles;
        }
    }

    private static boolean special(Random random) {
        return random.nextInt(10) == 0;
    }

    private static String elementType(Object array) {
        if (array instanceof int[]) {
            return "int";
        } else if (array instanceof long[]) {
            return "long";
        } else if (array instanceof float[]) {
            return "float";
        }
        return "double";
    }

    /** The bits of every element, NaN payloads included. */
    private static String elements(String type, Object array) {
        StringBuilder bits = new StringBuilder(type).append('[');
        switch (type) {
            case "int":
                for (int value : (int[]) array) {
                    bits.append(Integer.toHexString(value)).append(',');
                }
                break;
            case "long":
                for (long value : (long[]) array) {
                    bits.append(Long.toHexString(value)).append(',');
                }
                break;
            case "float":
                for (float value : (float[]) array) {
                    bits.append(Integer.toHexString(Float.floatToRawIntBits(value))).append(',');
                }
                break;
            default:
                for (double value : (double[]) array) {
                    bits.append(Long.toHexString(Double.doubleToRawLongBits(value))).append(',');
                }
        }
        return bits.append(']').toString();
    }
}
