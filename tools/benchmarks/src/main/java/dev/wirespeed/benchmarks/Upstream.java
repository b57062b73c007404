/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.benchmarks;

import dev.wirespeed.testing.UpstreamFirstClassLoader;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Paths;

/**
 * Upstream Flink's classes, from the pinned upstream flink-core jar in a class loader of their own,
 * as method handles that the JIT inlines like direct calls.
 */
final class Upstream {

    /** Where the upstream jar is: {@code -Dupstream.flink-core.jar}, else beside the benchmarks. */
    static final String JAR =
            System.getProperty(
                    "upstream.flink-core.jar", "tools/benchmarks/target/upstream-flink-core.jar");

    private static final ClassLoader LOADER = loader();

    private Upstream() {}

    static Class<?> load(String name) {
        try {
            Class<?> type = LOADER.loadClass(name);
            if (type.getClassLoader() != LOADER) {
                throw new IllegalStateException(name + " did not come from the upstream jar");
            }
            return type;
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    static MethodHandle staticMethod(String type, String name, MethodType methodType) {
        try {
            return MethodHandles.publicLookup().findStatic(load(type), name, methodType);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    static MethodHandle virtualMethod(String type, String name, MethodType methodType) {
        try {
            return MethodHandles.publicLookup()
                    .findVirtual(load(type), name, methodType)
                    .asType(methodType.insertParameterTypes(0, Object.class));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    static Object newInstance(String type, Class<?>[] parameterTypes, Object... args) {
        try {
            return load(type).getConstructor(parameterTypes).newInstance(args);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Upstream's jar first; what it does not hold (Flink's other modules, its dependencies) from
     * the benchmarks' own class path, so that upstream classes that need them can run.
     */
    private static ClassLoader loader() {
        return new UpstreamFirstClassLoader(Upstream.class.getClassLoader(), Paths.get(JAR));
    }
}
