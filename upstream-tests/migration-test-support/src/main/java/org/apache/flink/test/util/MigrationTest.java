/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.test.util;

import org.apache.flink.FlinkVersion;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Implemented by upstream tests that restore snapshots written by earlier Flink releases. Only
 * restoring runs in Wirespeed's suites; the generator annotations mark methods that upstream uses
 * to write new snapshots when it cuts a release, which no suite here calls.
 */
public interface MigrationTest {

    /**
     * The newest release whose snapshots the test resources hold: the release before the one the
     * tests belong to.
     */
    static FlinkVersion getMostRecentlyPublishedVersion() {
        FlinkVersion current = FlinkVersion.current();
        return FlinkVersion.values()[current.ordinal() - 1];
    }

    /** Marks a method that writes the snapshots of a test. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.METHOD)
    @interface SnapshotsGenerator {}

    /** Marks a method that writes snapshots for the parameters from the named method. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.METHOD)
    @interface ParameterizedSnapshotsGenerator {
        /** The method that supplies the parameters. */
        String value();
    }
}
