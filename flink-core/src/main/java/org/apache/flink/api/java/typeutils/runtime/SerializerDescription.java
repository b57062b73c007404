/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.api.java.typeutils.runtime;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeutils.CompositeTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.java.typeutils.runtime.kryo.KryoSerializer;
import org.apache.flink.types.Row;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a {@link TypeSerializer} does, for a job's serializer report: its {@link Kind}, the class of
 * the values it serializes where it names one, and the types inside it (itself included) that fall
 * back to Kryo, which is what to look for first when a job serializes slowly.
 */
@Internal
public final class SerializerDescription {

    /** How a serializer writes its values. */
    public enum Kind {
        /** Flink's {@code PojoSerializer}: field by field. */
        POJO,
        /** Flink's serializer of a {@code Tuple} or a subclass of one. */
        TUPLE,
        /** Flink's serializer of a {@link Row}. */
        ROW,
        /** Flink's Avro serializer (flink-avro). */
        AVRO,
        /** Kryo: the fallback for types Flink cannot analyse, or a registered Kryo serializer. */
        KRYO,
        /** Another of Flink's own serializers: a basic type, an array, a collection, a value. */
        FLINK,
        /** A serializer of the job's own, or of a library. */
        CUSTOM
    }

    /** How deep nested serializers are looked into: far beyond any real type. */
    private static final int MAX_DEPTH = 32;

    private static final String AVRO_PACKAGE = "org.apache.flink.formats.avro.";

    private final Kind kind;
    @Nullable private final String type;
    private final String serializer;
    private final Set<String> kryoTypes;

    private SerializerDescription(
            Kind kind, @Nullable String type, String serializer, Set<String> kryoTypes) {
        this.kind = kind;
        this.type = type;
        this.serializer = serializer;
        this.kryoTypes = Collections.unmodifiableSet(kryoTypes);
    }

    /** Describes a serializer and the serializers it is built of. */
    public static SerializerDescription of(TypeSerializer<?> serializer) {
        Kind kind = kindOf(serializer);
        Set<String> kryoTypes = new TreeSet<>();
        collectKryoTypes(serializer, kryoTypes, 0);
        return new SerializerDescription(
                kind, typeOf(serializer, kind), serializer.getClass().getName(), kryoTypes);
    }

    /** The kind of serialization. */
    public Kind kind() {
        return kind;
    }

    /** The class of the values serialized, or null where the serializer does not name it. */
    @Nullable
    public String type() {
        return type;
    }

    /** The serializer's class. */
    public String serializer() {
        return serializer;
    }

    /** The classes, here or nested inside, that Kryo serializes, sorted. */
    public Set<String> kryoTypes() {
        return kryoTypes;
    }

    /** What a job can do so that Flink serializes a type itself instead of through Kryo. */
    public static String kryoAdvice(String type) {
        return "Kryo serializes "
                + type
                + ", which is slower than Flink's own serializers and not schema-evolvable."
                + " Make it a POJO (a public class with a public no-argument constructor and"
                + " public fields or getters and setters for every field), declare its"
                + " TypeInformation with @TypeInfo and a TypeInfoFactory, or, if it must stay"
                + " with Kryo, register it (pipeline.serialization-config). Setting"
                + " pipeline.generic-types: false makes every such type fail the job at submission.";
    }

    private static Kind kindOf(TypeSerializer<?> serializer) {
        if (serializer instanceof PojoSerializer) {
            return Kind.POJO;
        } else if (serializer instanceof TupleSerializerBase) {
            return Kind.TUPLE;
        } else if (serializer instanceof RowSerializer) {
            return Kind.ROW;
        } else if (serializer instanceof KryoSerializer) {
            return Kind.KRYO;
        }
        String name = serializer.getClass().getName();
        if (name.startsWith(AVRO_PACKAGE)) {
            return Kind.AVRO;
        }
        return name.startsWith("org.apache.flink.") ? Kind.FLINK : Kind.CUSTOM;
    }

    @Nullable
    private static String typeOf(TypeSerializer<?> serializer, Kind kind) {
        switch (kind) {
            case POJO:
                return ((PojoSerializer<?>) serializer).getPojoClass().getTypeName();
            case TUPLE:
                return ((TupleSerializerBase<?>) serializer).getTupleClass().getTypeName();
            case ROW:
                return Row.class.getTypeName();
            case KRYO:
                return ((KryoSerializer<?>) serializer).getType().getTypeName();
            case FLINK:
                return instanceClassOf(serializer);
            default:
                return null;
        }
    }

    /** The class of a new instance: Flink's own serializers make one without side effects. */
    @Nullable
    private static String instanceClassOf(TypeSerializer<?> serializer) {
        try {
            Object instance = serializer.createInstance();
            return instance == null ? null : instance.getClass().getTypeName();
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static void collectKryoTypes(
            TypeSerializer<?> serializer, Set<String> into, int depth) {
        if (depth > MAX_DEPTH) {
            return;
        }
        if (serializer instanceof KryoSerializer) {
            into.add(((KryoSerializer<?>) serializer).getType().getTypeName());
        } else if (serializer instanceof PojoSerializer) {
            PojoSerializer<?> pojo = (PojoSerializer<?>) serializer;
            for (TypeSerializer<?> field : pojo.getFieldSerializers()) {
                collectKryoTypes(field, into, depth + 1);
            }
            for (TypeSerializer<?> subclass : pojo.getRegisteredSerializers()) {
                collectKryoTypes(subclass, into, depth + 1);
            }
        } else {
            for (TypeSerializer<?> nested : nestedSerializers(serializer)) {
                collectKryoTypes(nested, into, depth + 1);
            }
        }
    }

    /** The serializers a serializer is built of, as its snapshot names them. */
    private static List<TypeSerializer<?>> nestedSerializers(TypeSerializer<?> serializer) {
        List<TypeSerializer<?>> nested = new ArrayList<>();
        try {
            TypeSerializerSnapshot<?> snapshot = serializer.snapshotConfiguration();
            if (snapshot instanceof CompositeTypeSerializerSnapshot) {
                for (TypeSerializerSnapshot<?> inner :
                        ((CompositeTypeSerializerSnapshot<?, ?>) snapshot)
                                .getNestedSerializerSnapshots()) {
                    nested.add(inner.restoreSerializer());
                }
            }
        } catch (RuntimeException e) {
            // a serializer whose snapshot cannot be taken or restored is described alone
        }
        return nested;
    }
}
