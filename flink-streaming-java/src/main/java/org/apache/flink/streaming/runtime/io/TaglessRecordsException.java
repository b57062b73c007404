/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.io;

import org.apache.flink.annotation.Internal;
import org.apache.flink.runtime.throwable.ThrowableAnnotation;
import org.apache.flink.runtime.throwable.ThrowableType;

/**
 * Fails a job that cannot run with records that travel without timestamps (FLIP-330, {@code
 * pipeline.force-timestamp-support} false) because of what the job itself does: no restart can
 * change that, so the job fails once, without restarts, with the message naming the option.
 */
@Internal
@ThrowableAnnotation(ThrowableType.NonRecoverableError)
public final class TaglessRecordsException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    public TaglessRecordsException(String message) {
        super(message);
    }
}
