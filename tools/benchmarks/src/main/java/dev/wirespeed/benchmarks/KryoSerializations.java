/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.benchmarks;

import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.java.typeutils.GenericTypeInfo;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;

import java.io.IOException;
import java.util.Arrays;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * One operation of Flink's {@code KryoSerializer}, the serializer of types that are neither POJOs
 * nor Flink's own, on a sample value and Flink's own buffers: a {@link DataInputDeserializer} is
 * what a record read from the network and a value read from RocksDB come in. Written against
 * Flink's API only, so that {@code UpstreamRuntime#copyOf} can run the same code against upstream's
 * classes.
 */
public final class KryoSerializations implements Supplier<Object> {

    private final String operation;
    private final Object sample;
    private final UnaryOperator<Object> renew;
    private final TypeSerializer<Object> serializer;
    private final DataOutputSerializer out = new DataOutputSerializer(256);
    private final DataInputDeserializer in = new DataInputDeserializer();
    private final byte[] bytes;

    /**
     * @param shape {@code product} (a {@link Product} of nine strings and a number) or {@code
     *     reading} (a {@link Reading} of eight primitive and string fields), each serialized by
     *     Kryo as a type of its own would be
     * @param operation {@code serialize}, {@code serializeNew} (a copy of the sample made anew for
     *     each call, as a job makes its records, and serialized), {@code deserialize} or {@code
     *     copy} (from a deserializer into a buffer, as a network partition copies a record)
     */
    @SuppressWarnings("unchecked")
    public KryoSerializations(String shape, String operation) throws IOException {
        this.operation = operation;
        Class<?> type = shape.equals("product") ? Product.class : Reading.class;
        sample = shape.equals("product") ? Product.sample() : Reading.sample();
        renew =
                shape.equals("product")
                        ? value -> ((Product) value).renewed()
                        : value -> ((Reading) value).renewed();
        serializer =
                (TypeSerializer<Object>)
                        new GenericTypeInfo<>(type).createSerializer(new SerializerConfigImpl());
        serializer.serialize(sample, out);
        bytes = out.getCopyOfBuffer();
        in.setBuffer(bytes);
        out.clear();
        serializer.serialize(serializer.deserialize(in), out);
        if (!Arrays.equals(out.getCopyOfBuffer(), bytes)) {
            throw new IllegalStateException("The value read back writes other bytes");
        }
    }

    /** The bytes the serializer wrote for the sample. */
    public byte[] bytes() {
        return Arrays.copyOf(bytes, bytes.length);
    }

    @Override
    public Object get() {
        try {
            switch (operation) {
                case "serialize":
                    out.clear();
                    serializer.serialize(sample, out);
                    return out;
                case "serializeNew":
                    out.clear();
                    serializer.serialize(renew.apply(sample), out);
                    return out;
                case "deserialize":
                    in.setBuffer(bytes);
                    return serializer.deserialize(in);
                case "copy":
                    in.setBuffer(bytes);
                    out.clear();
                    serializer.copy(in, out);
                    return out;
                default:
                    throw new IllegalArgumentException("Unknown operation " + operation);
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
