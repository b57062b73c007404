/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-256 digests of streams and files. */
public final class Sha256 {

    private Sha256() {}

    /** The digest of what is left in a stream. */
    public static byte[] of(InputStream in) throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
        byte[] buffer = new byte[1 << 16];
        for (int n; (n = in.read(buffer)) > 0; ) {
            digest.update(buffer, 0, n);
        }
        return digest.digest();
    }

    /** The digest of a file, in lower-case hex. */
    public static String hex(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return HexFormat.of().formatHex(of(in));
        }
    }
}
