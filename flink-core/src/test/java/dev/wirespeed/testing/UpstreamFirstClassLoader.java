/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.testing;

import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;

/**
 * Loads upstream Flink's classes beside the fork's, for differential tests and benchmarks: a class
 * comes from upstream's jars if they hold it, and otherwise (Flink's other modules, their
 * dependencies, the caller's own classes) from a fallback loader. Its parent is the platform class
 * loader, so that no class of upstream's jars resolves to the fork's class of the same name.
 */
public final class UpstreamFirstClassLoader extends URLClassLoader {

    private final ClassLoader fallback;

    /**
     * @param fallback where the classes that upstream's jars do not hold come from
     * @param jars upstream's jars, searched in this order
     */
    public UpstreamFirstClassLoader(ClassLoader fallback, Path... jars) {
        super(urls(jars), ClassLoader.getPlatformClassLoader());
        this.fallback = fallback;
    }

    /**
     * A copy of a class, linked against upstream's classes, so that the same code runs on
     * upstream's classes and on the fork's. The class may use only Flink's API and the JDK, and no
     * nested classes: other classes it names come from the fallback loader.
     */
    public Class<?> copyOf(Class<?> type) {
        String resource = type.getName().replace('.', '/') + ".class";
        byte[] bytes;
        try (InputStream in = type.getClassLoader().getResourceAsStream(resource)) {
            bytes = in.readAllBytes();
        } catch (IOException e) {
            throw new IllegalStateException("Cannot read " + resource, e);
        }
        ClassLoader copies =
                new ClassLoader(this) {
                    @Override
                    protected Class<?> loadClass(String name, boolean resolve)
                            throws ClassNotFoundException {
                        if (!name.equals(type.getName())) {
                            return super.loadClass(name, resolve);
                        }
                        synchronized (getClassLoadingLock(name)) {
                            Class<?> copy = findLoadedClass(name);
                            return copy != null ? copy : defineClass(name, bytes, 0, bytes.length);
                        }
                    }
                };
        try {
            return copies.loadClass(type.getName());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        try {
            return super.findClass(name);
        } catch (ClassNotFoundException notInUpstreamJars) {
            return fallback.loadClass(name);
        }
    }

    private static URL[] urls(Path[] jars) {
        URL[] urls = new URL[jars.length];
        for (int i = 0; i < jars.length; i++) {
            try {
                urls[i] = jars[i].toUri().toURL();
            } catch (MalformedURLException e) {
                throw new IllegalArgumentException("Cannot load " + jars[i], e);
            }
        }
        return urls;
    }
}
