/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.api.java.typeutils.runtime;

import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;
import org.apache.flink.types.RowUtils;

import javax.annotation.Nullable;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.util.LinkedHashMap;

/**
 * Reads and copies the fields of rows in position-based mode through a {@link
 * PositionalFieldCodec}, which reads and copies strings and boxed primitives itself. Rows in
 * name-based mode, and rows whose arity does not match, take upstream's paths. Same bytes, same
 * rows and the same failures.
 */
public final class RowSerializer {

    /**
     * The fields; made with the serializer, by its constructor and when it is deserialized, not on
     * its first use, for the reason that {@code PojoSerializer} gives for its field codec.
     */
    private transient PositionalFieldCodec fieldCodec;

    /** Upstream's constructor, then the codec. */
    @Overlay.Wrap("1.20.5:540c19c39485")
    public RowSerializer(
            TypeSerializer<?>[] fieldSerializers,
            @Nullable LinkedHashMap<String, Integer> positionByName,
            boolean supportsRowKind) {
        prepareFieldCodec();
    }

    /** A serializer deserialized, as in a task's configuration: its fields, then the codec. */
    @Overlay.Wrap("1.20.5:fd59921e3884")
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        readObject$upstream(in);
        prepareFieldCodec();
    }

    private void prepareFieldCodec() {
        fieldCodec = new PositionalFieldCodec(fieldSerializers);
    }

    @Overlay.Wrap("1.20.5:f360003a4b34")
    @Override
    public Row copy(Row from) {
        if (from.getFieldNames(false) != null || from.getArity() != arity) {
            return copy$upstream(from);
        }
        Object[] fieldByPosition = new Object[arity];
        for (int i = 0; i < arity; i++) {
            Object field = from.getField(i);
            if (field != null) {
                fieldByPosition[i] = fieldCodec.copy(i, field);
            }
        }
        return RowUtils.createRowWithNamedPositions(
                from.getKind(), fieldByPosition, positionByName);
    }

    @Overlay.Wrap("1.20.5:7b067b476f83")
    @Override
    public Row copy(Row from, Row reuse) {
        if (reuse == null
                || from.getFieldNames(false) != null
                || reuse.getFieldNames(false) != null
                || from.getArity() != arity
                || reuse.getArity() != arity) {
            return copy$upstream(from, reuse);
        }
        reuse.setKind(from.getKind());
        for (int i = 0; i < arity; i++) {
            Object field = from.getField(i);
            if (field == null) {
                reuse.setField(i, null);
            } else {
                Object old = reuse.getField(i);
                reuse.setField(
                        i,
                        old == null ? fieldCodec.copy(i, field) : fieldCodec.copy(i, field, old));
            }
        }
        return reuse;
    }

    @Overlay.Replace("1.20.5:c44cdc1c6e2a")
    @Override
    public Row deserialize(DataInputView source) throws IOException {
        MaskUtils.readIntoMask(source, mask);
        RowKind kind = supportsRowKind ? readKindFromMask(mask) : RowKind.INSERT;
        Object[] fieldByPosition = new Object[arity];
        for (int i = 0; i < arity; i++) {
            if (!mask[rowKindOffset + i]) {
                fieldByPosition[i] = fieldCodec.deserialize(i, source);
            }
        }
        return RowUtils.createRowWithNamedPositions(kind, fieldByPosition, positionByName);
    }

    @Overlay.Wrap("1.20.5:9bad2f05de93")
    @Override
    public Row deserialize(Row reuse, DataInputView source) throws IOException {
        if (reuse == null || reuse.getFieldNames(false) != null || reuse.getArity() != arity) {
            return deserialize$upstream(reuse, source);
        }
        MaskUtils.readIntoMask(source, mask);
        if (supportsRowKind) {
            reuse.setKind(readKindFromMask(mask));
        }
        for (int i = 0; i < arity; i++) {
            if (mask[rowKindOffset + i]) {
                reuse.setField(i, null);
            } else {
                Object old = reuse.getField(i);
                reuse.setField(
                        i,
                        old == null
                                ? fieldCodec.deserialize(i, source)
                                : fieldCodec.deserialize(i, old, source));
            }
        }
        return reuse;
    }
}
