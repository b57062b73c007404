/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.e2e.jobs;

import java.util.Arrays;

/** What {@link StatefulJob} keeps per key in a POJO state: Flink serializes it as a POJO. */
public class KeyStats {

    public long count;
    public long sum;
    public String lastText;
    public String[] recentTags = new String[0];

    @Override
    public String toString() {
        return "KeyStats{count="
                + count
                + ", sum="
                + sum
                + ", lastText="
                + lastText
                + ", recentTags="
                + Arrays.toString(recentTags)
                + '}';
    }
}
