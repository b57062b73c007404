/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build.jar;

import dev.wirespeed.build.Digests;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Checks that a fork's jar is a drop-in replacement for upstream's: it holds every entry of
 * upstream's jar, every entry the fork does not own is byte-identical to upstream's, and every
 * entry upstream lacks is the fork's own. A class the fork compiles again may lose the {@linkplain
 * AccessTagClass access tag classes} that upstream's compiler made for it; those count as changed.
 */
public final class DropInCheck {

    private static final String MANIFEST = "META-INF/MANIFEST.MF";

    private DropInCheck() {}

    /**
     * Compares two jars.
     *
     * @param upstream upstream's jar
     * @param fork the fork's jar
     * @param forkOwns which entries the fork changes or adds on purpose
     * @return the result, with every difference that the fork does not own
     */
    public static Result compare(File upstream, File fork, Predicate<String> forkOwns)
            throws IOException {
        return compare(upstream, fork, forkOwns, false);
    }

    /**
     * Compares two jars, their manifests too when asked: a jar that upstream's build assembled and
     * the fork only patched keeps upstream's manifest.
     */
    public static Result compare(
            File upstream, File fork, Predicate<String> forkOwns, boolean withManifest)
            throws IOException {
        Map<String, byte[]> upstreamDigests = digests(upstream, withManifest);
        Map<String, byte[]> forkDigests = digests(fork, withManifest);
        List<String> problems = new ArrayList<>();
        List<String> changed = new ArrayList<>();
        List<String> added = new ArrayList<>();
        for (Map.Entry<String, byte[]> entry : upstreamDigests.entrySet()) {
            String name = entry.getKey();
            byte[] forkDigest = forkDigests.get(name);
            if (forkDigest == null) {
                if (forkOwns.test(name) && AccessTagClass.is(entry(upstream, name))) {
                    changed.add(name);
                } else {
                    problems.add("missing upstream entry " + name);
                }
            } else if (!Arrays.equals(forkDigest, entry.getValue())) {
                if (forkOwns.test(name)) {
                    changed.add(name);
                } else {
                    problems.add("changed upstream entry the fork does not own: " + name);
                }
            }
        }
        for (String name : forkDigests.keySet()) {
            if (!upstreamDigests.containsKey(name)) {
                if (forkOwns.test(name)) {
                    added.add(name);
                } else {
                    problems.add("entry neither upstream's nor the fork's: " + name);
                }
            }
        }
        return new Result(upstreamDigests.size(), changed, added, problems);
    }

    private static byte[] entry(File jar, String name) throws IOException {
        try (ZipFile zip = new ZipFile(jar);
                InputStream in = zip.getInputStream(zip.getEntry(name))) {
            return in.readAllBytes();
        }
    }

    private static Map<String, byte[]> digests(File jar, boolean withManifest) throws IOException {
        Map<String, byte[]> digests = new TreeMap<>();
        try (ZipFile zip = new ZipFile(jar)) {
            for (Enumeration<? extends ZipEntry> e = zip.entries(); e.hasMoreElements(); ) {
                ZipEntry entry = e.nextElement();
                if (entry.isDirectory() || (!withManifest && entry.getName().equals(MANIFEST))) {
                    continue;
                }
                try (InputStream in = zip.getInputStream(entry)) {
                    digests.put(entry.getName(), Digests.sha256(in));
                }
            }
        }
        return digests;
    }

    /** What a comparison found. */
    public static final class Result {
        private final int upstreamEntries;
        private final List<String> changed;
        private final List<String> added;
        private final List<String> problems;

        Result(
                int upstreamEntries,
                List<String> changed,
                List<String> added,
                List<String> problems) {
            this.upstreamEntries = upstreamEntries;
            this.changed = changed;
            this.added = added;
            this.problems = problems;
        }

        /** The number of upstream entries compared (directories aside). */
        public int upstreamEntries() {
            return upstreamEntries;
        }

        /** Upstream entries the fork replaced, or dropped as access tag classes. */
        public List<String> changed() {
            return changed;
        }

        /** Entries only the fork has. */
        public List<String> added() {
            return added;
        }

        /** Differences the fork does not own: each makes the jar no drop-in replacement. */
        public List<String> problems() {
            return problems;
        }
    }
}
