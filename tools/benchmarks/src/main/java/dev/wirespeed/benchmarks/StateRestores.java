/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.benchmarks;

import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.apache.flink.api.java.tuple.Tuple4;
import org.apache.flink.api.java.typeutils.TupleTypeInfo;
import org.apache.flink.core.fs.FSDataInputStream;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.memory.DataInputViewStreamWrapper;
import org.apache.flink.core.memory.DataOutputViewStreamWrapper;
import org.apache.flink.runtime.state.KeyGroupRange;
import org.apache.flink.runtime.state.KeyGroupRangeOffsets;
import org.apache.flink.runtime.state.KeyGroupsStateHandle;
import org.apache.flink.runtime.state.filesystem.FileStateHandle;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.function.LongSupplier;

/**
 * The reads of a restore of keyed state from a file, as the heap backend and the restore of
 * savepoints make them: a {@code KeyGroupsStateHandle} over a local file of 128 key groups, each a
 * key group's index and its entries, a string key and a value of four fields (a product's name,
 * count, total and category), read key group by key group after a seek to each group's offset
 * through a {@code DataInputViewStreamWrapper}. Written against Flink's API only, without nested
 * classes or lambdas, so that {@code UpstreamRuntime#copyOf} can run the same code against
 * upstream's classes.
 */
public final class StateRestores implements LongSupplier {

    private static final int KEY_GROUPS = 128;

    private final TypeSerializer<Tuple4<String, Long, Double, String>> valueSerializer =
            new TupleTypeInfo<Tuple4<String, Long, Double, String>>(
                            Types.STRING, Types.LONG, Types.DOUBLE, Types.STRING)
                    .createSerializer(new SerializerConfigImpl());

    private final KeyGroupsStateHandle handle;
    private final int entriesPerGroup;

    /** Writes the state of {@code entries} keys to {@code file}, to be read by each restore. */
    public StateRestores(File file, int entries) throws IOException {
        entriesPerGroup = entries / KEY_GROUPS;
        long[] offsets = new long[KEY_GROUPS];
        try (DataOutputStream out =
                new DataOutputStream(new BufferedOutputStream(new FileOutputStream(file)))) {
            DataOutputViewStreamWrapper view = new DataOutputViewStreamWrapper(out);
            for (int group = 0; group < KEY_GROUPS; group++) {
                offsets[group] = out.size();
                view.writeInt(group);
                for (int entry = 0; entry < entriesPerGroup; entry++) {
                    long key = (long) group * entriesPerGroup + entry;
                    StringSerializer.INSTANCE.serialize("product-" + key, view);
                    valueSerializer.serialize(
                            Tuple4.of("Product number " + key, key % 1000, key * 0.25, "books"),
                            view);
                }
            }
        }
        handle =
                new KeyGroupsStateHandle(
                        new KeyGroupRangeOffsets(KeyGroupRange.of(0, KEY_GROUPS - 1), offsets),
                        new FileStateHandle(new Path(file.toURI()), file.length()));
    }

    /** Restores every key group; a checksum of the entries read. */
    @Override
    public long getAsLong() {
        long checksum = 0;
        try (FSDataInputStream in = handle.openInputStream()) {
            DataInputViewStreamWrapper view = new DataInputViewStreamWrapper(in);
            for (int group = 0; group < KEY_GROUPS; group++) {
                in.seek(handle.getOffsetForKeyGroup(group));
                if (view.readInt() != group) {
                    throw new IllegalStateException("Key group " + group + " not at its offset");
                }
                for (int entry = 0; entry < entriesPerGroup; entry++) {
                    String key = StringSerializer.INSTANCE.deserialize(view);
                    Tuple4<String, Long, Double, String> value = valueSerializer.deserialize(view);
                    checksum += key.length() + value.f0.length() + value.f1 + value.f3.length();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return checksum;
    }
}
