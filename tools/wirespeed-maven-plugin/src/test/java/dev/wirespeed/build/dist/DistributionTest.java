/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build.dist;

import dev.wirespeed.build.TestJars;

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Upstream's tree from (synthetic) release packages, and the fork's tree made from it. */
class DistributionTest {

    @TempDir Path dir;

    @Test
    void laysOutUpstreamsTreeFromThePackagesWithTheirModes() throws Exception {
        Path upstream = upstreamTree();

        assertThat(upstream.resolve("lib/flink-dist-9.9.jar")).exists();
        assertThat(upstream.resolve("plugins/metrics-x/metrics.jar")).exists();
        assertThat(upstream.resolve("README.txt")).hasContent("readme");
        assertThat(upstream.resolve("LICENSE")).hasContent("license");
        assertThat(upstream.resolve("conf/config.yaml")).hasContent("a: 1\n");
        assertThat(upstream.resolve("setup.py")).doesNotExist();
        assertThat(upstream.resolve("pyflink")).doesNotExist();
        assertThat(upstream.resolve("log")).isEmptyDirectory();
        assertThat(
                        PosixFilePermissions.toString(
                                Files.getPosixFilePermissions(upstream.resolve("bin/flink"))))
                .isEqualTo("rwxr-xr-x");
        assertThat(
                        PosixFilePermissions.toString(
                                Files.getPosixFilePermissions(
                                        upstream.resolve("conf/config.yaml"))))
                .isEqualTo("rw-r--r--");
    }

    @Test
    void buildsTheForksTreeAndListsEveryDifference() throws Exception {
        Path upstream = upstreamTree();
        Path fork = dir.resolve("fork");
        Path example = TestJars.write(dir.resolve("wc.jar"), Map.of("W.class", "w"));

        TreeComparison.Result result =
                PatchedDistribution.build(
                        upstream,
                        fork,
                        patch(),
                        "# fork: option\n",
                        Map.of("streaming/WordCount.jar", example));

        assertThat(fork.resolve("conf/config.yaml")).hasContent("a: 1\n\n# fork: option\n");
        assertThat(TestJars.read(fork.resolve("lib/flink-dist-9.9.jar")))
                .containsEntry("a/A.class", "fork a");
        assertThat(result.lines())
                .containsExactly(
                        "changed conf/config.yaml",
                        "patched lib/flink-dist-9.9.jar changed a/A.class",
                        "added examples/streaming/WordCount.jar");
        // LICENSE, README.txt, bin/flink and the plugin jar
        assertThat(result.identical()).isEqualTo(4);

        Path archive = dir.resolve("fork-bin.tgz");
        PatchedDistribution.pack(fork, archive);
        Path unpacked = dir.resolve("unpacked");
        Archives.extract(archive, name -> name, unpacked);
        assertThat(Files.mismatch(unpacked.resolve("fork/bin/flink"), fork.resolve("bin/flink")))
                .isEqualTo(-1);
        assertThat(Files.isExecutable(unpacked.resolve("fork/bin/flink"))).isTrue();
    }

    @Test
    void packsTheTreeWithAChecksumThatSha512sumVerifies() throws Exception {
        Path fork = dir.resolve("fork");
        PatchedDistribution.build(upstreamTree(), fork, patch(), "", Map.of());
        Path archive = dir.resolve("out/fork-bin.tgz");
        Files.createDirectories(archive.getParent());

        Path checksum = PatchedDistribution.pack(fork, archive);

        assertThat(checksum).isEqualTo(dir.resolve("out/fork-bin.tgz.sha512"));
        assertThat(sha512sumCheck(checksum)).isEqualTo("fork-bin.tgz: OK\n");
        Files.write(archive, new byte[] {1}, StandardOpenOption.APPEND);
        assertThat(sha512sumCheck(checksum)).isEqualTo("fork-bin.tgz: FAILED\n");
    }

    /** What coreutils' {@code sha512sum -c} says of a checksum file, run in its directory. */
    private static String sha512sumCheck(Path checksum) throws Exception {
        Process process =
                new ProcessBuilder("sha512sum", "-c", checksum.getFileName().toString())
                        .directory(checksum.getParent().toFile())
                        .redirectError(ProcessBuilder.Redirect.DISCARD)
                        .start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        process.waitFor();
        return output;
    }

    @Test
    void comparisonFlagsDifferencesTheForkDoesNotDeclare() throws Exception {
        Path upstream = upstreamTree();
        Path fork = dir.resolve("fork");
        PatchedDistribution.build(upstream, fork, patch(), "", Map.of());
        Files.writeString(fork.resolve("bin/flink"), "changed");
        Files.delete(fork.resolve("README.txt"));
        Files.writeString(fork.resolve("extra.txt"), "extra");

        assertThat(TreeComparison.compare(upstream, fork, Set.of(), "examples", patch()).problems())
                .containsExactlyInAnyOrder(
                        "PROBLEM changed upstream file bin/flink",
                        "PROBLEM changed upstream file conf/config.yaml",
                        "PROBLEM missing upstream file README.txt",
                        "PROBLEM added extra.txt");
    }

