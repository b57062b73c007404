/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.api.java.typeutils.runtime;

import org.apache.flink.shaded.asm9.org.objectweb.asm.ClassWriter;
import org.apache.flink.shaded.asm9.org.objectweb.asm.Label;
import org.apache.flink.shaded.asm9.org.objectweb.asm.MethodVisitor;
import org.apache.flink.shaded.asm9.org.objectweb.asm.Opcodes;
import org.apache.flink.shaded.asm9.org.objectweb.asm.Type;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Generates the {@link RecordAccess} of a Java record class: a class defined in the record's own
 * package and class loader, so that it is unloaded with the record's class (a job's records with
 * the job's class loader), whose static final fields hold method handles of the record's fields and
 * of its canonical constructor. A static final method handle is a constant to the JIT, which
 * compiles a call of it as the field load or the constructor call itself.
 *
 * <p>The handles read the record's fields, as upstream's reflective path does, and not its accessor
 * methods, which a record may override. They come from a lookup with private access to the record
 * class, which needs no more than that its package be open to Flink's classes: so is every package
 * of a class path or of a job's jar.
 *
 * <p>One class is generated for each record class, on first use, and kept with the record's class
 * ({@link ClassValue}); a class it cannot be generated for is remembered with the reason.
 */
final class RecordAccessGenerator {

    private static final String BASE = Type.getInternalName(RecordAccess.class);
    private static final String HANDLE = Type.getInternalName(MethodHandle.class);
    private static final String HANDLE_DESCRIPTOR = Type.getDescriptor(MethodHandle.class);
    private static final String CONSTRUCTOR_FIELD = "CONSTRUCTOR";
    private static final String GETTER_FIELD = "COMPONENT_";

    /** The handles of the classes defined, until each class's static initializer takes its own. */
    private static final Map<Integer, MethodHandle[]> PENDING_HANDLES = new ConcurrentHashMap<>();

    private static final AtomicInteger GENERATED_CLASSES = new AtomicInteger();

    /** Per record class: its {@link RecordAccess}, or why there is none, a {@link String}. */
    private static final ClassValue<Object> ACCESS_OR_REASON =
            new ClassValue<Object>() {
                @Override
                protected Object computeValue(Class<?> recordClass) {
                    try {
                        return generate(recordClass);
                    } catch (Exception | LinkageError e) {
                        return e.toString();
                    }
                }
            };

    private RecordAccessGenerator() {}

    /** The access of a record class, or null if none can be generated for it. */
    static RecordAccess accessOf(Class<?> recordClass) {
        Object accessOrReason = ACCESS_OR_REASON.get(recordClass);
        return accessOrReason instanceof RecordAccess ? (RecordAccess) accessOrReason : null;
    }

    /** Why no access can be generated for a record class, or null if one was. */
    static String whyNoAccess(Class<?> recordClass) {
        Object accessOrReason = ACCESS_OR_REASON.get(recordClass);
        return accessOrReason instanceof String ? (String) accessOrReason : null;
    }

    static MethodHandle[] takeHandles(int generatedClass) {
        MethodHandle[] handles = PENDING_HANDLES.remove(generatedClass);
        if (handles == null) {
            throw new IllegalStateException(
                    "No handles for generated record access " + generatedClass);
        }
        return handles;
    }

    private static RecordAccess generate(Class<?> recordClass) throws Exception {
        RecordComponents components = RecordComponents.of(recordClass);
        MethodHandles.Lookup lookup =
                MethodHandles.privateLookupIn(recordClass, MethodHandles.lookup());

        Class<?>[] types = components.types();
        MethodHandle[] handles = new MethodHandle[types.length + 1];
        Class<?>[] erasedTypes = new Class<?>[types.length];
        for (int i = 0; i < types.length; i++) {
            erasedTypes[i] = erased(types[i]);
            handles[i + 1] =
                    lookup.findGetter(recordClass, components.name(i), types[i])
                            .asType(MethodType.methodType(erasedTypes[i], Object.class));
        }
        handles[0] =
                lookup.findConstructor(recordClass, MethodType.methodType(void.class, types))
                        .asType(MethodType.methodType(Object.class, erasedTypes));

        int id = GENERATED_CLASSES.incrementAndGet();
        String name = recordClass.getName() + "$$WirespeedRecordAccess" + id;
        PENDING_HANDLES.put(id, handles);
        try {
            Class<?> generated = lookup.defineClass(classBytes(name, id, erasedTypes));
            return (RecordAccess) generated.getConstructor().newInstance();
        } finally {
            PENDING_HANDLES.remove(id);
        }
    }

    /** A primitive type as it is, any other type as {@link Object}. */
    private static Class<?> erased(Class<?> type) {
        return type.isPrimitive() ? type : Object.class;
    }

