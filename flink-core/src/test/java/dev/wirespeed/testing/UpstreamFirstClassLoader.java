/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.testing;

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
