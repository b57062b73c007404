/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build.jar;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;

/**
 * Recognizes the synthetic, member-less classes ({@code Outer$1}) that compilers for Java 8 emit to
 * let a nested class call a private constructor. Compilers for Java 11 and later give nest mates
 * direct access instead, so a class compiled again from the same source no longer comes with them;
 * no source can name them, and no code of other classes refers to them.
 */
final class AccessTagClass {

    private static final int MAGIC = 0xCAFEBABE;
    private static final int ACC_SYNTHETIC = 0x1000;

    private AccessTagClass() {}

    /**
     * Whether the bytes are a class file of a synthetic class without fields and methods.
     *
     * @throws IOException if the bytes are no class file
     */
    static boolean is(byte[] classFile) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile));
        if (in.readInt() != MAGIC) {
            return false;
        }
        in.readUnsignedShort(); // minor version
        in.readUnsignedShort(); // major version
        skipConstantPool(in);
        int accessFlags = in.readUnsignedShort();
        in.readUnsignedShort(); // this class
        in.readUnsignedShort(); // super class
        int interfaces = in.readUnsignedShort();
        in.skipBytes(2 * interfaces);
        int fields = in.readUnsignedShort();
        if ((accessFlags & ACC_SYNTHETIC) == 0 || fields != 0) {
            return false;
        }
        return in.readUnsignedShort() == 0;
    }

    private static void skipConstantPool(DataInputStream in) throws IOException {
        int count = in.readUnsignedShort();
        for (int index = 1; index < count; index++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1: // Utf8
                    in.skipBytes(in.readUnsignedShort());
                    break;
                case 7: // Class
                case 8: // String
                case 16: // MethodType
                case 19: // Module
                case 20: // Package
                    in.skipBytes(2);
                    break;
                case 15: // MethodHandle
                    in.skipBytes(3);
                    break;
                case 3: // Integer
                case 4: // Float
                case 9: // Fieldref
                case 10: // Methodref
                case 11: // InterfaceMethodref
                case 12: // NameAndType
                case 17: // Dynamic
                case 18: // InvokeDynamic
                    in.skipBytes(4);
                    break;
                case 5: // Long
                case 6: // Double: both take two entries
                    in.skipBytes(8);
                    index++;
                    break;
                default:
                    throw new IOException("Unknown constant pool tag " + tag);
            }
        }
    }
}
