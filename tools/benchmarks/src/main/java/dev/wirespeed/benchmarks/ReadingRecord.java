/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.benchmarks;

/**
 * The {@link Reading}'s eight primitive and string fields as a Java record, which Flink serializes
 * with its {@code PojoSerializer} and builds through the record's canonical constructor.
 */
public record ReadingRecord(
        String sensorId,
        String unit,
        long timestamp,
        double value,
        float quality,
        int sequence,
        long batch,
        boolean valid) {

    public static ReadingRecord sample() {
        return new ReadingRecord(
                "S-000815", "kPa", 1_795_000_000_000L, 101.325, 0.98f, 4711, 42L, true);
    }
}
