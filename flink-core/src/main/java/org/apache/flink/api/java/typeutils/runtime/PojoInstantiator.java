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
 * Makes new instances of one POJO class with its no-argument constructor, the instances that {@link
 * Class#newInstance()} makes for {@link PojoSerializer}.
 *
 * <p>{@code Class#newInstance()} asks for its caller's class on every call, to check access. Where
 * the JIT does not inline it into its caller, which it need not, that is a walk of the thread's
 * stack for every instance. A class whose constructor every class may call, a public constructor of
 * a public class in a package its module exports to all, needs no such check: its constructor is
 * called through a method handle. Any other class, an abstract one, or one without that
 * constructor, goes through {@code Class#newInstance()} as before, with its checks and its errors.
 */
@Internal
final class PojoInstantiator<T> {

    private static final MethodType NO_ARGUMENTS = MethodType.methodType(Object.class);

    private final Class<T> pojoClass;

    /** The public no-argument constructor, or {@code null} if not every class may call one. */
    @Nullable private final MethodHandle constructor;

    PojoInstantiator(Class<T> pojoClass) {
        this.pojoClass = pojoClass;
        this.constructor = publicConstructor(pojoClass);
    }

    /**
     * A new instance, as {@code Class#newInstance()} makes it: what the constructor throws is
     * thrown as it is, checked exceptions too; a throwable that is neither an exception nor an
     * error comes in an {@link UndeclaredThrowableException}.
     */
    @SuppressWarnings({"deprecation", "unchecked"})
    T newInstance() throws Exception {
        if (constructor == null) {
            return pojoClass.newInstance();
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
    private static MethodHandle publicConstructor(Class<?> pojoClass) {
        if (Modifier.isAbstract(pojoClass.getModifiers())) {
            return null;
        }
        try {
            return MethodHandles.publicLookup()
                    .findConstructor(pojoClass, MethodType.methodType(void.class))
                    .asType(NO_ARGUMENTS);
        } catch (NoSuchMethodException | IllegalAccessException e) {
            return null;
        }
    }
}