    @Test
    void failsOnPackagesWithoutDistributionFiles() throws Exception {
        Path libraries = tarGz(dir.resolve("libs.tar.gz"), Map.of("other-1.0/setup.py", "x"));
        Path wheel = wheel(Map.of("pyflink/bin/flink", "#!/bin/sh"));

        assertThatThrownBy(
                        () ->
                                UpstreamDistribution.assemble(
                                        libraries, wheel, "9.9", dir.resolve("tree")))
                .hasMessageContaining("hold no distribution files for Flink 9.9");
    }

    @Test
    void readsTheLibrariesOfReleasesWhoseSdistNamesAreNotNormalized() throws Exception {
        // up to 1.20.3, the sdist and its directory were named with hyphens
        Path libraries =
                tarGz(
                        dir.resolve("apache-flink-libraries-9.8.tar.gz"),
                        Map.of(
                                "apache-flink-libraries-9.8/deps/lib/flink-dist-9.8.jar", "jar",
                                "apache-flink-libraries-9.8/LICENSE", "license"));
        Path wheel = wheel(Map.of("pyflink/bin/flink", "#!/bin/sh"));
        Path tree = dir.resolve("tree");

        UpstreamDistribution.assemble(libraries, wheel, "9.8", tree);

        assertThat(tree.resolve("lib/flink-dist-9.8.jar")).hasContent("jar");
        assertThat(tree.resolve("LICENSE")).hasContent("license");
    }

    private JarPatch patch() throws IOException {
        Path upstreamModule =
                TestJars.write(dir.resolve("m/upstream.jar"), Map.of("a/A.class", "a"));
        Path forkModule = TestJars.write(dir.resolve("m/fork.jar"), Map.of("a/A.class", "fork a"));
        return JarPatch.empty().addModule(upstreamModule, forkModule);
    }

    private Path upstreamTree() throws IOException {
        Path distJar = TestJars.write(dir.resolve("in/flink-dist.jar"), Map.of("a/A.class", "a"));
        Path pluginJar = TestJars.write(dir.resolve("in/plugin.jar"), Map.of("p/P.class", "p"));
        Path libraries =
                tarGz(
                        dir.resolve("apache_flink_libraries-9.9.tar.gz"),
                        Map.of(
                                "apache_flink_libraries-9.9/deps/lib/flink-dist-9.9.jar", distJar,
                                "apache_flink_libraries-9.9/deps/plugins/metrics-x/metrics.jar",
                                        pluginJar,
                                "apache_flink_libraries-9.9/LICENSE", "license",
                                "apache_flink_libraries-9.9/pyflink/README.txt", "readme",
                                "apache_flink_libraries-9.9/setup.py", "setup"));
        Path wheel =
                wheel(
                        Map.of(
                                "pyflink/bin/flink", "#!/bin/sh",
                                "pyflink/conf/config.yaml", "a: 1\n",
                                "pyflink/__init__.py", ""));
        Path tree = dir.resolve("upstream");
        UpstreamDistribution.assemble(libraries, wheel, "9.9", tree);
        return tree;
    }

    /** A tar.gz of texts (String values) and copies of files (Path values). */
    private static Path tarGz(Path file, Map<String, ?> entries) throws IOException {
        try (OutputStream out = Files.newOutputStream(file);
                TarArchiveOutputStream tar =
                        new TarArchiveOutputStream(new GzipCompressorOutputStream(out))) {
            for (Map.Entry<String, ?> entry : entries.entrySet()) {
                byte[] bytes = bytes(entry.getValue());
                TarArchiveEntry tarEntry = new TarArchiveEntry(entry.getKey());
                tarEntry.setSize(bytes.length);
                tarEntry.setMode(0100644);
                tar.putArchiveEntry(tarEntry);
                tar.write(bytes);
                tar.closeArchiveEntry();
            }
        }
        return file;
    }

    /** A wheel whose scripts under bin/ are executable, as upstream's are. */
    private Path wheel(Map<String, String> entries) throws IOException {
        Path file = dir.resolve("apache_flink-9.9-py3-none-any.whl");
        try (ZipArchiveOutputStream zip = new ZipArchiveOutputStream(file)) {
            for (Map.Entry<String, String> entry : entries.entrySet()) {
                ZipArchiveEntry zipEntry = new ZipArchiveEntry(entry.getKey());
                zipEntry.setUnixMode(entry.getKey().contains("/bin/") ? 0100755 : 0100644);
                zip.putArchiveEntry(zipEntry);
                zip.write(bytes(entry.getValue()));
                zip.closeArchiveEntry();
            }
        }
        return file;
    }

    private static byte[] bytes(Object content) throws IOException {
        return content instanceof Path
                ? Files.readAllBytes((Path) content)
                : ((String) content).getBytes(StandardCharsets.UTF_8);
    }
}
