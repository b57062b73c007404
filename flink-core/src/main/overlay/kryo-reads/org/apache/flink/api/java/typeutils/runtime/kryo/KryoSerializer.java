/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.api.java.typeutils.runtime.kryo;

import org.apache.flink.api.java.typeutils.runtime.InPlaceKryoInput;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataInputView;

import java.io.IOException;

/**
 * Kryo reads the bytes of a {@link DataInputDeserializer} (a record read from the network, a value
 * from RocksDB) in place, through an {@link InPlaceKryoInput}; any other view as upstream does. The
 * same objects from the same bytes.
 */
public class KryoSerializer<T> {

    /** The input of the deserializers' bytes; made on the first such read. */
    private transient InPlaceKryoInput inPlaceInput;

    @Overlay.Wrap("1.20.5:6da9296a9aec")
    @Override
    public T deserialize(DataInputView source) throws IOException {
        if (!(source instanceof DataInputDeserializer)
                || !InPlaceKryoInput.canRead((DataInputDeserializer) source)) {
            return deserialize$upstream(source);
        }
        if (inPlaceInput == null) {
            inPlaceInput = new InPlaceKryoInput();
        }
        inPlaceInput.readFrom((DataInputDeserializer) source);
        input = inPlaceInput;
        previousIn = source;
        try {
            return deserialize$upstream(source);
        } finally {
            inPlaceInput.finish();
        }
    }
}
