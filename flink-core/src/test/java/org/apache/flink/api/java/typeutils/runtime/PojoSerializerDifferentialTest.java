/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.api.java.typeutils.runtime;

import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSchemaCompatibility;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshotSerializationUtil;
import org.apache.flink.api.common.typeutils.base.IntSerializer;
import org.apache.flink.api.java.typeutils.TypeExtractor;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.util.InstantiationUtil;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The fork's {@link PojoSerializer} against upstream 1.20.5's, loaded from the upstream jar: for
 * POJOs of every field kind, with nulls, nesting, inherited fields, subclasses (registered and
 * not), fields that go to Kryo, fields that the class's constructor sets, volatile fields and
 * records, the same bytes, the same objects read back from them by both, and the same deep copies.
 */
class PojoSerializerDifferentialTest {

    private static final int INSTANCES_PER_TYPE = 300;

    static Stream<Arguments> shapes() {
        return Stream.of(
                Arguments.of(Flat.class, (Function<Random, Object>) Flat::random),
                Arguments.of(
                        ConstructorDefaults.class,
                        (Function<Random, Object>) ConstructorDefaults::random),
                Arguments.of(Outer.class, (Function<Random, Object>) Outer::random),
                Arguments.of(Animal.class, (Function<Random, Object>) Animal::random),
                Arguments.of(Dog.class, (Function<Random, Object>) Dog::random),
                Arguments.of(Counter.class, (Function<Random, Object>) Counter::random),
                Arguments.of(Point.class, (Function<Random, Object>) Point::random));
    }

    @ParameterizedTest
    @MethodSource("shapes")
    void randomInstancesMatchUpstream(Class<?> type, Function<Random, Object> instances)
            throws IOException {
        checkAgainstUpstream(type, List.of(), instances, type.getSimpleName().hashCode());
    }

    @ParameterizedTest
    @MethodSource("shapes")
    void randomInstancesWithRegisteredSubclassesMatchUpstream(
            Class<?> type, Function<Random, Object> instances) throws IOException {
        checkAgainstUpstream(type, List.of(Dog.class), instances, ~type.getSimpleName().hashCode());
    }

    @ParameterizedTest
    @MethodSource("shapes")
    void snapshotsAreUpstreamsAndRestoreASerializerThatReadsUpstreamsBytes(
            Class<?> type, Function<Random, Object> instances) throws IOException {
        UpstreamSerializers upstream = new UpstreamSerializers(type, List.of(Dog.class));
        TypeSerializer<Object> fork = forkSerializer(type, List.of(Dog.class));

        byte[] upstreamSnapshot = upstream.snapshot();
        DataOutputSerializer out = new DataOutputSerializer(256);
        TypeSerializerSnapshotSerializationUtil.writeSerializerSnapshot(
                out, fork.snapshotConfiguration());
        assertThat(out.getCopyOfBuffer()).as("snapshot bytes").isEqualTo(upstreamSnapshot);

        TypeSerializerSnapshot<Object> restored =
                TypeSerializerSnapshotSerializationUtil.readSerializerSnapshot(
                        new DataInputDeserializer(upstreamSnapshot), type.getClassLoader());
        assertThat(fork.snapshotConfiguration().resolveSchemaCompatibility(restored))
                .matches(TypeSerializerSchemaCompatibility::isCompatibleAsIs);
        TypeSerializer<Object> restoredSerializer = restored.restoreSerializer();
        Random random = new Random(type.getName().hashCode());
        for (int i = 0; i < 50; i++) {
            checkAgainstUpstream(upstream, restoredSerializer, instances.apply(random));
        }
    }

    @Test
    void aFieldThatTheConstructorSetsIsReadBackAsNullWhenItWasNull() throws IOException {
        ConstructorDefaults value = new ConstructorDefaults();
        value.label = null;
        value.tags = null;
        value.nested = null;

        Object read = checkAgainstUpstream(ConstructorDefaults.class, List.of(), value);

        assertThat(read).usingRecursiveComparison().isEqualTo(value);
    }

    @Test
    void aCopyIsDeep() throws IOException {
        ConstructorDefaults value = ConstructorDefaults.random(new Random(7));
        value.tags = new ArrayList<>(List.of("x"));
        value.nested = Flat.random(new Random(8));
        value.nested.numbers = new int[] {1, 2};

        ConstructorDefaults copy =
                (ConstructorDefaults)
                        forkSerializer(ConstructorDefaults.class, List.of()).copy(value);

        assertThat(copy).usingRecursiveComparison().isEqualTo(value);
        assertThat(copy.tags).isNotSameAs(value.tags);
        assertThat(copy.nested).isNotSameAs(value.nested);
        assertThat(copy.nested.numbers).isNotSameAs(value.nested.numbers);
    }

