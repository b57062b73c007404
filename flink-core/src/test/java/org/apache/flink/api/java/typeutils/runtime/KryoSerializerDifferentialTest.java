/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.api.java.typeutils.runtime;

import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.java.typeutils.GenericTypeInfo;
import org.apache.flink.api.java.typeutils.runtime.kryo.JavaSerializer;
import org.apache.flink.api.java.typeutils.runtime.kryo.KryoSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataInputViewStreamWrapper;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.util.InstantiationUtil;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The fork's {@link KryoSerializer}, which reads the bytes of a {@link DataInputDeserializer} in
 * place ({@link InPlaceKryoInput}), against upstream 1.20.5's, loaded from the upstream jar, on
 * random values of a type that is no POJO: strings of every kind Kryo writes (ASCII, Latin-1 and
 * other non-ASCII, short and long, one char, empty, {@code null}), numbers, a list and a nested
 * object. The same bytes, the same values read back, the deserializer moved on by exactly a value's
 * bytes, the bytes left as they were, and the same failure where the bytes end early.
 */
class KryoSerializerDifferentialTest {

    private static final String[] TEXTS = {
        "P-0000004711",
        "garden",
        "grün",
        "Ω",
        "x",
        "",
        null,
        "日本語のテキスト",
        "a much longer ASCII text",
        "an ASCII text of 62 chars: a number after it passes Kryo's 63.",
        "A durable and quiet grün product by Contoso, made for every day since 1987."
    };

    private final KryoSerializer<Event> serializer = forkSerializer();
    private final UpstreamSerializers upstream = new UpstreamSerializers(Event.class, List.of());

    @Test
    void randomValuesReadBackAsUpstreamReadsThem() throws IOException {
        assertThat(upstream.serializerClassName()).endsWith("KryoSerializer");
        Random random = new Random(20261128);
        for (int i = 0; i < 300; i++) {
            Event event = Event.random(random);
            byte[] bytes = upstream.serialize(event);

            assertThat(serialize(event)).isEqualTo(bytes);
            Event read = serializer.deserialize(new DataInputDeserializer(bytes));
            assertThat(read).isEqualTo(event).isEqualTo(upstream.deserialize(bytes));
        }
    }

    @Test
    void eachValueMovesTheDeserializerOnByItsBytesAndLeavesThemAsTheyWere() throws IOException {
        Random random = new Random(1);
        List<Event> events =
                List.of(Event.random(random), Event.random(random), Event.random(random));
        DataOutputSerializer out = new DataOutputSerializer(256);
        for (Event event : events) {
            serializer.serialize(event, out);
        }
        out.writeInt(0x5EED);
        byte[] bytes = out.getCopyOfBuffer();
        DataInputDeserializer in = new DataInputDeserializer(bytes);

        for (Event event : events) {
            assertThat(serializer.deserialize(in)).isEqualTo(event);
        }
        assertThat(in.readInt()).isEqualTo(0x5EED);
        assertThat(in.available()).isZero();
        assertThat(in.backingArray()).isEqualTo(out.getCopyOfBuffer());
    }

    @Test
    void valuesEndingEarlyFailAsUpstreamsDo() throws IOException {
        Event event = new Event("P-0000004711", "grün", null, 7L, 3, List.of("a", "bc"), null);
        byte[] bytes = upstream.serialize(event);
        for (int length = 0; length < bytes.length; length++) {
            byte[] truncated = Arrays.copyOf(bytes, length);

            assertThatThrownBy(() -> upstream.deserialize(truncated))
                    .isInstanceOf(EOFException.class);
            assertThatThrownBy(() -> serializer.deserialize(new DataInputDeserializer(truncated)))
                    .isInstanceOf(EOFException.class);
        }
    }

    @Test
    void otherViewsAndDeserializersTakenInTurnReadTheSameValues() throws IOException {
        Random random = new Random(2);
        for (int i = 0; i < 20; i++) {
            Event event = Event.random(random);
            byte[] bytes = serialize(event);

            assertThat(
                            serializer.deserialize(
                                    new DataInputViewStreamWrapper(
                                            new ByteArrayInputStream(bytes))))
                    .isEqualTo(event);
            assertThat(serializer.deserialize(new DataInputDeserializer(bytes))).isEqualTo(event);
            DataOutputSerializer copied = new DataOutputSerializer(64);
            serializer.copy(new DataInputDeserializer(bytes), copied);
            assertThat(copied.getCopyOfBuffer()).isEqualTo(bytes);
        }
    }

    @Test
    void aSerializerThatReadsTheInputAsAStreamReadsInPlaceToo() throws IOException {
        SerializerConfigImpl config = new SerializerConfigImpl();
        config.registerTypeWithKryoSerializer(Note.class, JavaSerializer.class);
        TypeSerializer<Note> notes = new GenericTypeInfo<>(Note.class).createSerializer(config);
        DataOutputSerializer out = new DataOutputSerializer(256);
        notes.serialize(new Note("first"), out);
        notes.serialize(new Note("zweite"), out);
        DataInputDeserializer in = new DataInputDeserializer(out.getCopyOfBuffer());

        assertThat(notes.deserialize(in).text).isEqualTo("first");
        assertThat(notes.deserialize(in).text).isEqualTo("zweite");
        assertThat(in.available()).isZero();
    }

