/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.api.java.typeutils.runtime;

import org.apache.flink.annotation.Internal;

import javax.annotation.Nullable;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Modifier;
import java.lang.reflect.UndeclaredThrowableException;

/**
 * Makes new instances of one class with its no-argument constructor, the instances that {@link
 * Class#newInstance()} makes, for the serializers that make one for every record they read or copy:
 * {@link PojoSerializer}, and {@link TupleSerializer} for subclasses of Flink's tuples.
 *
 * <p>{@code Class#newInstance()} asks for its caller's class on every call, to check access. Where
 * the JIT does not inline it into its caller, which it need not, that is a walk of the thread's
 * stack for every instance. A class whose constructor every class may call, a public constructor of
 * a public class in a package its module exports to all, needs no such check: its constructor is
 * called through a method handle. Any other class, an abstract one, or one without that
 * constructor, goes through {@code Class#newInstance()} as before, with its checks and its errors.
 */
@Internal
final class NoArgumentConstructor<T> {

    /** The type the constructor is called as, so that {@code invokeExact()} returns an object. */
    private static final MethodType RETURNS_OBJECT = MethodType.methodType(Object.class);

    private final Class<T> type;

    /** The public no-argument constructor, or {@code null} if not every class may call one. */
    @Nullable private final MethodHandle constructor;

    NoArgumentConstructor(Class<T> type) {
        this.type = type;
        this.constructor = publicConstructor(type);
    }

    /**
     * A new instance, as {@code Class#newInstance()} makes it: what the constructor throws is
     * thrown as it is, checked exceptions too; a throwable that is neither an exception nor an
     * error comes in an {@link UndeclaredThrowableException}.
     */
    @SuppressWarnings({"deprecation", "unchecked"})
    T newInstance() throws Exception {
        if (constructor == null) {
            return type.newInstance();
        }
        try {
            return (T) (Object) constructor.invokeExact();
        } catch (Exception | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new UndeclaredThrowableException(t);
        }
    }

    @Nullable
    private static MethodHandle publicConstructor(Class<?> type) {
        if (Modifier.isAbstract(type.getModifiers())) {
            return null;
        }
        try {
            return MethodHandles.publicLookup()
                    .findConstructor(type, MethodType.methodType(void.class))
                    .asType(RETURNS_OBJECT);
        } catch (NoSuchMethodException | IllegalAccessException e) {
            return null;
        }
    }
}
