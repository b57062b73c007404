/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.api.java.typeutils.runtime;

import org.apache.flink.annotation.Internal;

import java.lang.invoke.MethodHandle;

/**
 * Reads the components of one Java record class and makes new records of it through its canonical
 * constructor, without reflection per call: the base of a class that {@link RecordAccessGenerator}
 * generates for each record class, whose methods call the record's fields and constructor through
 * method handles in constants, which the JIT compiles to direct field loads and a direct {@code
 * new}.
 *
 * <p>Components are numbered in the order of the record's declaration, the order of its canonical
 * constructor's parameters. A component of a primitive type travels as the bits of its value in a
 * {@code long}: an {@code int}, {@code short}, {@code byte} or {@code char} widened, a {@code
 * boolean} as 0 or 1, a {@code float} or {@code double} as its raw bits.
 *
 * <p>Public only because the generated classes live in the packages of their records.
 */
@Internal
public abstract class RecordAccess {

    protected RecordAccess() {}

    /** The bits of the value of a primitive component of {@code record}. */
    public abstract long getPrimitive(Object record, int component);

    /** The value of a component of {@code record} whose type is a reference type. */
    public abstract Object getReference(Object record, int component);

    /**
     * A new record from its canonical constructor: the primitive components from {@code
     * primitives}, the others from {@code references}, each at its component's index.
     */
    public abstract Object construct(long[] primitives, Object[] references);

    /**
     * The method handles of a generated class, which its static initializer takes once: the
     * canonical constructor's, then one getter for each component.
     */
    public static MethodHandle[] takeHandles(int generatedClass) {
        return RecordAccessGenerator.takeHandles(generatedClass);
    }
}
