/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.api.java.typeutils.runtime;

import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.java.tuple.Tuple;
import org.apache.flink.core.memory.DataInputView;

import java.io.IOException;
import java.io.ObjectInputStream;

/**
 * Reads and copies the fields through a {@link PositionalFieldCodec}, which reads and copies
 * strings and boxed primitives itself; makes the tuples that {@code deserialize} and {@code copy}
 * return with their constructor where the tuple class is Flink's own {@code Tuple1} to {@code
 * Tuple25}, whose constructors set nothing, and a subclass of them with its {@link
 * NoArgumentConstructor}, instead of by {@code Class#newInstance()} on every record. Same bytes and
 * same objects.
 */
public class TupleSerializer<T extends Tuple> {

    /**
     * The fields; made with the serializer, by its constructor and when it is deserialized, not on
     * its first use, for the reason that {@code PojoSerializer} gives for its field codec.
     */
    private transient PositionalFieldCodec fieldCodec;

    /**
     * Makes instances of a subclass of Flink's tuples; {@code null} where the class is Flink's own
     * {@code Tuple1} to {@code Tuple25}, which {@link Tuple#newInstance(int)} makes.
     */
    private transient NoArgumentConstructor<T> constructor;

    /** Upstream's constructor, then the codec. */
    @Overlay.Wrap("1.20.5:9aba1a6f880d")
    public TupleSerializer(Class<T> tupleClass, TypeSerializer<?>[] fieldSerializers) {
        prepareFieldCodec();
    }

    /** A serializer deserialized, as in a task's configuration: its fields, then the codec. */
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        prepareFieldCodec();
    }

    private void prepareFieldCodec() {
        fieldCodec = new PositionalFieldCodec(fieldSerializers);
        boolean flinksOwnTuple =
                arity >= 1 && arity <= Tuple.MAX_ARITY && tupleClass == Tuple.getTupleClass(arity);
        constructor = flinksOwnTuple ? null : new NoArgumentConstructor<>(tupleClass);
    }

    @Overlay.Replace("1.20.5:d69068d0bba7")
    @Override
    public T copy(T from) {
        if (from == null) {
            return null;
        }
        T target = instantiateRaw();
        for (int i = 0; i < arity; i++) {
            target.setField(fieldCodec.copy(i, from.getField(i)), i);
        }
        return target;
    }

    @Overlay.Replace("1.20.5:e357af8a7607")
    @Override
    public T copy(T from, T reuse) {
        if (from == null) {
            return null;
        }
        for (int i = 0; i < arity; i++) {
            reuse.setField(fieldCodec.copy(i, from.getField(i), reuse.getField(i)), i);
        }
        return reuse;
    }

    @Overlay.Replace("1.20.5:f6eb6dbe0525")
    @Override
    public T deserialize(DataInputView source) throws IOException {
        T tuple = instantiateRaw();
        for (int i = 0; i < arity; i++) {
            tuple.setField(fieldCodec.deserialize(i, source), i);
        }
        return tuple;
    }

    @Overlay.Replace("1.20.5:a75a1a1efd44")
    @Override
    public T deserialize(T reuse, DataInputView source) throws IOException {
        for (int i = 0; i < arity; i++) {
            reuse.setField(fieldCodec.deserialize(i, reuse.getField(i), source), i);
        }
        return reuse;
    }

    @Overlay.Replace("1.20.5:1f0e50b38ddc")
    @SuppressWarnings("unchecked")
    private T instantiateRaw() {
        if (constructor == null) {
            return (T) Tuple.newInstance(arity);
        }
        try {
            return constructor.newInstance();
        } catch (Exception e) {
            throw new RuntimeException("Cannot instantiate tuple.", e);
        }
    }
}
