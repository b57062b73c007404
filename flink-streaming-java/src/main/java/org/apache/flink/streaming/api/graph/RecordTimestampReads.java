/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.api.graph;

import org.apache.flink.annotation.Internal;

import org.apache.flink.shaded.asm9.org.objectweb.asm.ClassReader;
import org.apache.flink.shaded.asm9.org.objectweb.asm.ClassVisitor;
import org.apache.flink.shaded.asm9.org.objectweb.asm.MethodVisitor;
import org.apache.flink.shaded.asm9.org.objectweb.asm.Opcodes;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;
import java.util.Set;

/**
 * Finds where an operator of the user's own reads its records' timestamps itself: a call of {@code
 * StreamRecord#hasTimestamp()} or {@code StreamRecord#getTimestamp()} in the bytecode of the
 * operator's class or of its superclasses outside Flink. Flink's operators read them through
 * functions' contexts, which fail on a timestamp left behind at a tagless network edge (FLIP-330);
 * an operator that asks {@code hasTimestamp()} first would take such a record for one without a
 * timestamp, where upstream hands it the real one.
 */
@Internal
final class RecordTimestampReads {

    private static final Logger LOG = LoggerFactory.getLogger(RecordTimestampReads.class);

    private static final String STREAM_RECORD =
            "org/apache/flink/streaming/runtime/streamrecord/StreamRecord";

    private static final Set<String> READS = Set.of("hasTimestamp", "getTimestamp");

    private RecordTimestampReads() {}

    /**
     * The first method of the class or its superclasses outside Flink that reads a record's
     * timestamp, as {@code Class#method calls StreamRecord#read()}; none if no such call is found
     * or the bytecode cannot be read.
     */
    static Optional<String> firstRead(Class<?> operatorClass) {
        for (Class<?> type = operatorClass;
                type != null && !type.getName().startsWith(TimestampSupportDecision.FLINK_PACKAGE);
                type = type.getSuperclass()) {
            Optional<String> read = firstReadIn(type);
            if (read.isPresent()) {
                return read;
            }
        }
        return Optional.empty();
    }

    private static Optional<String> firstReadIn(Class<?> type) {
        ClassLoader loader =
                type.getClassLoader() != null
                        ? type.getClassLoader()
                        : ClassLoader.getSystemClassLoader();
        try (InputStream bytes =
                loader.getResourceAsStream(type.getName().replace('.', '/') + ".class")) {
            if (bytes == null) {
                LOG.debug("Cannot read the bytecode of {}", type.getName());
                return Optional.empty();
            }
            Finder finder = new Finder(type.getName());
            new ClassReader(bytes).accept(finder, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
            return Optional.ofNullable(finder.found);
        } catch (IOException | RuntimeException e) {
            LOG.debug("Cannot inspect the bytecode of {}", type.getName(), e);
            return Optional.empty();
        }
    }

    /** Keeps the first method that calls one of the reads. */
    private static final class Finder extends ClassVisitor {
        private final String className;
        private String found;

        Finder(String className) {
            super(Opcodes.ASM9);
            this.className = className;
        }

        @Override
        public MethodVisitor visitMethod(
                int access, String name, String descriptor, String signature, String[] exceptions) {
            if (found != null) {
                return null;
            }
            return new MethodVisitor(Opcodes.ASM9) {
                @Override
                public void visitMethodInsn(
                        int opcode,
                        String owner,
                        String method,
                        String methodDescriptor,
                        boolean isInterface) {
                    if (found == null && owner.equals(STREAM_RECORD) && READS.contains(method)) {
                        found = className + "#" + name + " calls StreamRecord#" + method + "()";
                    }
                }
            };
        }
    }
}
