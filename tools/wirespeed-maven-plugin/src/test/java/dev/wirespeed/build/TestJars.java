/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/** Small jars with text entries, for tests. */
public final class TestJars {

    private TestJars() {}

    /** Writes a jar whose entries hold the given texts, in name order. */
    public static Path write(Path file, Map<String, String> entries) throws IOException {
        Map<String, byte[]> bytes = new TreeMap<>();
        entries.forEach((name, text) -> bytes.put(name, text.getBytes(StandardCharsets.UTF_8)));
        return writeBytes(file, bytes);
    }

    /** Writes a jar whose entries hold the given bytes, in name order. */
    public static Path writeBytes(Path file, Map<String, byte[]> entries) throws IOException {
        Files.createDirectories(file.getParent());
        try (OutputStream stream = Files.newOutputStream(file);
                ZipOutputStream out = new ZipOutputStream(stream)) {
            for (Map.Entry<String, byte[]> entry : new TreeMap<>(entries).entrySet()) {
                out.putNextEntry(new ZipEntry(entry.getKey()));
                out.write(entry.getValue());
                out.closeEntry();
            }
        }
        return file;
    }

    /** The entries of a jar and their texts. */
    public static Map<String, String> read(Path file) throws IOException {
        Map<String, String> entries = new TreeMap<>();
        try (ZipFile zip = new ZipFile(file.toFile())) {
            for (ZipEntry entry : Collections.list(zip.entries())) {
                try (InputStream in = zip.getInputStream(entry)) {
                    entries.put(
                            entry.getName(), new String(in.readAllBytes(), StandardCharsets.UTF_8));
                }
            }
        }
        return entries;
    }
}
