/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api.serialization;

import org.apache.flink.runtime.event.AbstractEvent;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Serializes the stream control events (see {@link StreamControlEventCodec}) next to upstream's.
 */
public class EventSerializer {

    @Overlay.Wrap("1.20.5:1541257685f4")
    public static ByteBuffer toSerializedEvent(AbstractEvent event) throws IOException {
        if (StreamControlEventCodec.isControlEvent(event)) {
            return StreamControlEventCodec.serialize(event);
        }
        return toSerializedEvent$upstream(event);
    }

    @Overlay.Wrap("1.20.5:6f4e5bc50549")
    public static AbstractEvent fromSerializedEvent(ByteBuffer buffer, ClassLoader classLoader)
            throws IOException {
        if (StreamControlEventCodec.isControlEvent(buffer)) {
            return StreamControlEventCodec.deserialize(buffer);
        }
        return fromSerializedEvent$upstream(buffer, classLoader);
    }
}
