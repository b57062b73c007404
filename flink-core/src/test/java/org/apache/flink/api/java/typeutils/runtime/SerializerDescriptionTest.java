/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.api.java.typeutils.runtime;

import dev.wirespeed.testing.UpperCaseSerializer;

import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.common.typeutils.base.ListSerializer;
import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.apache.flink.api.common.typeutils.base.array.LongPrimitiveArraySerializer;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.api.java.typeutils.runtime.SerializerDescription.Kind;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** What the serializer report says of the serializers Flink's type extraction makes. */
class SerializerDescriptionTest {

    @Test
    void aPojoNamesItsClassAndTheKryoTypesOfItsFields() {
        SerializerDescription description = describe(TypeInformation.of(Order.class));

        assertThat(description.kind()).isEqualTo(Kind.POJO);
        assertThat(description.type()).isEqualTo(Order.class.getName());
        assertThat(description.serializer()).isEqualTo(PojoSerializer.class.getName());
        // a Map field of a POJO is a generic type too, which Kryo serializes
        assertThat(description.kryoTypes())
                .containsExactly(Map.class.getName(), Opaque.class.getName());
    }

    @Test
    void aTypeFlinkCannotAnalyseIsKryo() {
        SerializerDescription description = describe(TypeInformation.of(Opaque.class));

        assertThat(description.kind()).isEqualTo(Kind.KRYO);
        assertThat(description.type()).isEqualTo(Opaque.class.getName());
        assertThat(description.kryoTypes()).containsExactly(Opaque.class.getName());
    }

    @Test
    void kryoInsideTuplesAndCollectionsIsFound() {
        SerializerDescription tuple =
                describe(Types.TUPLE(Types.STRING, Types.LIST(TypeInformation.of(Opaque.class))));
        assertThat(tuple.kind()).isEqualTo(Kind.TUPLE);
        assertThat(tuple.type()).isEqualTo(Tuple2.class.getName());
        assertThat(tuple.kryoTypes()).containsExactly(Opaque.class.getName());

        SerializerDescription map =
                describe(Types.MAP(Types.STRING, TypeInformation.of(Opaque.class)));
        assertThat(map.kind()).isEqualTo(Kind.FLINK);
        assertThat(map.kryoTypes()).containsExactly(Opaque.class.getName());
    }

    @Test
    void flinksOwnSerializersNameTheClassOfTheirValues() {
        assertThat(SerializerDescription.of(StringSerializer.INSTANCE).type())
                .isEqualTo(String.class.getName());
        assertThat(SerializerDescription.of(LongPrimitiveArraySerializer.INSTANCE).type())
                .isEqualTo("long[]");
        SerializerDescription list =
                SerializerDescription.of(new ListSerializer<>(StringSerializer.INSTANCE));
        assertThat(list.kind()).isEqualTo(Kind.FLINK);
        assertThat(list.kryoTypes()).isEmpty();
    }

    @Test
    void aRowIsARow() {
        SerializerDescription row = describe(Types.ROW(Types.INT, Types.STRING));

        assertThat(row.kind()).isEqualTo(Kind.ROW);
        assertThat(row.type()).isEqualTo("org.apache.flink.types.Row");
        assertThat(row.kryoTypes()).isEmpty();
    }

    @Test
    void aSerializerOfTheJobsOwnIsCustomAndNamesNoType() {
        SerializerDescription custom = SerializerDescription.of(new UpperCaseSerializer());

        assertThat(custom.kind()).isEqualTo(Kind.CUSTOM);
        assertThat(custom.type()).isNull();
        assertThat(custom.serializer()).isEqualTo(UpperCaseSerializer.class.getName());
    }

    @Test
    void theAdviceNamesTheTypeAndTheWaysOut() {
        assertThat(SerializerDescription.kryoAdvice("com.example.Event"))
                .contains("com.example.Event", "POJO", "@TypeInfo", "pipeline.generic-types");
    }

    private static SerializerDescription describe(TypeInformation<?> type) {
        return SerializerDescription.of(type.createSerializer(new SerializerConfigImpl()));
    }

    /** A POJO with a field Flink cannot analyse. */
    public static class Order {
        public String id;
        public long amount;
        public Opaque detail;
        public Map<String, Integer> counts;
    }

    /** No public no-argument constructor: a generic type, serialized by Kryo. */
    public static class Opaque {
        private final int value;

        public Opaque(int value) {
            this.value = value;
        }

        public int getValue() {
            return value;
        }
    }
}
