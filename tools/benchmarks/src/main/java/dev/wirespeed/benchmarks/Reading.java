/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.benchmarks;

/** A sensor reading: a flat Flink POJO of eight primitive and string fields. */
public class Reading {

    public String sensorId;
    public String unit;
    public long timestamp;
    public double value;
    public float quality;
    public int sequence;
    public long batch;
    public boolean valid;

    public Reading() {}

    public static Reading sample() {
        Reading reading = new Reading();
        reading.sensorId = "S-000815";
        reading.unit = "kPa";
        reading.timestamp = 1_795_000_000_000L;
        reading.value = 101.325;
        reading.quality = 0.98f;
        reading.sequence = 4711;
        reading.batch = 42L;
        reading.valid = true;
        return reading;
    }

    /**
     * A copy whose strings are new objects, equal to this reading's: a value as a job makes it for
     * each record, none of whose objects the JVM has hashed by identity yet.
     */
    public Reading renewed() {
        Reading reading = new Reading();
        reading.sensorId = new String(sensorId);
        reading.unit = new String(unit);
        reading.timestamp = timestamp;
        reading.value = value;
        reading.quality = quality;
        reading.sequence = sequence;
        reading.batch = batch;
        reading.valid = valid;
        return reading;
    }
}
