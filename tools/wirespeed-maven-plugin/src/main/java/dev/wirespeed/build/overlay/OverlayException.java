/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build.overlay;

/**
 * An overlay that cannot be applied to its upstream class; the message names the file and member.
 */
public class OverlayException extends Exception {

    private static final long serialVersionUID = 1L;

    public OverlayException(String message) {
        super(message);
    }
}
