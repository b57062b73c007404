/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.api.java.typeutils.runtime;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeutils.TypeSerializer;
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
 * The fields of a tuple or a row, by position, as {@link TupleSerializer} and {@link RowSerializer}
 * read and copy them. A field whose serializer is Flink's own for strings or a boxed primitive
 * ({@link BuiltInFieldKinds}) is read here, as that serializer would read it: the serializers of a
 * job's tuples and rows are many, and a call through {@link TypeSerializer} at one place for all of
 * them is a call the JIT cannot inline. Such values are immutable, so a copy of the field is the
 * value itself, as their serializers copy it. Every other field goes through its serializer, as
 * upstream's serializers call it. Writing stays upstream's: measured on tuples, writing these
 * fields here was no faster than the calls to their serializers.
 */
@Internal
final class PositionalFieldCodec {

    /** A field read and copied by its serializer. */
    private static final byte OBJECT = 0;

    private final TypeSerializer<Object>[] serializers;
    private final byte[] kinds;

    PositionalFieldCodec(TypeSerializer<Object>[] serializers) {
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

    /** Reads the field at {@code position}, as its serializer's {@code deserialize} would. */
    Object deserialize(int position, DataInputView source) throws IOException {
        byte kind = kinds[position];
        return kind == OBJECT ? serializers[position].deserialize(source) : read(kind, source);
    }

    /**
     * Reads the field at {@code position}, as its serializer's {@code deserialize} would with the
     * old field to reuse.
     */
    Object deserialize(int position, Object reuse, DataInputView source) throws IOException {
        byte kind = kinds[position];
        return kind == OBJECT
                ? serializers[position].deserialize(reuse, source)
                : read(kind, source);
    }

    /** A copy of the field at {@code position}, as its serializer's {@code copy} makes it. */
    Object copy(int position, Object field) {
        return kinds[position] == OBJECT ? serializers[position].copy(field) : field;
    }

    /**
     * A copy of the field at {@code position}, as its serializer's {@code copy} makes it with the
     * old field to reuse.
     */
    Object copy(int position, Object field, Object reuse) {
        return kinds[position] == OBJECT ? serializers[position].copy(field, reuse) : field;
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
