/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.plugable;

import org.apache.flink.api.common.typeutils.TypeSerializer;

/** Exposes the serializer, so that the record deserializer can choose how to read its records. */
public class NonReusingDeserializationDelegate<T> {

    /** The serializer that reads the instances. */
    public TypeSerializer<T> getSerializer() {
        return serializer;
    }
}
