/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build.overlay;

import dev.wirespeed.build.Digests;

import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.expr.SingleMemberAnnotationExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.printer.DefaultPrettyPrinter;
import com.github.javaparser.printer.configuration.DefaultConfigurationOption;
import com.github.javaparser.printer.configuration.DefaultPrinterConfiguration;
import com.github.javaparser.printer.configuration.DefaultPrinterConfiguration.ConfigOption;

import java.util.Optional;

/**
 * What an overlay's {@code @Overlay.Wrap} or {@code @Overlay.Replace} records of the upstream
 * member it was written against: the upstream release it was read in and a hash of the member's
 * source, normalised (printed again without comments, so that a change of formatting, Javadoc or
 * comments leaves it unchanged). Written as the marker's value,
 * {@code @Overlay.Wrap("1.20.5:0a1b2c3d4e5f")}. When upstream changes the member's code, the hash
 * changes and the merge fails until a maintainer has read the change and recorded the new
 * fingerprint.
 */
final class UpstreamFingerprint {

    private static final int HASH_CHARS = 12;

    private static final DefaultPrettyPrinter PRINTER =
            new DefaultPrettyPrinter(
                    new DefaultPrinterConfiguration()
                            .removeOption(
                                    new DefaultConfigurationOption(ConfigOption.PRINT_COMMENTS))
                            .removeOption(
                                    new DefaultConfigurationOption(ConfigOption.PRINT_JAVADOC)));

    private final String version;
    private final String hash;

    private UpstreamFingerprint(String version, String hash) {
        this.version = version;
        this.hash = hash;
    }

    /** The fingerprint of an upstream member as the given release declares it. */
    static UpstreamFingerprint of(BodyDeclaration<?> upstreamMember, String version) {
        return new UpstreamFingerprint(
                version, Digests.sha256Hex(normalized(upstreamMember)).substring(0, HASH_CHARS));
    }

    /**
     * The fingerprint a marker records, empty if it records none.
     *
     * @throws OverlayException if its value is not {@code "<version>:<hash>"}
     */
    static Optional<UpstreamFingerprint> recordedBy(AnnotationExpr marker, String location)
            throws OverlayException {
        if (!(marker instanceof SingleMemberAnnotationExpr)) {
            return Optional.empty();
        }
        SingleMemberAnnotationExpr single = (SingleMemberAnnotationExpr) marker;
        String value =
                single.getMemberValue() instanceof StringLiteralExpr
                        ? ((StringLiteralExpr) single.getMemberValue()).asString()
                        : "";
        int colon = value.lastIndexOf(':');
        if (colon <= 0 || value.length() - colon - 1 != HASH_CHARS) {
            throw new OverlayException(
                    location
                            + ": the marker's value must be \"<upstream version>:<"
                            + HASH_CHARS
                            + " hex chars>\", not "
                            + single.getMemberValue());
        }
        return Optional.of(
                new UpstreamFingerprint(value.substring(0, colon), value.substring(colon + 1)));
    }

    /** The member's source as the fingerprint reads it: printed again, without comments. */
    static String normalized(BodyDeclaration<?> member) {
        return PRINTER.print(member);
    }

    /** The release the member was read in. */
    String version() {
        return version;
    }

    /** Whether the two fingerprints are of the same code, whatever release each was read in. */
    boolean sameCode(UpstreamFingerprint other) {
        return hash.equals(other.hash);
    }

    /** The marker that records this fingerprint, for example {@code @Overlay.Wrap("...")}. */
    String marker(Operation operation) {
        return operation.marker() + "(\"" + this + "\")";
    }

    @Override
    public String toString() {
        return version + ":" + hash;
    }
}
