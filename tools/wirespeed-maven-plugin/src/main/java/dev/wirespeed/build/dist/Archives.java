/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build.dist;

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipFile;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/** Reads and writes the archives a distribution is made from and shipped in, keeping file modes. */
final class Archives {

    private static final PosixFilePermission[] PERMISSION_BITS = {
        PosixFilePermission.OTHERS_EXECUTE,
        PosixFilePermission.OTHERS_WRITE,
        PosixFilePermission.OTHERS_READ,
        PosixFilePermission.GROUP_EXECUTE,
        PosixFilePermission.GROUP_WRITE,
        PosixFilePermission.GROUP_READ,
        PosixFilePermission.OWNER_EXECUTE,
        PosixFilePermission.OWNER_WRITE,
        PosixFilePermission.OWNER_READ
    };

    private static final int DIRECTORY = 040000;
    private static final int REGULAR_FILE = 0100000;

    private Archives() {}

    /**
     * Extracts the files of a {@code .tar.gz} or a zip (wheel) whose names the mapping maps to a
     * path; the mapping returns {@code null} for files to leave out.
     *
     * @return the number of files extracted
     */
    static int extract(Path archive, Function<String, String> mapping, Path target)
            throws IOException {
        String name = archive.getFileName().toString();
        if (name.endsWith(".tar.gz") || name.endsWith(".tgz")) {
            return extractTarGz(archive, mapping, target);
        }
        if (name.endsWith(".whl") || name.endsWith(".zip")) {
            return extractZip(archive, mapping, target);
        }
        throw new IOException("Not a .tar.gz or a wheel: " + archive);
    }

    private static int extractTarGz(Path archive, Function<String, String> mapping, Path target)
            throws IOException {
        int extracted = 0;
        try (InputStream file = new BufferedInputStream(Files.newInputStream(archive), 1 << 16);
                TarArchiveInputStream tar =
                        new TarArchiveInputStream(new GzipCompressorInputStream(file))) {
            for (TarArchiveEntry entry; (entry = tar.getNextEntry()) != null; ) {
                if (!entry.isDirectory()
                        && extractEntry(
                                archive, entry.getName(), entry.getMode(), tar, mapping, target)) {
                    extracted++;
                }
            }
        }
        return extracted;
    }

    /** Reads a zip through its central directory, the only place that holds the file modes. */
    private static int extractZip(Path archive, Function<String, String> mapping, Path target)
            throws IOException {
        int extracted = 0;
        try (ZipFile zip = ZipFile.builder().setPath(archive).get()) {
            for (ZipArchiveEntry entry : Collections.list(zip.getEntries())) {
                if (entry.isDirectory()) {
                    continue;
                }
                try (InputStream in = zip.getInputStream(entry)) {
                    if (extractEntry(
                            archive, entry.getName(), entry.getUnixMode(), in, mapping, target)) {
                        extracted++;
                    }
                }
            }
        }
        return extracted;
    }

    private static boolean extractEntry(
            Path archive,
            String name,
            int mode,
            InputStream in,
            Function<String, String> mapping,
            Path target)
            throws IOException {
        String targetName = mapping.apply(name);
        if (targetName == null) {
            return false;
        }
        Path file = target.resolve(targetName).normalize();
        if (!file.startsWith(target)) {
            throw new IOException(archive + " holds an entry outside its root: " + name);
        }
        Files.createDirectories(file.getParent());
        Files.copy(in, file);
        // Archives written without Unix modes get the usual mode of a file.
        Files.setPosixFilePermissions(file, permissions((mode & 0777) == 0 ? 0644 : mode));
        return true;
    }

    /** Writes a tree as a {@code .tar.gz} whose entries sit below one root directory. */
    static void writeTarGz(Path tree, String rootName, Path archive) throws IOException {
        List<Path> paths = Trees.walk(tree);
        try (OutputStream file = new BufferedOutputStream(Files.newOutputStream(archive), 1 << 16);
                GzipCompressorOutputStream gzip = new GzipCompressorOutputStream(file);
                TarArchiveOutputStream tar = new TarArchiveOutputStream(gzip)) {
            tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
            tar.setBigNumberMode(TarArchiveOutputStream.BIGNUMBER_POSIX);
            for (Path path : paths) {
                String relative = tree.relativize(path).toString();
                String name = relative.isEmpty() ? rootName : rootName + "/" + relative;
                boolean directory = Files.isDirectory(path);
                // Only name, mode, size and time: no extended headers that plain tar warns about.
                TarArchiveEntry entry = new TarArchiveEntry(directory ? name + "/" : name);
                entry.setMode(
                        (directory ? DIRECTORY : REGULAR_FILE)
                                | mode(Files.getPosixFilePermissions(path)));
                entry.setModTime(Files.getLastModifiedTime(path));
                if (!directory) {
                    entry.setSize(Files.size(path));
                }
                tar.putArchiveEntry(entry);
                if (!directory) {
                    Files.copy(path, tar);
                }
                tar.closeArchiveEntry();
            }
        }
    }

    static Set<PosixFilePermission> permissions(int mode) {
        Set<PosixFilePermission> permissions = EnumSet.noneOf(PosixFilePermission.class);
        for (int bit = 0; bit < PERMISSION_BITS.length; bit++) {
            if ((mode & (1 << bit)) != 0) {
                permissions.add(PERMISSION_BITS[bit]);
            }
        }
        return permissions;
    }

    static int mode(Set<PosixFilePermission> permissions) {
        int mode = 0;
        for (int bit = 0; bit < PERMISSION_BITS.length; bit++) {
            if (permissions.contains(PERMISSION_BITS[bit])) {
                mode |= 1 << bit;
            }
        }
        return mode;
    }
}
