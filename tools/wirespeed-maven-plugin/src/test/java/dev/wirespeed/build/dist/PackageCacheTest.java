/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build.dist;

import dev.wirespeed.build.Digests;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PackageCacheTest {

    @TempDir Path dir;

    private final List<String> log = new ArrayList<>();

    @Test
    void usesAVerifiedCachedPackageWithoutDownloading() throws Exception {
        Path cached = Files.writeString(dir.resolve("pkg-1.0.tar.gz"), "package");
        PinnedPackage pinned = pinned(Digests.sha256Hex(cached));

        // A "Python" that fails: the cache must not call it.
        Path fetched = new PackageCache(dir, List.of("false"), log::add).fetch(pinned);

        assertThat(fetched).isEqualTo(cached);
        assertThat(log).isEmpty();
    }

    @Test
    void discardsACachedPackageWithAnotherDigestAndDownloadsAgain() throws Exception {
        Files.writeString(dir.resolve("pkg-1.0.tar.gz"), "tampered");
        PinnedPackage pinned = pinned("00".repeat(32));

        assertThatThrownBy(() -> new PackageCache(dir, List.of("false"), log::add).fetch(pinned))
                .hasMessageContaining("failed with exit code 1");
        assertThat(log).first().asString().startsWith("Discarding");
        assertThat(dir.resolve("pkg-1.0.tar.gz")).doesNotExist();
    }

    @Test
    void verificationNamesBothDigests() throws Exception {
        Path file = Files.writeString(dir.resolve("pkg-1.0.tar.gz"), "package");

        assertThatThrownBy(() -> PackageCache.verify(pinned("ab".repeat(32)), file))
                .hasMessageContaining(Digests.sha256Hex(file))
                .hasMessageContaining("ab".repeat(32))
                .hasMessageContaining("not the pinned upstream release");
    }

    @Test
    void splitsPipOptions() {
        assertThat(new PinnedPackage("p==1", "f", "s", " --a  b --c ").pipOptions())
                .containsExactly("--a", "b", "--c");
        assertThat(new PinnedPackage("p==1", "f", "s", null).pipOptions()).isEmpty();
    }

    private static PinnedPackage pinned(String sha256) {
        return new PinnedPackage("pkg==1.0", "pkg-1.0.tar.gz", sha256, "--no-binary :all:");
    }
}
