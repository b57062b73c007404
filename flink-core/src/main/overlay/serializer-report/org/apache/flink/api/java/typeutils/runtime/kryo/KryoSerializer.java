/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.api.java.typeutils.runtime.kryo;

/** Names the type that falls back to Kryo, for a job's serializer report. */
public class KryoSerializer<T> {

    /** The class of the values this serializer hands to Kryo. */
    public Class<T> getType() {
        return type;
    }
}