    @Test
    void aSerializerRestoredByJavaSerializationWritesAndReadsTheSameBytes() throws Exception {
        TypeSerializer<Object> fork = forkSerializer(Flat.class, List.of());
        TypeSerializer<Object> restored = InstantiationUtil.clone(fork);
        UpstreamSerializers upstream = new UpstreamSerializers(Flat.class, List.of());
        Random random = new Random(11);
        for (int i = 0; i < 20; i++) {
            checkAgainstUpstream(upstream, restored, Flat.random(random));
        }
    }

    @Test
    void newInstancesAreMadeByTheConstructor() throws Throwable {
        Fragile value = new Fragile();
        value.value = 3;
        value.constructed = false;
        UpstreamSerializers upstream = new UpstreamSerializers(Fragile.class, List.of());
        TypeSerializer<Object> fork = forkSerializer(Fragile.class, List.of());
        byte[] bytes = upstream.serialize(value);

        for (Object made :
                List.of(
                        fork.deserialize(new DataInputDeserializer(bytes)),
                        fork.copy(value),
                        upstream.deserialize(bytes),
                        upstream.copy(value))) {
            assertThat(made).extracting("value", "constructed").containsExactly(3, true);
        }
    }

    static Stream<Throwable> constructorFailures() {
        return Stream.of(
                new IllegalStateException("refused"),
                new IOException("a checked exception the constructor declares"),
                new Error("refused"));
    }

    @ParameterizedTest
    @MethodSource("constructorFailures")
    void aConstructorThatFailsFailsReadsAndCopiesAsUpstreamFails(Throwable failure)
            throws Throwable {
        Fragile value = new Fragile();
        UpstreamSerializers upstream = new UpstreamSerializers(Fragile.class, List.of());
        TypeSerializer<Object> fork = forkSerializer(Fragile.class, List.of());
        byte[] bytes = upstream.serialize(value);
        Fragile.failure = failure;
        try {
            assertFailsAsUpstream(
                    catchThrowable(() -> fork.deserialize(new DataInputDeserializer(bytes))),
                    catchThrowable(() -> upstream.deserialize(bytes)));
            assertFailsAsUpstream(
                    catchThrowable(() -> fork.copy(value)),
                    catchThrowable(() -> upstream.copy(value)));
        } finally {
            Fragile.failure = null;
        }
    }

    @Test
    void aClassWhoseConstructorNotEveryClassMayCallIsReadAndCopiedAsBefore() throws Exception {
        TypeSerializer<?>[] serializers = {IntSerializer.INSTANCE};
        Field[] fields = {PackagePrivate.class.getField("value")};
        PojoSerializer<PackagePrivate> fork =
                new PojoSerializer<>(
                        PackagePrivate.class, serializers, fields, new SerializerConfigImpl());
        PackagePrivate value = new PackagePrivate();
        value.value = 5;
        DataOutputSerializer out = new DataOutputSerializer(8);
        fork.serialize(value, out);

        assertThat(fork.deserialize(new DataInputDeserializer(out.getCopyOfBuffer())).value)
                .isEqualTo(5);
        assertThat(fork.copy(value).value).isEqualTo(5);
    }

    /**
     * Upstream's serializer threw what the fork's did. Upstream's failure comes wrapped by the
     * reflective call that reached it.
     */
    private static void assertFailsAsUpstream(Throwable fork, Throwable upstreamCall) {
        Throwable upstream = upstreamCall.getCause();
        assertThat(fork).isInstanceOf(upstream.getClass()).hasMessage(upstream.getMessage());
        assertThat(fork.getCause()).isSameAs(upstream.getCause());
    }

