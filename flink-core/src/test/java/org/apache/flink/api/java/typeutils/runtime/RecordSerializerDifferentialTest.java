/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.api.java.typeutils.runtime;

import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.base.IntSerializer;
import org.apache.flink.api.common.typeutils.base.LongSerializer;
import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.apache.flink.api.java.typeutils.TypeExtractor;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.lang.ref.WeakReference;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Random;

import static org.apache.flink.api.java.typeutils.runtime.PojoSerializerDifferentialTest.checkAgainstUpstream;
import static org.apache.flink.api.java.typeutils.runtime.PojoSerializerDifferentialTest.forkSerializer;
import static org.apache.flink.api.java.typeutils.runtime.PojoSerializerDifferentialTest.randomString;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * Java records through the fork's {@link PojoSerializer}, whose {@link RecordFieldCodec} reads
 * their fields and makes them through a generated {@link RecordAccess}, against upstream 1.20.5's
 * serializer, loaded from the upstream jar, which does both through reflection: the same bytes, the
 * same records read back and copied, the same failures, the same records from a serializer restored
 * after fields were added and removed.
 */
class RecordSerializerDifferentialTest {

    @Test
    void randomRecordsOfEveryFieldKindMatchUpstream() throws IOException {
        UpstreamSerializers upstream = new UpstreamSerializers(Everything.class, List.of());
        TypeSerializer<Object> fork = forkSerializer(Everything.class, List.of());
        Random random = new Random(20261201);
        for (int i = 0; i < 300; i++) {
            checkAgainstUpstream(upstream, fork, Everything.random(random));
        }
    }

    @Test
    void recordsAreReadThroughTheGeneratedAccess() {
        Field[] fields = {field(Shouting.class, "word")};
        TypeSerializer<Object>[] serializers = serializers(StringSerializer.INSTANCE);

        assertThat(RecordFieldCodec.create(Shouting.class, fields, serializers)).isNotNull();
        assertThat(RecordAccessGenerator.accessOf(Everything.class)).isNotNull();
    }

    @Test
    void aRecordIsWrittenFromItsFieldsNotFromAnAccessorItOverrides() throws IOException {
        Shouting value = new Shouting("quiet");

        Object read =
                checkAgainstUpstream(
                        new UpstreamSerializers(Shouting.class, List.of()),
                        forkSerializer(Shouting.class, List.of()),
                        value);

        assertThat(((Shouting) read).word()).isEqualTo("QUIET");
    }

    @Test
    void aCanonicalConstructorThatFailsFailsReadsAndCopiesAsUpstreamFails() throws IOException {
        Checked value = new Checked(7);
        UpstreamSerializers upstream = new UpstreamSerializers(Checked.class, List.of());
        TypeSerializer<Object> fork = forkSerializer(Checked.class, List.of());
        byte[] bytes = upstream.serialize(value);
        Checked.failure = new IllegalStateException("refused");
        try {
            assertFailsAsUpstream(
                    catchThrowable(() -> fork.deserialize(new DataInputDeserializer(bytes))),
                    catchThrowable(() -> upstream.deserialize(bytes)));
            assertFailsAsUpstream(
                    catchThrowable(() -> fork.copy(value)),
                    catchThrowable(() -> upstream.copy(value)));
        } finally {
            Checked.failure = null;
        }
    }

