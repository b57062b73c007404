/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.operators.sort;

import org.apache.flink.runtime.io.network.api.serialization.UpstreamRuntime;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.File;
import java.lang.reflect.Method;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The fork's spills and reads of a sort buffer against upstream's ({@link SortSpills}, run on
 * upstream's jar in a class loader of its own): the same file, byte for byte, and the same records
 * in the same order, for buffers of no record, of fewer records than a group that {@link
 * SortedRecordPointers} loads ahead, of a group and one more, and of records over several segments
 * of the index and of the records. Records of one key keep upstream's order among them, which the
 * sort's comparisons and swaps decide, also in a buffer sorted again after a reset.
 */
class SortSpillsDifferentialTest {

    @TempDir File directory;

    @ParameterizedTest(name = "{0} words")
    @ValueSource(ints = {0, 1, 7, 8, 9, 17, 5_000, 20_001})
    void spillsUpstreamsFile(int records) throws Exception {
        byte[] fork = new SortSpills(directory, records, records).spill();
        Object upstreamSpills = upstreamSpills(records);
        byte[] upstream =
                (byte[]) upstreamSpills.getClass().getMethod("spill").invoke(upstreamSpills);

        assertThat(fork).isEqualTo(upstream).hasSizeGreaterThan(records * 2);
    }

    @ParameterizedTest(name = "{0} words")
    @ValueSource(ints = {0, 1, 7, 8, 9, 17, 5_000, 20_001})
    void sortsRecordsOfOneKeyInUpstreamsOrder(int records) throws Exception {
        byte[] fork = new SortSpills(directory, records, records).spillKeyed();
        Object upstreamSpills = upstreamSpills(records);
        byte[] upstream =
                (byte[]) upstreamSpills.getClass().getMethod("spillKeyed").invoke(upstreamSpills);

        assertThat(fork).isEqualTo(upstream).hasSizeGreaterThan(records / 2 * 6);
    }

    @ParameterizedTest(name = "{0} words")
    @ValueSource(ints = {0, 1, 7, 8, 9, 17, 5_000, 20_001})
    void readsUpstreamsOrder(int records) throws Exception {
        SortSpills fork = new SortSpills(directory, records, records);
        Object upstream = upstreamSpills(records);
        Method read = upstream.getClass().getMethod("read", boolean.class);

        for (boolean reuse : new boolean[] {true, false}) {
            assertThat(fork.read(reuse))
                    .hasSize(records)
                    .isSorted()
                    .isEqualTo(read.invoke(upstream, reuse));
        }
    }

    /** {@link SortSpills} of the same words on upstream's jar. */
    private Object upstreamSpills(int records) throws Exception {
        return UpstreamRuntime.copyOf(SortSpills.class)
                .getConstructor(File.class, int.class, long.class)
                .newInstance(directory, records, (long) records);
    }
}
