/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.benchmarks;

import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.java.typeutils.TypeExtractor;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;

import java.io.IOException;
import java.util.Arrays;
import java.util.Random;
import java.util.function.Supplier;

/**
 * One operation of Flink's serializer of an array of primitives on a sample array, on Flink's own
 * buffers: what a record or a field holding a vector costs on the network and in keyed state.
 * Written against Flink's API only, so that {@code UpstreamRuntime#copyOf} can run the same code
 * against upstream's classes.
 */
public final class PrimitiveArraySerializations implements Supplier<Object> {

    private final boolean serialize;
    private final Object sample;
    private final TypeSerializer<Object> serializer;
    private final DataOutputSerializer out = new DataOutputSerializer(256);
    private final DataInputDeserializer in = new DataInputDeserializer();
    private final byte[] bytes;

    /**
     * @param shape {@code float384} (an embedding of 384 floats), {@code double32}, {@code long16}
     *     or {@code int4}
     * @param operation {@code serialize} or {@code deserialize}
     */
    @SuppressWarnings("unchecked")
    public PrimitiveArraySerializations(String shape, String operation) throws IOException {
        this.serialize = operation.equals("serialize");
        sample = sample(shape);
        TypeInformation<?> type = TypeExtractor.getForObject(sample);
        serializer = (TypeSerializer<Object>) type.createSerializer(new SerializerConfigImpl());
        serializer.serialize(sample, out);
        bytes = out.getCopyOfBuffer();
        in.setBuffer(bytes);
        if (!Arrays.deepEquals(new Object[] {serializer.deserialize(in)}, new Object[] {sample})) {
            throw new IllegalStateException("The array read back differs from the one written");
        }
    }

    private static Object sample(String shape) {
        Random random = new Random(42);
        switch (shape) {
            case "float384":
                float[] floats = new float[384];
                for (int i = 0; i < floats.length; i++) {
                    floats[i] = (float) random.nextGaussian();
                }
                return floats;
            case "double32":
                double[] doubles = new double[32];
                for (int i = 0; i < doubles.length; i++) {
                    doubles[i] = random.nextGaussian() * 100;
                }
                return doubles;
            case "long16":
                long[] longs = new long[16];
                for (int i = 0; i < longs.length; i++) {
                    longs[i] = 1_700_000_000_000L + random.nextInt(1_000_000);
                }
                return longs;
            case "int4":
                return new int[] {17, -3, 1_000_000, 42};
            default:
                throw new IllegalArgumentException("Unknown shape " + shape);
        }
    }

    /** The bytes the serializer wrote for the sample. */
    public byte[] bytes() {
        return Arrays.copyOf(bytes, bytes.length);
    }

    @Override
    public Object get() {
        try {
            if (serialize) {
                out.clear();
                serializer.serialize(sample, out);
                return out;
            }
            in.setBuffer(bytes);
            return serializer.deserialize(in);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
