/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.core.memory;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/** Calls into upstream's classes, loaded apart from the fork's, for the differential tests. */
public final class UpstreamCalls {

    private UpstreamCalls() {}

    /**
     * Invokes an upstream method; what it throws comes out as itself if an {@link IOException},
     * else wrapped in an {@link IllegalStateException}.
     */
    public static Object invoke(Method method, Object target, Object... args) throws IOException {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof IOException) {
                throw (IOException) e.getCause();
            }
            throw new IllegalStateException(e.getCause());
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }
}
