/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.api.java.typeutils.runtime;

import dev.wirespeed.testing.UpstreamFirstClassLoader;

import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Method;
import java.nio.file.Paths;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The null masks of rows, written and read a byte at a time by the fork, against upstream's {@code
 * MaskUtils} from the pinned upstream jar: the same bytes for every mask of 0 to 40 flags, the same
 * flags from any bytes.
 */
class MaskUtilsDifferentialTest {

    private static Class<?> upstreamOutput;
    private static Class<?> upstreamInput;
    private static Method upstreamWrite;
    private static Method upstreamRead;

    @BeforeAll
    static void loadUpstream() throws Exception {
        ClassLoader upstream =
                new UpstreamFirstClassLoader(
                        MaskUtilsDifferentialTest.class.getClassLoader(),
                        Paths.get(System.getProperty("upstream.flink-core.jar")));
        Class<?> maskUtils =
                upstream.loadClass("org.apache.flink.api.java.typeutils.runtime.MaskUtils");
        assertThat(maskUtils.getClassLoader()).isSameAs(upstream);
        upstreamOutput = upstream.loadClass("org.apache.flink.core.memory.DataOutputSerializer");
        upstreamInput = upstream.loadClass("org.apache.flink.core.memory.DataInputDeserializer");
        upstreamWrite =
                maskUtils.getMethod(
                        "writeMask",
                        boolean[].class,
                        int.class,
                        upstream.loadClass("org.apache.flink.core.memory.DataOutputView"));
        upstreamRead =
                maskUtils.getMethod(
                        "readIntoMask",
                        upstream.loadClass("org.apache.flink.core.memory.DataInputView"),
                        boolean[].class,
                        int.class);
    }

    @Test
    void writesUpstreamsBytesForEveryMask() throws Exception {
        Random random = new Random(20261125);
        for (int len = 0; len <= 40; len++) {
            for (int sample = 0; sample < 64; sample++) {
                boolean[] mask = new boolean[len + 3];
                for (int i = 0; i < mask.length; i++) {
                    mask[i] = sample == 0 || (sample != 1 && random.nextBoolean());
                }
                DataOutputSerializer fork = new DataOutputSerializer(8);
                MaskUtils.writeMask(mask, len, fork);

                Object upstream = upstreamOutput.getConstructor(int.class).newInstance(8);
                upstreamWrite.invoke(null, mask, len, upstream);
                byte[] upstreamBytes =
                        (byte[]) upstreamOutput.getMethod("getCopyOfBuffer").invoke(upstream);

                assertThat(fork.getCopyOfBuffer()).as("%d flags", len).isEqualTo(upstreamBytes);
            }
        }
    }

    @Test
    void readsUpstreamsFlagsFromAnyBytes() throws Exception {
        Random random = new Random(1125);
        for (int len = 0; len <= 40; len++) {
            for (int sample = 0; sample < 64; sample++) {
                byte[] bytes = new byte[(len + 7) / 8 + 2];
                random.nextBytes(bytes);
                boolean[] forkMask = new boolean[len + 2];
                boolean[] upstreamMask = new boolean[len + 2];
                DataInputDeserializer forkInput = new DataInputDeserializer(bytes);
                MaskUtils.readIntoMask(forkInput, forkMask, len);

                Object upstreamInputView =
                        upstreamInput.getConstructor(byte[].class).newInstance((Object) bytes);
                upstreamRead.invoke(null, upstreamInputView, upstreamMask, len);
                int upstreamAvailable =
                        (int) upstreamInput.getMethod("available").invoke(upstreamInputView);

                assertThat(forkMask).as("%d flags", len).isEqualTo(upstreamMask);
                assertThat(forkInput.available()).isEqualTo(upstreamAvailable);
            }
        }
    }
}
