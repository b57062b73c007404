/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-256 and SHA-512 digests of streams and files. */
public final class Digests {

    private Digests() {}

    /** The SHA-256 digest of what is left in a stream. */
    public static byte[] sha256(InputStream in) throws IOException {
        return digest("SHA-256", in);
    }

    /** The SHA-256 digest of a file, in lower-case hex. */
    public static String sha256Hex(Path file) throws IOException {
        return hex("SHA-256", file);
    }

    /** The SHA-256 digest of a text's UTF-8 bytes, in lower-case hex. */
    public static String sha256Hex(String text) {
        try {
            return HexFormat.of()
                    .formatHex(
                            digest(
                                    "SHA-256",
                                    new ByteArrayInputStream(
                                            text.getBytes(StandardCharsets.UTF_8))));
        } catch (IOException e) {
            throw new UncheckedIOException("A byte array cannot fail to read", e);
        }
    }

    /** The SHA-512 digest of a file, in lower-case hex. */
    public static String sha512Hex(Path file) throws IOException {
        return hex("SHA-512", file);
    }

    private static String hex(String algorithm, Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return HexFormat.of().formatHex(digest(algorithm, in));
        }
    }

    private static byte[] digest(String algorithm, InputStream in) throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance(algorithm);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(algorithm + " is part of every JDK", e);
        }
        byte[] buffer = new byte[1 << 16];
        for (int n; (n = in.read(buffer)) > 0; ) {
            digest.update(buffer, 0, n);
        }
        return digest.digest();
    }
}
