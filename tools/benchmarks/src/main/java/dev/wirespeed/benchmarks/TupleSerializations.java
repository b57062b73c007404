/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.benchmarks;

import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.api.java.tuple.Tuple4;
import org.apache.flink.api.java.tuple.Tuple8;
import org.apache.flink.api.java.typeutils.TypeExtractor;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.types.Row;

import java.io.IOException;
import java.util.Arrays;
import java.util.function.Supplier;

/**
 * One operation of Flink's {@code TupleSerializer} on a sample tuple, on Flink's own buffers: what
 * every tuple record costs on the network, in keyed state, and in a chain without object reuse.
 * Written against Flink's API only, so that {@code UpstreamRuntime#copyOf} can run the same code
 * against upstream's classes.
 */
public final class TupleSerializations implements Supplier<Object> {

    private final String operation;
    private final Object sample;
    private final TypeSerializer<Object> serializer;
    private final DataOutputSerializer out = new DataOutputSerializer(256);
    private final DataInputDeserializer in = new DataInputDeserializer();
    private final byte[] bytes;

    /**
     * @param shape {@code word} (a word and a count, the WordCount's record), {@code longs} (four
     *     longs), {@code reading} (eight fields of numbers and strings, the shape of the POJO
     *     benchmark's flat reading), or {@code row} (the same fields in a {@code Row}, as Flink's
     *     {@code RowSerializer} writes them)
     * @param operation {@code serialize}, {@code deserialize} or {@code copy}
     */
    @SuppressWarnings("unchecked")
    public TupleSerializations(String shape, String operation) throws IOException {
        this.operation = operation;
        sample = sample(shape);
        TypeInformation<?> type =
                shape.equals("row")
                        ? Types.ROW(
                                Types.STRING,
                                Types.LONG,
                                Types.DOUBLE,
                                Types.DOUBLE,
                                Types.INT,
                                Types.BOOLEAN,
                                Types.STRING,
                                Types.LONG)
                        : TypeExtractor.getForObject(sample);
        serializer = (TypeSerializer<Object>) type.createSerializer(new SerializerConfigImpl());
        serializer.serialize(sample, out);
        bytes = out.getCopyOfBuffer();
        in.setBuffer(bytes);
        if (!serializer.deserialize(in).equals(sample) || !serializer.copy(sample).equals(sample)) {
            throw new IllegalStateException("The tuple read back or copied differs from " + sample);
        }
    }

    private static Object sample(String shape) {
        switch (shape) {
            case "word":
                return Tuple2.of("stream", 1);
            case "longs":
                return Tuple4.of(1_700_000_000_000L, 42L, -7L, 123_456_789L);
            case "reading":
                return Tuple8.of(
                        "sensor-0042", 1_700_000_000_123L, 21.5, 0.82, 17, true, "hall B", 3L);
            case "row":
                return Row.of(
                        "sensor-0042", 1_700_000_000_123L, 21.5, 0.82, 17, true, "hall B", 3L);
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
            switch (operation) {
                case "serialize":
                    out.clear();
                    serializer.serialize(sample, out);
                    return out;
                case "deserialize":
                    in.setBuffer(bytes);
                    return serializer.deserialize(in);
                case "copy":
                    return serializer.copy(sample);
                default:
                    throw new IllegalArgumentException("Unknown operation " + operation);
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
