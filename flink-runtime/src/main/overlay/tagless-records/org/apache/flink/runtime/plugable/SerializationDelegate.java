/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.plugable;

import org.apache.flink.api.common.typeutils.TypeSerializer;

/** Exposes the serializer, so that an output can switch to FLIP-330's tagless records. */
public class SerializationDelegate<T> {

    /** The serializer that writes the instance. */
    public TypeSerializer<T> getSerializer() {
        return serializer;
    }
}