    private static byte[] classBytes(String name, int id, Class<?>[] types) {
        String internalName = name.replace('.', '/');
        ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        writer.visit(
                Opcodes.V11,
                Opcodes.ACC_PUBLIC | Opcodes.ACC_FINAL | Opcodes.ACC_SUPER | Opcodes.ACC_SYNTHETIC,
                internalName,
                null,
                BASE,
                null);
        int constants = Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_FINAL;
        writer.visitField(constants, CONSTRUCTOR_FIELD, HANDLE_DESCRIPTOR, null, null).visitEnd();
        for (int i = 0; i < types.length; i++) {
            writer.visitField(constants, GETTER_FIELD + i, HANDLE_DESCRIPTOR, null, null)
                    .visitEnd();
        }
        writeStaticInitializer(writer, internalName, id, types.length);
        writeConstructor(writer);
        writeGetter(writer, internalName, types, true);
        writeGetter(writer, internalName, types, false);
        writeConstruct(writer, internalName, types);
        writer.visitEnd();
        return writer.toByteArray();
    }

    private static void writeStaticInitializer(
            ClassWriter writer, String internalName, int id, int components) {
        MethodVisitor code = writer.visitMethod(Opcodes.ACC_STATIC, "<clinit>", "()V", null, null);
        code.visitCode();
        code.visitLdcInsn(id);
        callStatic(code, BASE, "takeHandles", "(I)[" + HANDLE_DESCRIPTOR);
        for (int i = 0; i <= components; i++) {
            if (i < components) {
                code.visitInsn(Opcodes.DUP);
            }
            code.visitLdcInsn(i);
            code.visitInsn(Opcodes.AALOAD);
            code.visitFieldInsn(
                    Opcodes.PUTSTATIC,
                    internalName,
                    i == 0 ? CONSTRUCTOR_FIELD : GETTER_FIELD + (i - 1),
                    HANDLE_DESCRIPTOR);
        }
        code.visitInsn(Opcodes.RETURN);
        code.visitMaxs(0, 0);
        code.visitEnd();
    }

    private static void writeConstructor(ClassWriter writer) {
        MethodVisitor code = writer.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
        code.visitCode();
        code.visitVarInsn(Opcodes.ALOAD, 0);
        code.visitMethodInsn(Opcodes.INVOKESPECIAL, BASE, "<init>", "()V", false);
        code.visitInsn(Opcodes.RETURN);
        code.visitMaxs(0, 0);
        code.visitEnd();
    }

    /**
     * {@code getPrimitive} or {@code getReference}: a switch over the component's index, whose
     * cases for the components of the method's kind call the component's getter; any other index
     * throws {@link IllegalArgumentException}.
     */
    private static void writeGetter(
            ClassWriter writer, String internalName, Class<?>[] types, boolean primitives) {
        String returned = primitives ? "J" : "Ljava/lang/Object;";
        MethodVisitor code =
                writer.visitMethod(
                        Opcodes.ACC_PUBLIC,
                        primitives ? "getPrimitive" : "getReference",
                        "(Ljava/lang/Object;I)" + returned,
                        null,
                        null);
        code.visitCode();
        Label wrongIndex = new Label();
        Label[] cases = new Label[Math.max(types.length, 1)];
        for (int i = 0; i < cases.length; i++) {
            cases[i] =
                    i < types.length && types[i].isPrimitive() == primitives
                            ? new Label()
                            : wrongIndex;
        }
        code.visitVarInsn(Opcodes.ILOAD, 2);
        code.visitTableSwitchInsn(0, cases.length - 1, wrongIndex, cases);
        for (int i = 0; i < types.length; i++) {
            if (cases[i] == wrongIndex) {
                continue;
            }
            Type type = Type.getType(types[i]);
            code.visitLabel(cases[i]);
            code.visitFieldInsn(
                    Opcodes.GETSTATIC, internalName, GETTER_FIELD + i, HANDLE_DESCRIPTOR);
            code.visitVarInsn(Opcodes.ALOAD, 1);
            code.visitMethodInsn(
                    Opcodes.INVOKEVIRTUAL,
                    HANDLE,
                    "invokeExact",
                    "(Ljava/lang/Object;)" + type.getDescriptor(),
                    false);
            if (primitives) {
                toBits(code, type);
                code.visitInsn(Opcodes.LRETURN);
            } else {
                code.visitInsn(Opcodes.ARETURN);
            }
        }
        code.visitLabel(wrongIndex);
        code.visitTypeInsn(Opcodes.NEW, "java/lang/IllegalArgumentException");
        code.visitInsn(Opcodes.DUP);
        code.visitMethodInsn(
                Opcodes.INVOKESPECIAL,
                "java/lang/IllegalArgumentException",
                "<init>",
                "()V",
                false);
        code.visitInsn(Opcodes.ATHROW);
        code.visitMaxs(0, 0);
        code.visitEnd();
    }

