/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build.dist;

import dev.wirespeed.build.Digests;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The fork's binary distribution, made from upstream's: the fork's module classes patched into
 * every jar that bundles upstream's modules, the fork's options appended to {@code
 * conf/config.yaml} as comments, and the fork's examples added. Everything else stays upstream's,
 * which {@link #build} proves by comparing the two trees.
 */
public final class PatchedDistribution {

    /** The configuration file the fork adds its (commented-out) options to. */
    public static final String CONFIG_FILE = "conf/config.yaml";

    /** The directory of the fork's example jobs. */
    public static final String EXAMPLES_DIRECTORY = "examples";

    private PatchedDistribution() {}

    /**
     * Builds the fork's tree from upstream's.
     *
     * @param upstreamTree upstream's distribution, left as it is
     * @param forkTree the directory to fill, emptied first
     * @param patch the fork's module classes
     * @param configEntries text appended to {@code conf/config.yaml}
     * @param examples example jars, by their path below {@code examples/}
     * @return the comparison of the two trees, free of problems
     * @throws IOException if the trees differ where the fork does not mean them to
     */
    public static TreeComparison.Result build(
            Path upstreamTree,
            Path forkTree,
            JarPatch patch,
            String configEntries,
            Map<String, Path> examples)
            throws IOException {
        Trees.recreate(forkTree);
        Trees.copy(upstreamTree, forkTree);
        patchJars(forkTree, patch);
        appendToConfig(forkTree.resolve(CONFIG_FILE), configEntries);
        for (Map.Entry<String, Path> example : examples.entrySet()) {
            Path jar = forkTree.resolve(EXAMPLES_DIRECTORY).resolve(example.getKey());
            Files.createDirectories(jar.getParent());
            Files.copy(example.getValue(), jar);
            Files.setPosixFilePermissions(jar, Archives.permissions(0644));
        }
        TreeComparison.Result comparison =
                TreeComparison.compare(
                        upstreamTree, forkTree, Set.of(CONFIG_FILE), EXAMPLES_DIRECTORY, patch);
        if (!comparison.problems().isEmpty()) {
            throw new IOException(
                    "The distribution differs from upstream's where the fork does not mean it to:"
                            + "\n  "
                            + String.join("\n  ", comparison.problems()));
        }
        return comparison;
    }

    /**
     * Packs a distribution tree as a {@code .tgz} whose root directory is the tree's name, and
     * writes the archive's SHA-512 checksum beside it as Apache releases do: {@code
     * <archive>.sha512}, in the format that {@code sha512sum -c} checks.
     *
     * @return the checksum file
     */
    public static Path pack(Path tree, Path archive) throws IOException {
        Archives.writeTarGz(tree, tree.getFileName().toString(), archive);
        Path checksum = archive.resolveSibling(archive.getFileName() + ".sha512");
        Files.writeString(
                checksum,
                Digests.sha512Hex(archive) + "  " + archive.getFileName() + "\n",
                StandardCharsets.US_ASCII);
        return checksum;
    }

    /** Patches, in place, every jar of the tree that bundles a class the fork changes. */
    private static void patchJars(Path tree, JarPatch patch) throws IOException {
        List<Path> patched = new ArrayList<>();
        for (Path jar : Trees.walk(tree)) {
            if (jar.toString().endsWith(".jar") && patch.appliesTo(jar)) {
                Path copy = jar.resolveSibling(jar.getFileName() + ".patched");
                patch.applyTo(jar, copy);
                Files.setPosixFilePermissions(copy, Files.getPosixFilePermissions(jar));
                Files.move(copy, jar, StandardCopyOption.REPLACE_EXISTING);
                patched.add(jar);
            }
        }
        if (patched.isEmpty()) {
            throw new IOException("No jar of the distribution bundles the patched modules");
        }
    }

    private static void appendToConfig(Path config, String entries) throws IOException {
        String upstreamText = Files.readString(config, StandardCharsets.UTF_8);
        String separator = upstreamText.endsWith("\n") ? "\n" : "\n\n";
        Files.writeString(config, upstreamText + separator + entries, StandardCharsets.UTF_8);
    }
}
