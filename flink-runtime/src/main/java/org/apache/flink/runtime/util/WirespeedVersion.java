/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.util;

import org.apache.flink.annotation.Internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * Names the build: Wirespeed, its version and the Apache Flink release it is based on. Reads the
 * same build information file as {@link EnvironmentInformation}, which reports the fork's version
 * and revision.
 */
@Internal
public final class WirespeedVersion {

    static final String BUILD_INFORMATION = ".flink-runtime.version.properties";
    static final String UPSTREAM_VERSION_KEY = "upstream.version";

    private static final String UPSTREAM_VERSION = readUpstreamVersion();

    private WirespeedVersion() {}

    /** The Apache Flink release this build is based on, e.g. {@code 1.20.5}. */
    public static String getUpstreamVersion() {
        return UPSTREAM_VERSION;
    }

    /** One line that names the build, as the logs show it. */
    public static String describe() {
        return "Wirespeed "
                + EnvironmentInformation.getVersion()
                + ", a performance fork of Apache Flink "
                + getUpstreamVersion()
                + " (Rev:"
                + EnvironmentInformation.getGitCommitIdAbbrev()
                + ")";
    }

    private static String readUpstreamVersion() {
        try (InputStream in =
                WirespeedVersion.class.getClassLoader().getResourceAsStream(BUILD_INFORMATION)) {
            if (in == null) {
                return EnvironmentInformation.UNKNOWN;
            }
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty(UPSTREAM_VERSION_KEY, EnvironmentInformation.UNKNOWN);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + BUILD_INFORMATION, e);
        }
    }
}
