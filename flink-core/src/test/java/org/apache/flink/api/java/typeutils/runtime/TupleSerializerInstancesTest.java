/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.api.java.typeutils.runtime;

import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeinfo.BasicTypeInfo;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.java.tuple.Tuple;
import org.apache.flink.api.java.tuple.Tuple1;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.api.java.typeutils.TupleTypeInfo;
import org.apache.flink.api.java.typeutils.TypeExtractor;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.util.InstantiationUtil;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The tuples that {@code TupleSerializer} reads and copies: Flink's own tuple classes, made by
 * their constructors, and subclasses of them, made as upstream makes them, constructor and all.
 */
class TupleSerializerInstancesTest {

    @ParameterizedTest(name = "arity {0}")
    @ValueSource(ints = {1, 2, 3, 7, 13, 24, 25})
    void readsAndCopiesFlinksOwnTuplesOfEveryArity(int arity) throws IOException {
        BasicTypeInfo<?>[] fields = new BasicTypeInfo<?>[arity];
        Arrays.fill(fields, BasicTypeInfo.LONG_TYPE_INFO);
        TypeSerializer<Tuple> serializer =
                new TupleTypeInfo<Tuple>(fields).createSerializer(new SerializerConfigImpl());
        Tuple tuple = Tuple.newInstance(arity);
        for (int i = 0; i < arity; i++) {
            tuple.setField(i * 1_000_003L - 17, i);
        }

        Tuple read = roundTrip(serializer, tuple);
        Tuple copy = serializer.copy(tuple);

        assertThat(read).isEqualTo(tuple).isNotSameAs(tuple);
        assertThat(read.getClass()).isEqualTo(Tuple.getTupleClass(arity));
        assertThat(copy).isEqualTo(tuple).isNotSameAs(tuple);
        assertThat(copy.getClass()).isEqualTo(Tuple.getTupleClass(arity));
        assertThat(roundTrip(serializer, tuple)).isNotSameAs(read);
    }

    @Test
    void readsAndCopiesASubclassWithItsOwnConstructor() throws IOException {
        TypeSerializer<Counted> serializer =
                TypeExtractor.createTypeInfo(Counted.class)
                        .createSerializer(new SerializerConfigImpl());
        Counted counted = new Counted();
        counted.f0 = "flink";
        counted.f1 = 3;

        Counted read = roundTrip(serializer, counted);
        Counted copy = serializer.copy(counted);

        assertThat(serializer).isInstanceOf(TupleSerializer.class);
        assertThat(read).isExactlyInstanceOf(Counted.class).isEqualTo(counted);
        assertThat(read.source).isEqualTo("constructor");
        assertThat(copy).isExactlyInstanceOf(Counted.class).isEqualTo(counted);
        assertThat(copy.source).isEqualTo("constructor");
    }

    /** A serializer that came through Java serialization, as in a task's configuration. */
    @Test
    void aDeserializedSerializerMakesTheSameInstances() throws Exception {
        TypeSerializer<Counted> serializer =
                InstantiationUtil.clone(
                        TypeExtractor.createTypeInfo(Counted.class)
                                .createSerializer(new SerializerConfigImpl()));
        TypeSerializer<Tuple2<String, Integer>> own =
                InstantiationUtil.clone(
                        new TupleTypeInfo<Tuple2<String, Integer>>(
                                        BasicTypeInfo.STRING_TYPE_INFO, BasicTypeInfo.INT_TYPE_INFO)
                                .createSerializer(new SerializerConfigImpl()));
        Counted counted = new Counted();
        counted.f0 = "flink";
        counted.f1 = 3;

        Counted read = roundTrip(serializer, counted);
        Tuple2<String, Integer> ownRead = roundTrip(own, Tuple2.of("flink", 3));

        assertThat(read).isExactlyInstanceOf(Counted.class).isEqualTo(counted);
        assertThat(read.source).isEqualTo("constructor");
        assertThat(serializer.copy(counted).source).isEqualTo("constructor");
        assertThat(ownRead).isExactlyInstanceOf(Tuple2.class).isEqualTo(Tuple2.of("flink", 3));
    }

    /**
     * Upstream's {@code instantiateRaw()} wraps an exception of the constructor in a {@code
     * RuntimeException} and lets an error pass.
     */
    @Test
    void aSubclassWhoseConstructorFailsFailsAsUpstreamFails() throws IOException {
        TypeSerializer<Refusing> serializer =
                TypeExtractor.createTypeInfo(Refusing.class)
                        .createSerializer(new SerializerConfigImpl());
        Refusing value = new Refusing();
        value.f0 = 1L;
        DataOutputSerializer out = new DataOutputSerializer(16);
        serializer.serialize(value, out);
        byte[] bytes = out.getCopyOfBuffer();
        IllegalStateException exception = new IllegalStateException("refused");
        Error error = new Error("refused");
        try {
            Refusing.failure = exception;
            assertThatThrownBy(() -> serializer.deserialize(new DataInputDeserializer(bytes)))
                    .isExactlyInstanceOf(RuntimeException.class)
                    .hasMessage("Cannot instantiate tuple.")
                    .cause()
                    .isSameAs(exception);
            assertThatThrownBy(() -> serializer.copy(value))
                    .hasMessage("Cannot instantiate tuple.")
                    .cause()
                    .isSameAs(exception);

            Refusing.failure = error;
            assertThatThrownBy(() -> serializer.deserialize(new DataInputDeserializer(bytes)))
                    .isSameAs(error);
        } finally {
            Refusing.failure = null;
        }
    }

    private static <T> T roundTrip(TypeSerializer<T> serializer, T value) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(64);
        serializer.serialize(value, out);
        return serializer.deserialize(new DataInputDeserializer(out.getCopyOfBuffer()));
    }

    /** A word and its count, with a field that only its constructor sets. */
    public static class Counted extends Tuple2<String, Integer> {
        private static final long serialVersionUID = 1L;

        transient String source;

        public Counted() {
            source = "constructor";
        }
    }

    /** A tuple whose constructor throws {@link #failure} while that is set. */
    public static class Refusing extends Tuple1<Long> {
        private static final long serialVersionUID = 1L;

        static Throwable failure;

        public Refusing() {
            if (failure instanceof RuntimeException) {
                throw (RuntimeException) failure;
            } else if (failure instanceof Error) {
                throw (Error) failure;
            }
        }
    }
}