    @Test
    void aNullFlagForAPrimitiveFieldFailsAsUpstreamFails() {
        // the flags for an instance of the class itself, then a primitive field flagged null
        byte[] corrupt = {2, 1};
        UpstreamSerializers upstream = new UpstreamSerializers(Counter.class, List.of());
        TypeSerializer<Object> fork = forkSerializer(Counter.class, List.of());

        Throwable upstreamFailure = catchThrowable(() -> upstream.deserialize(corrupt));
        Throwable forkFailure =
                catchThrowable(() -> fork.deserialize(new DataInputDeserializer(corrupt)));

        assertThat(upstreamFailure).hasCauseInstanceOf(IllegalArgumentException.class);
        assertThat(forkFailure).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void unknownFlagsAreCorruptData() {
        // upstream hands out an instance with default field values for these flags
        TypeSerializer<Object> fork = forkSerializer(Flat.class, List.of());

        assertThatThrownBy(() -> fork.deserialize(new DataInputDeserializer(new byte[] {0})))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("unknown flags 0");
    }

    @Test
    void theTypesAreSerializedAsPojos() {
        for (Class<?> type :
                List.of(
                        Flat.class,
                        ConstructorDefaults.class,
                        Outer.class,
                        Dog.class,
                        Counter.class,
                        Point.class)) {
            assertThat(new UpstreamSerializers(type, List.of()).serializerClassName())
                    .isEqualTo(PojoSerializer.class.getName());
            assertThat(forkSerializer(type, List.of())).isInstanceOf(PojoSerializer.class);
        }
    }

    private static void checkAgainstUpstream(
            Class<?> type, List<Class<?>> registered, Function<Random, Object> instances, long seed)
            throws IOException {
        UpstreamSerializers upstream = new UpstreamSerializers(type, registered);
        TypeSerializer<Object> fork = forkSerializer(type, registered);
        Random random = new Random(seed);
        for (int i = 0; i < INSTANCES_PER_TYPE; i++) {
            checkAgainstUpstream(upstream, fork, instances.apply(random));
        }
    }

    private static Object checkAgainstUpstream(
            Class<?> type, List<Class<?>> registered, Object value) throws IOException {
        return checkAgainstUpstream(
                new UpstreamSerializers(type, registered), forkSerializer(type, registered), value);
    }

    /** Checks a value both ways; returns what the fork read back. */
    static Object checkAgainstUpstream(
            UpstreamSerializers upstream, TypeSerializer<Object> fork, Object value)
            throws IOException {
        byte[] expected = upstream.serialize(value);

        DataOutputSerializer out = new DataOutputSerializer(64);
        fork.serialize(value, out);
        assertThat(out.getCopyOfBuffer()).as("bytes of %s", value).isEqualTo(expected);

        Object read = fork.deserialize(new DataInputDeserializer(expected));
        assertThat(read)
                .as("read back")
                .usingRecursiveComparison()
                // exactly, any NaN equal to any other (Flink writes every NaN as the one NaN)
                .withComparatorForType(Float::compare, Float.class)
                .withComparatorForType(Double::compare, Double.class)
                .isEqualTo(upstream.deserialize(expected))
                .isEqualTo(value);
        assertThat(classOf(read)).isEqualTo(classOf(value));

        Object copy = fork.copy(value);
        assertThat(copy)
                .as("copy")
                .usingRecursiveComparison()
                // exactly, any NaN equal to any other (Flink writes every NaN as the one NaN)
                .withComparatorForType(Float::compare, Float.class)
                .withComparatorForType(Double::compare, Double.class)
                .isEqualTo(upstream.copy(value))
                .isEqualTo(value);
        assertThat(classOf(copy)).isEqualTo(classOf(value));
        if (value != null) {
            assertThat(copy).isNotSameAs(value);
        }
        out.clear();
        fork.serialize(copy, out);
        assertThat(out.getCopyOfBuffer()).as("bytes of the copy").isEqualTo(expected);
        return read;
    }

    private static Class<?> classOf(Object value) {
        return value == null ? null : value.getClass();
    }

    @SuppressWarnings("unchecked")
    static TypeSerializer<Object> forkSerializer(Class<?> type, List<Class<?>> registered) {
        SerializerConfigImpl config = new SerializerConfigImpl();
        registered.forEach(config::registerPojoType);
        return (TypeSerializer<Object>) TypeExtractor.createTypeInfo(type).createSerializer(config);
    }

    static String randomString(Random random) {
        if (random.nextInt(5) == 0) {
            return null;
        }
        StringBuilder text = new StringBuilder();
        int length = random.nextInt(12);
        for (int i = 0; i < length; i++) {
            text.append(
                    random.nextInt(4) == 0
                            ? (char) (0x400 + random.nextInt(64))
                            : (char) ('a' + random.nextInt(26)));
        }
        return text.toString();
    }

    /**
     * Every field kind of a flat POJO: each primitive, boxed primitives, strings, arrays, an enum,
     * a private field with a getter and a setter.
     */
    public static class Flat {
        public int count;
        public long total;
        public double ratio;
        public boolean flag;
        public char letter;
        public byte level;
        public short code;
        public float weight;
        public Integer boxedCount;
        public Long boxedTotal;
        public Double boxedRatio;
        public String name;
        public String description;
        public int[] numbers;
        public String[] words;
        public Colour colour;
        private String hidden;

        public Flat() {}

        public String getHidden() {
            return hidden;
        }

        public void setHidden(String hidden) {
            this.hidden = hidden;
        }

        static Flat random(Random random) {
            Flat value = new Flat();
            value.count = random.nextInt();
            value.total = random.nextLong();
            value.ratio = random.nextDouble();
            value.flag = random.nextBoolean();
            value.letter = (char) random.nextInt(0x3000);
            value.level = (byte) random.nextInt();
            value.code = (short) random.nextInt();
            value.weight = random.nextFloat();
            value.boxedCount = random.nextBoolean() ? random.nextInt() : null;
            value.boxedTotal = random.nextBoolean() ? random.nextLong() : null;
            value.boxedRatio = random.nextBoolean() ? random.nextDouble() : null;
            value.name = randomString(random);
            value.description = randomString(random);
            value.numbers = random.nextBoolean() ? random.ints(random.nextInt(5)).toArray() : null;
            value.words =
                    random.nextBoolean()
                            ? new String[] {randomString(random), randomString(random)}
                            : null;
            value.colour = random.nextBoolean() ? Colour.values()[random.nextInt(3)] : null;
            value.hidden = randomString(random);
            return value;
        }
    }

    /** An enum field. */
    public enum Colour {
        RED,
        GREEN,
        BLUE
    }

    /**
     * A POJO whose constructor gives its fields values of its own, among them a generic field that
     * Kryo serializes and a nested POJO: a null written for any of them is read back as null.
     */
    public static class ConstructorDefaults {
        public String label = "unlabelled";
        public long version = 7;
        public ArrayList<String> tags = new ArrayList<>(List.of("new"));
        public Flat nested = new Flat();

        public ConstructorDefaults() {}

        static ConstructorDefaults random(Random random) {
            ConstructorDefaults value = new ConstructorDefaults();
            value.label = randomString(random);
            value.version = random.nextLong();
            value.tags = random.nextBoolean() ? null : new ArrayList<>(List.of("a", "b"));
            value.nested = random.nextBoolean() ? null : Flat.random(random);
            return value;
        }
    }

    /**
     * A POJO whose constructor marks the instance as made by it, and throws {@link #failure} while
     * that is set.
     */
    public static class Fragile {
        static Throwable failure;

        public int value;

        public transient boolean constructed = true;

        public Fragile() throws Throwable {
            if (failure != null) {
                throw failure;
            }
        }
    }

    /** A class that only its package may instantiate. */
    static class PackagePrivate {
        public int value;

        public PackagePrivate() {}
    }

    /** Nested POJOs, and a field whose values may be a subclass of its type. */
    public static class Outer {
        public Flat first;
        public ConstructorDefaults second;
        public Animal animal;
        public Animal[] animals;

        public Outer() {}

        static Outer random(Random random) {
            Outer value = new Outer();
            value.first = random.nextInt(4) == 0 ? null : Flat.random(random);
            value.second = random.nextInt(4) == 0 ? null : ConstructorDefaults.random(random);
            value.animal = Animal.random(random);
            value.animals =
                    random.nextBoolean()
                            ? null
                            : new Animal[] {Animal.random(random), Animal.random(random)};
            return value;
        }
    }

    /** A POJO with subclasses, one of them a POJO itself and one that Kryo serializes. */
    public static class Animal {
        public String name;
        public int legs;

        public Animal() {}

        static Animal random(Random random) {
            Animal value;
            switch (random.nextInt(4)) {
                case 0:
                    return null;
                case 1:
                    value = new Animal();
                    break;
                case 2:
                    Dog dog = new Dog();
                    dog.breed = randomString(random);
                    value = dog;
                    break;
                default:
                    Robot robot = new Robot(random.nextInt(100));
                    value = robot;
            }
            value.name = randomString(random);
            value.legs = random.nextInt(5);
            return value;
        }
    }

    /** A POJO subclass; as a type of its own, a POJO with fields of its superclass. */
    public static class Dog extends Animal {
        public String breed = "mixed";

        public Dog() {}

        static Dog random(Random random) {
            if (random.nextInt(8) == 0) {
                return null;
            }
            Dog dog = new Dog();
            dog.name = randomString(random);
            dog.legs = random.nextInt(5);
            dog.breed = randomString(random);
            return dog;
        }
    }

    /** A subclass that is no POJO (no default constructor): Kryo serializes it. */
    public static class Robot extends Animal {
        private final int serial;

        public Robot(int serial) {
            this.serial = serial;
        }

        public int getSerial() {
            return serial;
        }
    }

    /** A POJO with a volatile field, which is read and written through reflection. */
    public static class Counter {
        public volatile long count;
        public String name;

        public Counter() {}

        static Counter random(Random random) {
            Counter counter = new Counter();
            counter.count = random.nextLong();
            counter.name = randomString(random);
            return counter;
        }
    }

    /** A record, which Flink serializes as a POJO and builds through its constructor. */
    public record Point(int x, String label, Flat flat) {

        static Point random(Random random) {
            return random.nextInt(8) == 0
                    ? null
                    : new Point(
                            random.nextInt(),
                            randomString(random),
                            random.nextBoolean() ? null : Flat.random(random));
        }
    }
}
