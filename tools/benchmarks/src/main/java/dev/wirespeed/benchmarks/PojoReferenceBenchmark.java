/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.benchmarks;

import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.types.StringValue;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.io.IOException;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * The reference point for {@link PojoBenchmark}: the same bytes as Flink's {@code PojoSerializer}
 * writes for a {@link Product}, written and read by code that knows the class, with direct field
 * access and the fork's string methods. What a serializer generated per POJO type could reach; the
 * distance to it is what reflection and per-field dispatch cost.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class PojoReferenceBenchmark {

    /** {@code PojoSerializer}'s flag for an instance of exactly the serializer's class. */
    private static final int NO_SUBCLASS = 2;

    private final DataOutputSerializer out = new DataOutputSerializer(256);
    private final DataInputDeserializer in = new DataInputDeserializer();
    private Product product;
    private byte[] bytes;

    @Setup
    public void setUp() throws Throwable {
        product = Product.sample();
        PojoCodecs flink = PojoCodecs.named("wirespeed", Product.class);
        flink.serialize(product);
        bytes = flink.lastBytes();
        serializeKnownClass();
        if (!Arrays.equals(bytes, out.getCopyOfBuffer())) {
            throw new IllegalStateException("The bytes differ from PojoSerializer's");
        }
    }

    @Benchmark
    public Object serializeKnownClass() throws IOException {
        out.clear();
        // PojoSerializer's layout: the flags, then the fields in the order of their names, each
        // behind a null flag
        out.writeByte(NO_SUBCLASS);
        writeString(product.brand);
        writeString(product.category);
        writeString(product.color);
        writeString(product.country);
        writeString(product.currency);
        writeString(product.description);
        writeString(product.name);
        out.writeBoolean(false); // a primitive is never null
        out.writeLong(product.priceCents);
        writeString(product.productId);
        writeString(product.size);
        return out;
    }

    @Benchmark
    public Object deserializeKnownClass() throws IOException {
        in.setBuffer(bytes);
        if (in.readByte() != NO_SUBCLASS) {
            throw new IOException("Not a Product");
        }
        Product read = new Product();
        read.brand = readString();
        read.category = readString();
        read.color = readString();
        read.country = readString();
        read.currency = readString();
        read.description = readString();
        read.name = readString();
        in.readBoolean(); // a primitive's null flag, always false
        read.priceCents = in.readLong();
        read.productId = readString();
        read.size = readString();
        return read;
    }

    private void writeString(String value) throws IOException {
        out.writeBoolean(value == null);
        if (value != null) {
            StringValue.writeString(value, out);
        }
    }

    private String readString() throws IOException {
        return in.readBoolean() ? null : StringValue.readString(in);
    }
}
