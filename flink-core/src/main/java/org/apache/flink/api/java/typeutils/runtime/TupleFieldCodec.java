/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.api.java.typeutils.runtime;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.java.tuple.Tuple;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.types.StringValue;

import java.io.IOException;

import static org.apache.flink.api.java.typeutils.runtime.BuiltInFieldKinds.BOOLEAN;
import static org.apache.flink.api.java.typeutils.runtime.BuiltInFieldKinds.BYTE;
import static org.apache.flink.api.java.typeutils.runtime.BuiltInFieldKinds.CHAR;
import static org.apache.flink.api.java.typeutils.runtime.BuiltInFieldKinds.DOUBLE;
import static org.apache.flink.api.java.typeutils.runtime.BuiltInFieldKinds.FLOAT;
import static org.apache.flink.api.java.typeutils.runtime.BuiltInFieldKinds.INT;
import static org.apache.flink.api.java.typeutils.runtime.BuiltInFieldKinds.LONG;
import static org.apache.flink.api.java.typeutils.runtime.BuiltInFieldKinds.SHORT;
import static org.apache.flink.api.java.typeutils.runtime.BuiltInFieldKinds.STRING;

/**
 * The fields of a tuple as {@link TupleSerializer} reads and copies them, in field order. A field
 * whose serializer is Flink's own for strings or a boxed primitive ({@link BuiltInFieldKinds}) is
 * read here, as that serializer would read it: the serializers of a job's tuples are many, and a
 * call through {@link TypeSerializer} at one place for all of them is a call the JIT cannot inline.
 * Such values are immutable, so a copy of the field is the value itself, as their serializers copy
 * it. Every other field goes through its serializer, as upstream's tuple serializer calls it.
 * Writing stays upstream's: measured, writing these fields here was no faster than the calls to
 * their serializers.
 */
@Internal
final class TupleFieldCodec {

    /** A field read and copied by its serializer. */
    private static final byte OBJECT = 0;

    private final TypeSerializer<Object>[] serializers;
    private final byte[] kinds;

    TupleFieldCodec(TypeSerializer<Object>[] serializers) {
        this.serializers = serializers;
        this.kinds = new byte[serializers.length];
        for (int i = 0; i < serializers.length; i++) {
            // a missing serializer fails where the field is used, as upstream's would
            byte builtIn =
                    serializers[i] == null
                            ? BuiltInFieldKinds.NONE
                            : BuiltInFieldKinds.of(serializers[i].getClass());
            kinds[i] = builtIn == BuiltInFieldKinds.NONE ? OBJECT : builtIn;
        }
    }

    /**
     * Reads every field into the tuple; {@code reuse} hands the fields' serializers the old ones.
     */
    void deserialize(Tuple tuple, boolean reuse, DataInputView source) throws IOException {
        for (int i = 0; i < kinds.length; i++) {
            Object field;
            if (kinds[i] != OBJECT) {
                field = read(kinds[i], source);
            } else if (reuse) {
                field = serializers[i].deserialize(tuple.getField(i), source);
            } else {
                field = serializers[i].deserialize(source);
            }
            tuple.setField(field, i);
        }
    }

    /** Sets every field of {@code target} to a copy of the one of {@code from}. */
    void copy(Tuple from, Tuple target, boolean reuse) {
        for (int i = 0; i < kinds.length; i++) {
            Object field = from.getField(i);
            if (kinds[i] == OBJECT) {
                field =
                        reuse
                                ? serializers[i].copy(field, target.getField(i))
                                : serializers[i].copy(field);
            }
            target.setField(field, i);
        }
    }

    private static Object read(byte kind, DataInputView source) throws IOException {
        switch (kind) {
            case STRING:
                return StringValue.readString(source);
            case INT:
                return source.readInt();
            case LONG:
                return source.readLong();
            case DOUBLE:
                return source.readDouble();
            case BOOLEAN:
                return source.readBoolean();
            case FLOAT:
                return source.readFloat();
            case SHORT:
                return source.readShort();
            case BYTE:
                return source.readByte();
            case CHAR:
                return source.readChar();
            default:
                throw new IllegalStateException("Not a field kind: " + kind);
        }
    }
}
