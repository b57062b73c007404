/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.api.java.typeutils.runtime;

import org.apache.flink.api.common.typeutils.base.BooleanSerializer;
import org.apache.flink.api.common.typeutils.base.ByteSerializer;
import org.apache.flink.api.common.typeutils.base.CharSerializer;
import org.apache.flink.api.common.typeutils.base.DoubleSerializer;
import org.apache.flink.api.common.typeutils.base.FloatSerializer;
import org.apache.flink.api.common.typeutils.base.IntSerializer;
import org.apache.flink.api.common.typeutils.base.LongSerializer;
import org.apache.flink.api.common.typeutils.base.ShortSerializer;
import org.apache.flink.api.common.typeutils.base.StringSerializer;

/**
 * The fields that the field codecs of composite serializers ({@link PojoFieldCodec}, {@link
 * TupleFieldCodec}) handle themselves instead of calling the field's serializer: those whose
 * serializer is Flink's own for strings and for the primitives' boxed types. Such a field is
 * written and read exactly as that serializer does. The kinds count from {@link #STRING} up; codecs
 * number their other kinds of fields below it.
 */
final class BuiltInFieldKinds {

    /** A serializer that is none of Flink's for these types. */
    static final byte NONE = -1;

    static final byte STRING = 3;
    static final byte BOOLEAN = 4;
    static final byte BYTE = 5;
    static final byte SHORT = 6;
    static final byte CHAR = 7;
    static final byte INT = 8;
    static final byte FLOAT = 9;
    static final byte LONG = 10;
    static final byte DOUBLE = 11;

    private BuiltInFieldKinds() {}

    /** The kind of the values that a serializer of this class is Flink's own for, or NONE. */
    static byte of(Class<?> serializerClass) {
        if (serializerClass == StringSerializer.class) {
            return STRING;
        } else if (serializerClass == IntSerializer.class) {
            return INT;
        } else if (serializerClass == LongSerializer.class) {
            return LONG;
        } else if (serializerClass == DoubleSerializer.class) {
            return DOUBLE;
        } else if (serializerClass == BooleanSerializer.class) {
            return BOOLEAN;
        } else if (serializerClass == FloatSerializer.class) {
            return FLOAT;
        } else if (serializerClass == ShortSerializer.class) {
            return SHORT;
        } else if (serializerClass == ByteSerializer.class) {
            return BYTE;
        } else if (serializerClass == CharSerializer.class) {
            return CHAR;
        }
        return NONE;
    }

    /**
     * The kind of a field of this type whose serializer is of this class: STRING for a {@code
     * String} field with Flink's string serializer, a primitive's kind for a field of that
     * primitive type with Flink's serializer of its boxed type, else NONE.
     */
    static byte ofField(Class<?> fieldType, Class<?> serializerClass) {
        byte builtIn = of(serializerClass);
        if (builtIn == STRING) {
            return fieldType == String.class ? STRING : NONE;
        }
        return builtIn != NONE && primitiveTypeOf(builtIn) == fieldType ? builtIn : NONE;
    }

    /** The primitive type of a kind other than STRING, whose boxed type the serializer is for. */
    static Class<?> primitiveTypeOf(byte kind) {
        switch (kind) {
            case BOOLEAN:
                return boolean.class;
            case BYTE:
                return byte.class;
            case SHORT:
                return short.class;
            case CHAR:
                return char.class;
            case INT:
                return int.class;
            case FLOAT:
                return float.class;
            case LONG:
                return long.class;
            case DOUBLE:
                return double.class;
            default:
                return null;
        }
    }
}
