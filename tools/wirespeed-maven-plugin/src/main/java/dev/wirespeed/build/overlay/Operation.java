/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build.overlay;

import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.expr.AnnotationExpr;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What an overlay member does to its upstream class. An overlay member selects its operation with a
 * marker annotation, {@code @Overlay.Add}, {@code @Overlay.Wrap}, {@code @Overlay.Replace} or
 * {@code @Overlay.Merge}; a member without one is added. The marker is removed from the merged
 * source.
 */
public enum Operation {
    /** The member is new: it must not exist upstream. */
    ADD,
    /**
     * The method exists upstream: its upstream body is kept as a private method named {@code
     * <name>$upstream}, which the overlay's method may call. Or the constructor exists upstream:
     * the overlay's statements run after upstream's body.
     */
    WRAP,
    /** The member exists upstream and the overlay's declaration takes its place. */
    REPLACE,
    /** The nested type exists upstream and the overlay's nested type carries members for it. */
    MERGE;

    /** The qualifier of the marker annotations: {@code @Overlay.Wrap}. */
    public static final String MARKER_QUALIFIER = "Overlay";

    /** The marker annotation of this operation, as written in an overlay. */
    public String marker() {
        String name = name().charAt(0) + name().substring(1).toLowerCase(Locale.ROOT);
        return "@" + MARKER_QUALIFIER + "." + name;
    }

    /**
     * The operation an overlay member asks for.
     *
     * @throws OverlayException if the member carries more than one marker
     */
    static Operation of(BodyDeclaration<?> member, String location) throws OverlayException {
        List<AnnotationExpr> markers = markersOf(member);
        if (markers.size() > 1) {
            throw new OverlayException(location + ": more than one overlay marker " + markers);
        }
        return markers.isEmpty() ? ADD : markedBy(markers.get(0));
    }

    /** The overlay markers among a member's annotations. */
    static List<AnnotationExpr> markersOf(BodyDeclaration<?> member) {
        List<AnnotationExpr> markers = new ArrayList<>();
        for (AnnotationExpr annotation : member.getAnnotations()) {
            if (markedBy(annotation) != null) {
                markers.add(annotation);
            }
        }
        return markers;
    }

    private static Operation markedBy(AnnotationExpr annotation) {
        String name = annotation.getNameAsString();
        String prefix = MARKER_QUALIFIER + ".";
        if (!name.startsWith(prefix)) {
            return null;
        }
        for (Operation operation : values()) {
            if (operation.marker().equals("@" + name)) {
                return operation;
            }
        }
        return null;
    }
}
