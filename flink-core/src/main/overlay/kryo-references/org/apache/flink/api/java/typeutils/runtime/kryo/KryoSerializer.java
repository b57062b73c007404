/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.api.java.typeutils.runtime.kryo;

import org.apache.flink.api.java.typeutils.runtime.SmallGraphReferenceResolver;

import com.esotericsoftware.kryo.Kryo;

/**
 * Kryo finds the objects already written in a record's graph without hashing each by identity
 * ({@link SmallGraphReferenceResolver}): the same references, the same bytes.
 */
public class KryoSerializer<T> {

    @Overlay.Wrap("1.20.5:938fbfc9f381")
    private Kryo getKryoInstance() {
        return SmallGraphReferenceResolver.installInto(getKryoInstance$upstream());
    }
}
