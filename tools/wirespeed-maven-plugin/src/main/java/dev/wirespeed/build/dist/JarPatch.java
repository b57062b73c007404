/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build.dist;

import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;
import org.apache.commons.compress.archivers.zip.ZipFile;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The entries a fork module jar changes or adds against upstream's module jar, and their
 * application to a jar that bundles upstream's module (such as {@code flink-dist}).
 *
 * <p>A bundling jar must hold the upstream module's classes unchanged: a class the bundling jar
 * holds in another form (relocated, transformed) cannot be replaced safely, so patching fails.
 * Resources may differ (upstream's build writes its build time into each module's version file).
 * Every entry the patch does not touch is copied as it is stored, compressed bytes included.
 */
public final class JarPatch {

    private final Map<String, byte[]> changed;
    private final Map<String, byte[]> upstream;
    private final Map<String, byte[]> added;

    private JarPatch(
            Map<String, byte[]> changed, Map<String, byte[]> upstream, Map<String, byte[]> added) {
        this.changed = changed;
        this.upstream = upstream;
        this.added = added;
    }

    /** An empty patch, to which module patches are added. */
    public static JarPatch empty() {
        return new JarPatch(new TreeMap<>(), new TreeMap<>(), new TreeMap<>());
    }

    /**
     * Adds what a fork module jar changes or adds against upstream's module jar, its {@code
     * META-INF/} and directories aside.
     */
    public JarPatch addModule(Path upstreamJar, Path forkJar) throws IOException {
        Map<String, byte[]> upstreamEntries = contents(upstreamJar);
        for (Map.Entry<String, byte[]> entry : contents(forkJar).entrySet()) {
            String name = entry.getKey();
            byte[] upstreamBytes = upstreamEntries.get(name);
            if (upstreamBytes == null) {
                putOnce(added, name, entry.getValue());
            } else if (!Arrays.equals(upstreamBytes, entry.getValue())) {
                putOnce(changed, name, entry.getValue());
                upstream.put(name, upstreamBytes);
            }
        }
        return this;
    }

    /** The names of the entries the patch changes. */
    public Set<String> changedEntries() {
        return Collections.unmodifiableSet(changed.keySet());
    }

    /** The names of the entries the patch adds. */
    public Set<String> addedEntries() {
        return Collections.unmodifiableSet(added.keySet());
    }

    /** Whether the jar bundles any entry this patch changes. */
    public boolean appliesTo(Path jar) throws IOException {
        try (ZipFile zip = ZipFile.builder().setPath(jar).get()) {
            for (String name : changed.keySet()) {
                if (zip.getEntry(name) != null) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Writes the patched copy of a jar that bundles upstream's modules.
     *
     * @throws IOException if the jar lacks an entry the patch changes, holds a class in a form
     *     other than upstream's module, or already holds an entry the patch adds
     */
    public void applyTo(Path jar, Path patched) throws IOException {
        Set<String> seen = new HashSet<>();
        try (ZipFile in = ZipFile.builder().setPath(jar).get();
                ZipArchiveOutputStream out = new ZipArchiveOutputStream(patched)) {
            for (ZipArchiveEntry entry : Collections.list(in.getEntriesInPhysicalOrder())) {
                String name = entry.getName();
                seen.add(name);
                byte[] replacement = changed.get(name);
                if (added.containsKey(name)) {
                    throw new IOException(jar.getFileName() + " already holds " + name);
                } else if (replacement == null) {
                    out.addRawArchiveEntry(entry, in.getRawInputStream(entry));
                } else {
                    try (InputStream bundled = in.getInputStream(entry)) {
                        if (name.endsWith(".class")
                                && !Arrays.equals(bundled.readAllBytes(), upstream.get(name))) {
                            throw new IOException(
                                    jar.getFileName()
                                            + " holds "
                                            + name
                                            + " in a form other than upstream's module jar");
                        }
                    }
                    write(out, name, entry.getTime(), replacement);
                }
            }
            for (String name : changed.keySet()) {
                if (!seen.contains(name)) {
                    throw new IOException(jar.getFileName() + " lacks " + name);
                }
            }
            for (Map.Entry<String, byte[]> entry : added.entrySet()) {
                write(out, entry.getKey(), System.currentTimeMillis(), entry.getValue());
            }
        }
    }

    private static void write(ZipArchiveOutputStream out, String name, long time, byte[] bytes)
            throws IOException {
        ZipArchiveEntry entry = new ZipArchiveEntry(name);
        entry.setTime(time);
        entry.setMethod(ZipArchiveEntry.DEFLATED);
        out.putArchiveEntry(entry);
        out.write(bytes);
        out.closeArchiveEntry();
    }

    private static void putOnce(Map<String, byte[]> entries, String name, byte[] bytes) {
        if (entries.put(name, bytes) != null) {
            throw new IllegalArgumentException("Two fork modules provide " + name);
        }
    }

    private static Map<String, byte[]> contents(Path jar) throws IOException {
        Map<String, byte[]> contents = new TreeMap<>();
        try (ZipFile zip = ZipFile.builder().setPath(jar).get()) {
            for (ZipArchiveEntry entry : Collections.list(zip.getEntries())) {
                if (entry.isDirectory() || entry.getName().startsWith("META-INF/")) {
                    continue;
                }
                try (InputStream in = zip.getInputStream(entry)) {
                    contents.put(entry.getName(), in.readAllBytes());
                }
            }
        }
        return contents;
    }
}