    @Test
    void duplicatesAndSerializersSentToATaskReadInPlace() throws Exception {
        Random random = new Random(3);
        List<TypeSerializer<Event>> serializers =
                List.of(serializer.duplicate(), InstantiationUtil.clone(serializer));
        for (TypeSerializer<Event> other : serializers) {
            Event first = Event.random(random);
            Event second = Event.random(random);
            DataOutputSerializer out = new DataOutputSerializer(256);
            other.serialize(first, out);
            other.serialize(second, out);
            DataInputDeserializer in = new DataInputDeserializer(out.getCopyOfBuffer());

            assertThat(other.deserialize(in)).isEqualTo(first);
            assertThat(other.deserialize(in)).isEqualTo(second);
            assertThat(in.available()).isZero();
        }
    }

    @Test
    void graphsOfManyObjectsWriteUpstreamsReferences() throws IOException {
        assertThat(serializer.getKryo().getReferenceResolver())
                .isInstanceOf(SmallGraphReferenceResolver.class);
        Random random = new Random(4);
        for (int size = 0; size <= 3 * SmallGraphReferenceResolver.SCANNED; size++) {
            Event event = Event.sharingStrings(random, size);
            byte[] bytes = upstream.serialize(event);

            assertThat(serialize(event)).isEqualTo(bytes);
            assertThat(serialize(event)).isEqualTo(bytes);
            Event read = serializer.deserialize(new DataInputDeserializer(bytes));
            assertThat(read).isEqualTo(event);
            assertThat(read.tags.get(0)).isSameAs(read.id);
        }
    }

    @Test
    void smallValuesAfterLargeOnesWriteUpstreamsReferences() throws IOException {
        Random random = new Random(5);
        int[] sizes = {100, 3, 40, 40, 0, 33, 32, 31, 1};
        for (int size : sizes) {
            Event event = Event.sharingStrings(random, size);

            assertThat(serialize(event)).isEqualTo(upstream.serialize(event));
        }
    }

    @Test
    void aDeserializerWithoutBytesFailsAsBefore() {
        assertThatThrownBy(() -> serializer.deserialize(new DataInputDeserializer()))
                .isInstanceOf(EOFException.class);
    }

    private byte[] serialize(Event event) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(64);
        serializer.serialize(event, out);
        return out.getCopyOfBuffer();
    }

    @SuppressWarnings("unchecked")
    private static KryoSerializer<Event> forkSerializer() {
        return (KryoSerializer<Event>)
                new GenericTypeInfo<>(Event.class).createSerializer(new SerializerConfigImpl());
    }

    /** A type that is no POJO (final fields, no constructor without arguments): Kryo's. */
    static final class Event {
        private final String id;
        private final String name;
        private final String note;
        private final long time;
        private final int count;
        private final List<String> tags;
        private final Event parent;

        Event(
                String id,
                String name,
                String note,
                long time,
                int count,
                List<String> tags,
                Event parent) {
            this.id = id;
            this.name = name;
            this.note = note;
            this.time = time;
            this.count = count;
            this.tags = tags == null ? null : new ArrayList<>(tags);
            this.parent = parent;
        }

        static Event random(Random random) {
            List<String> tags = new ArrayList<>();
            for (int i = random.nextInt(4); i > 0; i--) {
                tags.add(text(random));
            }
            Event parent =
                    random.nextInt(3) == 0
                            ? new Event(text(random), text(random), null, 1L, 0, null, null)
                            : null;
            return new Event(
                    text(random),
                    text(random),
                    text(random),
                    random.nextLong(),
                    random.nextInt(),
                    random.nextBoolean() ? tags : null,
                    parent);
        }

        /**
         * An event whose strings are objects of one graph more than once: its id and name are its
         * first and last tag, its parent holds its tags, and some tags are the same object as an
         * earlier tag, others a new object equal to one.
         */
        static Event sharingStrings(Random random, int tagCount) {
            List<String> tags = new ArrayList<>();
            tags.add(new String("first"));
            for (int i = 1; i < tagCount; i++) {
                String earlier = tags.get(random.nextInt(tags.size()));
                tags.add(random.nextInt(3) == 0 ? earlier : new String("tag " + random.nextInt(9)));
            }
            Event parent = new Event("parent", null, null, 1L, 0, tags, null);
            String last = tags.get(tags.size() - 1);
            return new Event(tags.get(0), last, text(random), 2L, tagCount, tags, parent);
        }

        private static String text(Random random) {
            String text = TEXTS[random.nextInt(TEXTS.length)];
            return text == null || random.nextBoolean() ? text : text + random.nextInt(1000);
        }

        @Override
        public boolean equals(Object other) {
            if (!(other instanceof Event)) {
                return false;
            }
            Event that = (Event) other;
            return Objects.equals(id, that.id)
                    && Objects.equals(name, that.name)
                    && Objects.equals(note, that.note)
                    && time == that.time
                    && count == that.count
                    && Objects.equals(tags, that.tags)
                    && Objects.equals(parent, that.parent);
        }

        @Override
        public int hashCode() {
            return Objects.hash(id, name, note, time, count, tags, parent);
        }

        @Override
        public String toString() {
            return id + "/" + name + "/" + note + "/" + time + "/" + count + "/" + tags + "/"
                    + parent;
        }
    }

    /** A type that Kryo hands to Java serialization, which reads the input as a stream. */
    static final class Note implements Serializable {
        private static final long serialVersionUID = 1L;
        private final String text;

        Note(String text) {
            this.text = text;
        }
    }
}
