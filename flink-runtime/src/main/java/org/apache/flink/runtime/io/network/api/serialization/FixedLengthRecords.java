/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api.serialization;

import org.apache.flink.api.common.typeutils.CompositeTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.io.IOReadableWritable;
import org.apache.flink.runtime.plugable.NonReusingDeserializationDelegate;
import org.apache.flink.runtime.plugable.ReusingDeserializationDelegate;
import org.apache.flink.runtime.plugable.SerializationDelegate;

/**
 * Finds the records that an array on the heap does not speed up: those whose serializer is built of
 * fixed-length serializers only, such as primitives, tuples of them, and stream elements or rows of
 * those. They hold no strings or byte arrays, the fields that serializers read and write in bulk
 * through an array, so they are read and written a primitive at a time from and to any view: the
 * record deserializer reads them in place, as upstream does, whatever their length, and the record
 * writer serializes them straight into the network buffer ({@link InPlaceRecordSerializer}).
 *
 * <p>A serializer is looked into through its snapshot: one of {@link
 * CompositeTypeSerializerSnapshot} names the serializers it is built of. Any other serializer of
 * variable length, or one whose snapshot cannot be taken or restored, counts as one that may read
 * in bulk.
 */
final class FixedLengthRecords {

    private FixedLengthRecords() {}

    /** Whether the records that {@code target}, a deserialization delegate, reads are such. */
    static boolean readInto(IOReadableWritable target) {
        if (target instanceof NonReusingDeserializationDelegate) {
            return builtOfFixedLength(
                    ((NonReusingDeserializationDelegate<?>) target).getSerializer());
        }
        if (target instanceof ReusingDeserializationDelegate) {
            return builtOfFixedLength(((ReusingDeserializationDelegate<?>) target).getSerializer());
        }
        return false;
    }

    /** Whether the records that {@code record}, a serialization delegate, writes are such. */
    static boolean writtenBy(IOReadableWritable record) {
        return record instanceof SerializationDelegate
                && builtOfFixedLength(((SerializationDelegate<?>) record).getSerializer());
    }

    /** Whether the serializer is of fixed length, or built of such serializers only. */
    static boolean builtOfFixedLength(TypeSerializer<?> serializer) {
        if (serializer.getLength() >= 0) {
            return true;
        }
        try {
            return nestedOfFixedLength(serializer.snapshotConfiguration());
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static boolean nestedOfFixedLength(TypeSerializerSnapshot<?> snapshot) {
        if (!(snapshot instanceof CompositeTypeSerializerSnapshot)) {
            return false;
        }
        for (TypeSerializerSnapshot<?> nested :
                ((CompositeTypeSerializerSnapshot<?, ?>) snapshot).getNestedSerializerSnapshots()) {
            if (nested.restoreSerializer().getLength() < 0 && !nestedOfFixedLength(nested)) {
                return false;
            }
        }
        return true;
    }
}
