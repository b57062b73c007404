/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.api.java.typeutils.runtime;

import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.base.IntSerializer;
import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;

import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What {@link PojoFieldCodec} does where {@code PojoSerializer}'s tests against upstream cannot
 * reach: fields a restored serializer no longer finds, values of the wrong type from a field's
 * serializer, and which fields it reaches by offset.
 */
class PojoFieldCodecTest {

    @Test
    void aFieldTheClassNoLongerHasIsWrittenAsNullAndSkippedWhenRead() throws Exception {
        PojoFieldCodec codec =
                new PojoFieldCodec(
                        Item.class,
                        new Field[] {null, Item.class.getField("name")},
                        serializers(IntSerializer.INSTANCE, StringSerializer.INSTANCE));
        Item item = new Item();
        item.name = "kept";

        DataOutputSerializer out = new DataOutputSerializer(16);
        codec.serialize(item, out);
        assertThat(out.getCopyOfBuffer()).isEqualTo(new byte[] {1, 0, 5, 'k', 'e', 'p', 't'});

        // a snapshot's bytes with a value for the removed field: an int, then the name
        byte[] written = {0, 0, 0, 0, 42, 0, 4, 'n', 'e', 'w'};
        Item read = new Item();
        DataInputDeserializer in = new DataInputDeserializer(written);
        codec.deserialize(read, in);
        assertThat(read.name).isEqualTo("new");
        assertThat(in.available()).isZero();
    }

    @Test
    void aValueOfAnotherTypeThanTheFieldsIsRefusedAndNotStored() throws Exception {
        // a serializer that reads an Integer for a String field
        PojoFieldCodec codec =
                new PojoFieldCodec(
                        Item.class,
                        new Field[] {Item.class.getField("name")},
                        serializers(IntSerializer.INSTANCE));
        Item item = new Item();
        item.name = "before";

        assertThatThrownBy(
                        () ->
                                codec.deserialize(
                                        item,
                                        new DataInputDeserializer(new byte[] {0, 0, 0, 0, 1})))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(item.name).isEqualTo("before");
        assertThatThrownBy(() -> codec.copy(copyable(), item))
                .isInstanceOf(ClassCastException.class);
        assertThat(item.name).isEqualTo("before");
    }

    @Test
    void fieldsOfTheClassAndItsSuperclassesAreReachedByOffsetVolatileAndForeignOnesAreNot()
            throws Exception {
        PojoFieldCodec codec =
                new PojoFieldCodec(
                        Item.class,
                        new Field[] {
                            Item.class.getField("name"),
                            Base.class.getField("id"),
                            Item.class.getField("version"),
                            Other.class.getField("name")
                        },
                        serializers(
                                StringSerializer.INSTANCE,
                                IntSerializer.INSTANCE,
                                IntSerializer.INSTANCE,
                                StringSerializer.INSTANCE));

        assertThat(codec.reachesByOffset(0)).isTrue();
        assertThat(codec.reachesByOffset(1)).isTrue();
        assertThat(codec.reachesByOffset(2)).isFalse();
        assertThat(codec.reachesByOffset(3)).isFalse();
    }

    @Test
    void aFieldOfAnotherClassFailsAsReflectionFails() throws Exception {
        PojoFieldCodec codec =
                new PojoFieldCodec(
                        Item.class,
                        new Field[] {Other.class.getField("name")},
                        serializers(StringSerializer.INSTANCE));

        assertThatThrownBy(() -> codec.serialize(new Item(), new DataOutputSerializer(8)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static Item copyable() {
        Item item = new Item();
        item.name = "not an int";
        return item;
    }

    @SuppressWarnings("unchecked")
    private static TypeSerializer<Object>[] serializers(TypeSerializer<?>... serializers) {
        return (TypeSerializer<Object>[]) serializers;
    }

    /** A superclass with a field. */
    public static class Base {
        public int id;
    }

    /** A class with fields of its own, one of them volatile. */
    public static class Item extends Base {
        public String name;
        public volatile int version;
    }

    /** A class unrelated to {@link Item}. */
    public static class Other {
        public String name;
    }
}