    @Test
    void aNullFlagForAPrimitiveComponentFailsAsUpstreamFails() {
        // the flags for an instance of the class itself, then its int flagged null
        byte[] corrupt = {2, 1};
        UpstreamSerializers upstream = new UpstreamSerializers(Checked.class, List.of());
        TypeSerializer<Object> fork = forkSerializer(Checked.class, List.of());

        Throwable forkFailure =
                catchThrowable(() -> fork.deserialize(new DataInputDeserializer(corrupt)));
        Throwable upstreamFailure = catchThrowable(() -> upstream.deserialize(corrupt)).getCause();

        assertThat(forkFailure)
                .isInstanceOf(upstreamFailure.getClass())
                .hasMessage(upstreamFailure.getMessage())
                .hasCauseInstanceOf(IllegalArgumentException.class);
        assertThat(upstreamFailure).hasCauseInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aRestoredSerializerReadsRemovedFieldsAndGivesAddedComponentsTheirDefaults()
            throws IOException {
        // a snapshot's fields: count and name, which the record still has, and one it has lost
        Field[] fields = {field(Evolved.class, "count"), field(Evolved.class, "name"), null};
        for (int i = 0; i < 2; i++) {
            // as a snapshot's fields come: made accessible
            fields[i].setAccessible(true);
        }
        UpstreamSerializers upstream =
                UpstreamSerializers.restoredPojoSerializer(
                        Evolved.class,
                        fields,
                        IntSerializer.class.getName(),
                        StringSerializer.class.getName(),
                        LongSerializer.class.getName());
        PojoSerializer<Evolved> fork =
                new PojoSerializer<>(
                        Evolved.class,
                        fields,
                        serializers(
                                IntSerializer.INSTANCE,
                                StringSerializer.INSTANCE,
                                LongSerializer.INSTANCE),
                        new LinkedHashMap<>(),
                        new TypeSerializer<?>[0],
                        new HashMap<>(),
                        new SerializerConfigImpl());
        // a record as the snapshot's serializer wrote it: the flags, then each field
        DataOutputSerializer out = new DataOutputSerializer(32);
        out.writeByte(2);
        out.writeBoolean(false);
        out.writeInt(42);
        out.writeBoolean(false);
        StringSerializer.INSTANCE.serialize("widget", out);
        out.writeBoolean(false);
        out.writeLong(-1L);
        byte[] bytes = out.getCopyOfBuffer();

        Evolved read = fork.deserialize(new DataInputDeserializer(bytes));

        assertThat(read).isEqualTo(upstream.deserialize(bytes));
        assertThat(read).isEqualTo(new Evolved("widget", 42, 0.0, null, false));
        Evolved full = new Evolved("gadget", 7, 2.5, "kept", true);
        assertThat(fork.copy(full)).isEqualTo(upstream.copy(full));
        out.clear();
        fork.serialize(full, out);
        assertThat(out.getCopyOfBuffer()).isEqualTo(upstream.serialize(full));
    }

    @Test
    void aComponentWhoseSerializerIsNotFlinksForItsTypeTakesUpstreamsPath() {
        Field[] fields = {field(Checked.class, "value")};

        assertThat(
                        RecordFieldCodec.create(
                                Checked.class, fields, serializers(LongSerializer.INSTANCE)))
                .isNull();
    }

    @Test
    void theGeneratedAccessGoesWithTheClassLoaderOfItsRecord() throws Exception {
        WeakReference<ClassLoader> loader = serializeInALoaderOfItsOwn();

        for (int i = 0; i < 50 && loader.get() != null; i++) {
            System.gc();
            Thread.sleep(20);
        }

        assertThat(loader.get()).as("the record's class loader, collected").isNull();
    }

    /** Serializes and copies a record whose class a new loader defines; returns that loader. */
    private static WeakReference<ClassLoader> serializeInALoaderOfItsOwn() throws Exception {
        ClassLoader loader = new SingleClassLoader(Leaf.class);
        Class<?> leafClass = loader.loadClass(Leaf.class.getName());
        assertThat(leafClass).isNotSameAs(Leaf.class);
        Object leaf = leafClass.getConstructor(int.class, String.class).newInstance(3, "leaf");
        @SuppressWarnings("unchecked")
        TypeSerializer<Object> serializer =
                (TypeSerializer<Object>)
                        TypeExtractor.createTypeInfo(leafClass)
                                .createSerializer(new SerializerConfigImpl());
        byte[] bytes = bytesOf(serializer, leaf);
        Object read = serializer.deserialize(new DataInputDeserializer(bytes));
        Object copy = serializer.copy(leaf);

        // compared by their bytes: a record's own equals() would link call sites that hold on to
        // its class loader for a while after
        assertThat(bytesOf(serializer, read)).isEqualTo(bytes);
        assertThat(bytesOf(serializer, copy)).isEqualTo(bytes);
        assertThat(read).isNotSameAs(leaf).isInstanceOf(leafClass);
        assertThat(copy).isNotSameAs(leaf).isInstanceOf(leafClass);
        assertThat(RecordAccessGenerator.accessOf(leafClass).getClass().getClassLoader())
                .isSameAs(loader);
        return new WeakReference<>(loader);
    }

    private static byte[] bytesOf(TypeSerializer<Object> serializer, Object value)
            throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(16);
        serializer.serialize(value, out);
        return out.getCopyOfBuffer();
    }

