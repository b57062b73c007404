/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build.overlay;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PatchedTypesTest {

    @Test
    void ownsTheClassFilesOfDeclaredTypesAndTheirNestedClasses(@TempDir Path root)
            throws Exception {
        write(root, "a/b/Value.java", "package a.b;\npublic class Value {}\nclass Helper {}\n");
        write(root, "a/b/package-info.java", "package a.b;\n");

        PatchedTypes types = PatchedTypes.declaredIn(List.of(root, root.resolve("missing")));

        assertThat(types.paths()).containsExactly("a/b/Helper", "a/b/Value", "a/b/package-info");
        assertThat(types.owns("a/b/Value.class")).isTrue();
        assertThat(types.owns("a/b/Value$1.class")).isTrue();
        assertThat(types.owns("a/b/Value$Inner$Deeper.class")).isTrue();
        assertThat(types.owns("a/b/package-info.class")).isTrue();
        assertThat(types.owns("a/b/ValueSerializer.class")).isFalse();
        assertThat(types.owns("a/Value.class")).isFalse();
        assertThat(types.owns("a/b/Value.java")).isFalse();
    }

    @Test
    void failsOnSourcesThatDoNotParse(@TempDir Path root) throws Exception {
        write(root, "a/Broken.java", "package a;\nclass Broken {");

        assertThatThrownBy(() -> PatchedTypes.declaredIn(List.of(root)))
                .hasMessageContaining("Broken.java does not parse");
    }

    private static void write(Path root, String name, String content) throws Exception {
        Path file = root.resolve(name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
    }
}
