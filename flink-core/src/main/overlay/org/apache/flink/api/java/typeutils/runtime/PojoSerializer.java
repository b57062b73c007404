/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.api.java.typeutils.runtime;

import org.apache.flink.core.memory.DataInputView;

import java.io.IOException;

/**
 * Deserializes a POJO of the serializer's own class without first giving each of its fields a
 * default value, which deserialization then overwrites.
 */
public final class PojoSerializer<T> {

    /**
     * Whether {@link #deserialize(DataInputView)} is under way: it asks {@link #createInstance()}
     * for an instance of the serializer's own class only, and sets every field of it. A serializer
     * serves one thread at a time, as every serializer does.
     */
    private transient boolean deserializing;

    @Overlay.Wrap
    @Override
    public T deserialize(DataInputView source) throws IOException {
        deserializing = true;
        try {
            return deserialize$upstream(source);
        } finally {
            deserializing = false;
        }
    }

    /**
     * An instance whose fields hold their serializers' default values, as upstream creates it; for
     * {@link #deserialize(DataInputView)}, which sets every field, the bare instance.
     */
    @Overlay.Wrap
    @Override
    public T createInstance() {
        if (!deserializing || isRecord()) {
            return createInstance$upstream();
        }
        try {
            return clazz.newInstance();
        } catch (Exception e) {
            throw new RuntimeException("Cannot instantiate class.", e);
        }
    }
}