    /**
     * The fork's failure is upstream's: upstream's comes wrapped by the reflective call that
     * reached it, and both wrap what the constructor threw as reflection does.
     */
    private static void assertFailsAsUpstream(Throwable fork, Throwable upstreamCall) {
        Throwable upstream = upstreamCall.getCause();
        assertThat(fork).isInstanceOf(upstream.getClass()).hasMessage(upstream.getMessage());
        assertThat(fork.getCause()).isInstanceOf(InvocationTargetException.class);
        assertThat(upstream.getCause()).isInstanceOf(InvocationTargetException.class);
        assertThat(fork.getCause().getCause()).isSameAs(upstream.getCause().getCause());
    }

    private static Field field(Class<?> type, String name) {
        try {
            return type.getDeclaredField(name);
        } catch (NoSuchFieldException e) {
            throw new IllegalArgumentException(e);
        }
    }

    @SuppressWarnings("unchecked")
    private static TypeSerializer<Object>[] serializers(TypeSerializer<?>... serializers) {
        TypeSerializer<Object>[] all = new TypeSerializer[serializers.length];
        for (int i = 0; i < serializers.length; i++) {
            all[i] = (TypeSerializer<Object>) serializers[i];
        }
        return all;
    }

    /** Defines one class from its class file, and leaves every other class to its parent. */
    private static final class SingleClassLoader extends ClassLoader {

        private final String name;

        SingleClassLoader(Class<?> type) {
            super(type.getClassLoader());
            this.name = type.getName();
        }

        @Override
        protected Class<?> loadClass(String className, boolean resolve)
                throws ClassNotFoundException {
            if (!className.equals(name)) {
                return super.loadClass(className, resolve);
            }
            synchronized (getClassLoadingLock(className)) {
                Class<?> loaded = findLoadedClass(className);
                if (loaded != null) {
                    return loaded;
                }
                String resource = className.replace('.', '/') + ".class";
                try (InputStream in = getParent().getResourceAsStream(resource)) {
                    byte[] bytes = in.readAllBytes();
                    return defineClass(className, bytes, 0, bytes.length);
                } catch (IOException e) {
                    throw new ClassNotFoundException(className, e);
                }
            }
        }
    }

    /**
     * Every kind of component: each primitive, a boxed one, strings, an array, a generic list
     * (Kryo's), a nested record and a POJO, declared in an order that is not the serializer's
     * (alphabetical) one.
     */
    public record Everything(
            int count,
            String name,
            boolean flag,
            byte level,
            short code,
            char letter,
            float ratio,
            long total,
            double share,
            Integer boxed,
            int[] numbers,
            List<String> tags,
            Leaf leaf,
            PojoSerializerDifferentialTest.Flat flat,
            String note) {

        static Everything random(Random random) {
            if (random.nextInt(16) == 0) {
                return null;
            }
            return new Everything(
                    random.nextInt(),
                    randomString(random),
                    random.nextBoolean(),
                    (byte) random.nextInt(),
                    (short) random.nextInt(),
                    (char) random.nextInt(0x10000),
                    // NaNs with payloads among them, which Flink writes as the one NaN
                    random.nextInt(4) == 0
                            ? Float.intBitsToFloat(0x7f800001 + random.nextInt(0x7fffff))
                            : Float.intBitsToFloat(random.nextInt()),
                    random.nextLong(),
                    random.nextInt(4) == 0
                            ? Double.longBitsToDouble(0x7ff0000000000001L + random.nextInt())
                            : Double.longBitsToDouble(random.nextLong()),
                    random.nextInt(4) == 0 ? null : random.nextInt(),
                    random.nextInt(4) == 0 ? null : random.ints(random.nextInt(4)).toArray(),
                    random.nextInt(4) == 0 ? null : new ArrayList<>(List.of("a", "b")),
                    random.nextInt(4) == 0
                            ? null
                            : new Leaf(random.nextInt(), randomString(random)),
                    random.nextInt(4) == 0
                            ? null
                            : PojoSerializerDifferentialTest.Flat.random(random),
                    randomString(random));
        }
    }

    /** A record nested in others, and the one a class loader of its own defines. */
    public record Leaf(int x, String label) {}

    /** A record whose accessor is not its field: Flink writes the field. */
    public record Shouting(String word) {
        @Override
        public String word() {
            return word.toUpperCase();
        }
    }

    /** A record whose canonical constructor fails while {@link #failure} is set. */
    public record Checked(int value) {

        static volatile RuntimeException failure;

        public Checked {
            if (failure != null) {
                throw failure;
            }
        }
    }

    /** A record with components a snapshot's serializer did not know of. */
    public record Evolved(String name, int count, double added, String note, boolean flag) {}
}
