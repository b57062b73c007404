/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api.serialization;

import org.apache.flink.runtime.event.AbstractEvent;

import java.io.IOException;
import java.nio.ByteBuffer;

/** Serializes the fork's events (see {@link ForkEvents}) next to upstream's. */
public class EventSerializer {

    @Overlay.Wrap
    public static ByteBuffer toSerializedEvent(AbstractEvent event) throws IOException {
        if (ForkEvents.isForkEvent(event)) {
            return ForkEvents.serialize(event);
        }
        return toSerializedEvent$upstream(event);
    }

    @Overlay.Wrap
    public static AbstractEvent fromSerializedEvent(ByteBuffer buffer, ClassLoader classLoader)
            throws IOException {
        if (ForkEvents.isForkEvent(buffer)) {
            return ForkEvents.deserialize(buffer);
        }
        return fromSerializedEvent$upstream(buffer, classLoader);
    }
}
