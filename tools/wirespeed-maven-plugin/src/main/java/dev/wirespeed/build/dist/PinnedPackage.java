/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build.dist;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * An upstream release package on PyPI, pinned by its file name and SHA-256. Maven fills the fields
 * from the plugin configuration; tests use the constructor.
 */
public final class PinnedPackage {

    /** What pip asks for, for example {@code apache-flink==1.20.5}. */
    private String requirement;

    /** The file pip downloads for the requirement. */
    private String file;

    /** The file's SHA-256, in hex. */
    private String sha256;

    /** Further pip download options, separated by white space (platform, Python version, ...). */
    private String pipOptions = "";

    /** For Maven. */
    public PinnedPackage() {}

    public PinnedPackage(String requirement, String file, String sha256, String pipOptions) {
        this.requirement = requirement;
        this.file = file;
        this.sha256 = sha256;
        this.pipOptions = pipOptions;
    }

    public String requirement() {
        return requirement;
    }

    public String file() {
        return file;
    }

    public String sha256() {
        return sha256;
    }

    /** The pip download options, one argument each. */
    public List<String> pipOptions() {
        String options = pipOptions == null ? "" : pipOptions.trim();
        return options.isEmpty()
                ? new ArrayList<>()
                : new ArrayList<>(Arrays.asList(options.split("\\s+")));
    }

    @Override
    public String toString() {
        return requirement + " (" + file + ")";
    }
}