    private static void writeConstruct(ClassWriter writer, String internalName, Class<?>[] types) {
        MethodVisitor code =
                writer.visitMethod(
                        Opcodes.ACC_PUBLIC,
                        "construct",
                        "([J[Ljava/lang/Object;)Ljava/lang/Object;",
                        null,
                        null);
        code.visitCode();
        code.visitFieldInsn(Opcodes.GETSTATIC, internalName, CONSTRUCTOR_FIELD, HANDLE_DESCRIPTOR);
        StringBuilder descriptor = new StringBuilder("(");
        for (int i = 0; i < types.length; i++) {
            Type type = Type.getType(types[i]);
            descriptor.append(type.getDescriptor());
            code.visitVarInsn(Opcodes.ALOAD, types[i].isPrimitive() ? 1 : 2);
            code.visitLdcInsn(i);
            if (types[i].isPrimitive()) {
                code.visitInsn(Opcodes.LALOAD);
                fromBits(code, type);
            } else {
                code.visitInsn(Opcodes.AALOAD);
            }
        }
        descriptor.append(")Ljava/lang/Object;");
        code.visitMethodInsn(
                Opcodes.INVOKEVIRTUAL, HANDLE, "invokeExact", descriptor.toString(), false);
        code.visitInsn(Opcodes.ARETURN);
        code.visitMaxs(0, 0);
        code.visitEnd();
    }

    /** A primitive value on the stack to the bits of it in a {@code long}. */
    private static void toBits(MethodVisitor code, Type type) {
        switch (type.getSort()) {
            case Type.LONG:
                return;
            case Type.DOUBLE:
                callStatic(code, "java/lang/Double", "doubleToRawLongBits", "(D)J");
                return;
            case Type.FLOAT:
                callStatic(code, "java/lang/Float", "floatToRawIntBits", "(F)I");
                code.visitInsn(Opcodes.I2L);
                return;
            default: // boolean, byte, short, char and int are ints on the stack
                code.visitInsn(Opcodes.I2L);
        }
    }

    /** The bits of a primitive value in a {@code long} on the stack to the value. */
    private static void fromBits(MethodVisitor code, Type type) {
        switch (type.getSort()) {
            case Type.LONG:
                return;
            case Type.DOUBLE:
                callStatic(code, "java/lang/Double", "longBitsToDouble", "(J)D");
                return;
            case Type.FLOAT:
                code.visitInsn(Opcodes.L2I);
                callStatic(code, "java/lang/Float", "intBitsToFloat", "(I)F");
                return;
            case Type.BYTE:
                code.visitInsn(Opcodes.L2I);
                code.visitInsn(Opcodes.I2B);
                return;
            case Type.SHORT:
                code.visitInsn(Opcodes.L2I);
                code.visitInsn(Opcodes.I2S);
                return;
            case Type.CHAR:
                code.visitInsn(Opcodes.L2I);
                code.visitInsn(Opcodes.I2C);
                return;
            default: // boolean and int
                code.visitInsn(Opcodes.L2I);
        }
    }

    private static void callStatic(
            MethodVisitor code, String owner, String method, String descriptor) {
        code.visitMethodInsn(Opcodes.INVOKESTATIC, owner, method, descriptor, false);
    }

    /**
     * The components of a record class, by reflection on the methods that Java 16 added ({@code
     * Class#getRecordComponents}), which the fork's release of Java does not have at compile time.
     */
    static final class RecordComponents {

        private final String[] names;
        private final Class<?>[] types;

        private RecordComponents(String[] names, Class<?>[] types) {
            this.names = names;
            this.types = types;
        }

        static RecordComponents of(Class<?> recordClass) throws ReflectiveOperationException {
            Object[] components =
                    (Object[]) Class.class.getMethod("getRecordComponents").invoke(recordClass);
            if (components == null) {
                throw new IllegalArgumentException(recordClass + " is not a record");
            }
            Class<?> componentClass = Class.forName("java.lang.reflect.RecordComponent");
            Method getName = componentClass.getMethod("getName");
            Method getType = componentClass.getMethod("getType");
            String[] names = new String[components.length];
            Class<?>[] types = new Class<?>[components.length];
            for (int i = 0; i < components.length; i++) {
                names[i] = (String) getName.invoke(components[i]);
                types[i] = (Class<?>) getType.invoke(components[i]);
            }
            return new RecordComponents(names, types);
        }

        int count() {
            return names.length;
        }

        String name(int component) {
            return names[component];
        }

        Class<?>[] types() {
            return types.clone();
        }

        Class<?> type(int component) {
            return types[component];
        }

        /** The index of the component of this name, or -1. */
        int indexOf(String name) {
            for (int i = 0; i < names.length; i++) {
                if (names[i].equals(name)) {
                    return i;
                }
            }
            return -1;
        }
    }
}
