/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api.serialization;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeutils.TypeSerializer;

/**
 * A record delegate whose records are the bytes of one serializer's values and nothing else. When
 * that serializer has a fixed length ({@link TypeSerializer#getLength()} of 1 or more), the writer
 * and the reader of a network edge both know every record's length, and the records cross the
 * network without the 4-byte length that the record writer puts in front of any other record: a
 * {@code Boolean} takes 1 byte instead of 5, a {@code Long} 8 instead of 12.
 *
 * <p>Both ends of an edge must agree: the writer's serialization delegate (a {@link
 * KnownLengthSerializationDelegate}, which record writers tell apart by its class) and the reader's
 * deserialization delegate either both implement this with serializers of the same length, or
 * neither does. FLIP-330's tagless records are such delegates; records in Flink's own format never
 * are, so their bytes stay upstream's.
 */
@Internal
public interface KnownLengthRecords {

    /** What {@link #lengthOf} returns for a delegate whose records carry their length. */
    int NOT_KNOWN = -1;

    /** The serializer whose values the records are, with nothing in front or behind. */
    TypeSerializer<?> getValueSerializer();

    /**
     * The bytes of each record of {@code delegate}, if they travel without their length; else
     * {@link #NOT_KNOWN}. A serializer of length 0 writes records that a reader could not tell
     * apart, so its records keep their length.
     */
    static int lengthOf(Object delegate) {
        if (delegate instanceof KnownLengthRecords) {
            int length = ((KnownLengthRecords) delegate).getValueSerializer().getLength();
            if (length > 0) {
                return length;
            }
        }
        return NOT_KNOWN;
    }
}
