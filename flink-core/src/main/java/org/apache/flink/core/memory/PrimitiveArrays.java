/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.core.memory;

import org.apache.flink.annotation.Internal;

import javax.annotation.Nullable;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Writes and reads the elements of arrays of {@code int}, {@code long}, {@code float} and {@code
 * double} in Flink's own buffers in one pass: the bytes that {@link DataOutputSerializer}'s {@code
 * writeInt}, {@code writeLong}, {@code writeFloat} and {@code writeDouble} write for each element
 * in turn (big-endian, a {@code float} or {@code double} as {@link Float#floatToIntBits} and {@link
 * Double#doubleToLongBits} give its bits, which makes every NaN the canonical one), and the values
 * that {@link DataInputDeserializer}'s reads give for them. Upstream's array serializers write and
 * read an element per call, each call checking the buffer's room or bytes and storing its position;
 * here the room or the bytes of the whole array are checked once.
 *
 * <p>Only these two classes themselves, not subclasses that might write or read otherwise, are
 * written or read here ({@link #bufferOf(DataOutputView)}, {@link #bufferOf(DataInputView)}).
 */
@Internal
public final class PrimitiveArrays {

    private static final VarHandle INTS =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

    private static final VarHandle LONGS =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    /** The bits that {@link Float#floatToIntBits} gives for every NaN. */
    private static final int CANONICAL_FLOAT_NAN = Float.floatToIntBits(Float.NaN);

    /** The bits that {@link Double#doubleToLongBits} gives for every NaN. */
    private static final long CANONICAL_DOUBLE_NAN = Double.doubleToLongBits(Double.NaN);

    /**
     * The most bytes written in one pass. Longer arrays are written element by element, so that a
     * buffer that cannot grow that far fails as upstream's does.
     */
    private static final int MAX_BYTES_IN_ONE_PASS = 1 << 30;

    /**
     * The fewest elements written or read in one pass. Shorter arrays go element by element, as
     * upstream writes and reads them: for them, the pass's set-up costs what it saves.
     */
    private static final int MIN_ELEMENTS_IN_ONE_PASS = 8;

    private PrimitiveArrays() {}

    /** The target as a buffer whose arrays are written here, or null for any other target. */
    @Nullable
    public static DataOutputSerializer bufferOf(DataOutputView target) {
        return target.getClass() == DataOutputSerializer.class
                ? (DataOutputSerializer) target
                : null;
    }

    /** The source as a buffer whose arrays are read here, or null for any other source. */
    @Nullable
    public static DataInputDeserializer bufferOf(DataInputView source) {
        return source.getClass() == DataInputDeserializer.class
                ? (DataInputDeserializer) source
                : null;
    }

    /** Writes each element as {@link DataOutputSerializer#writeInt} does. */
    public static void writeInts(int[] values, DataOutputSerializer target) throws IOException {
        byte[] buffer = room(target, values.length, Integer.BYTES);
        if (buffer == null) {
            for (int value : values) {
                target.writeInt(value);
            }
            return;
        }
        int start = target.length();
        for (int i = 0; i < values.length; i++) {
            INTS.set(buffer, start + i * Integer.BYTES, values[i]);
        }
        target.setPositionUnsafe(start + values.length * Integer.BYTES);
    }

    /** Writes each element as {@link DataOutputSerializer#writeLong} does. */
    public static void writeLongs(long[] values, DataOutputSerializer target) throws IOException {
        byte[] buffer = room(target, values.length, Long.BYTES);
        if (buffer == null) {
            for (long value : values) {
                target.writeLong(value);
            }
            return;
        }
        int start = target.length();
        for (int i = 0; i < values.length; i++) {
            LONGS.set(buffer, start + i * Long.BYTES, values[i]);
        }
        target.setPositionUnsafe(start + values.length * Long.BYTES);
    }

    /** Writes each element as {@link DataOutputSerializer#writeFloat} does. */
    public static void writeFloats(float[] values, DataOutputSerializer target) throws IOException {
        byte[] buffer = room(target, values.length, Float.BYTES);
        if (buffer == null) {
            for (float value : values) {
                target.writeFloat(value);
            }
            return;
        }
        int start = target.length();
        for (int i = 0; i < values.length; i++) {
            INTS.set(buffer, start + i * Float.BYTES, bitsOf(values[i]));
        }
        target.setPositionUnsafe(start + values.length * Float.BYTES);
    }

    /** Writes each element as {@link DataOutputSerializer#writeDouble} does. */
    public static void writeDoubles(double[] values, DataOutputSerializer target)
            throws IOException {
        byte[] buffer = room(target, values.length, Double.BYTES);
        if (buffer == null) {
            for (double value : values) {
                target.writeDouble(value);
            }
            return;
        }
        int start = target.length();
        for (int i = 0; i < values.length; i++) {
            LONGS.set(buffer, start + i * Double.BYTES, bitsOf(values[i]));
        }
        target.setPositionUnsafe(start + values.length * Double.BYTES);
    }

    /**
     * {@link Float#floatToIntBits}: the value's bits, or the canonical NaN's for any NaN. Written
     * as a choice between two values, it made the loops above a quarter to a third faster than the
     * JDK's method, which returns early for a value that is not a NaN.
     */
    private static int bitsOf(float value) {
        return value == value ? Float.floatToRawIntBits(value) : CANONICAL_FLOAT_NAN;
    }

    /** {@link Double#doubleToLongBits}, written as {@link #bitsOf(float)} is. */
    private static long bitsOf(double value) {
        return value == value ? Double.doubleToRawLongBits(value) : CANONICAL_DOUBLE_NAN;
    }

    /**
     * Reads every element of {@code into} as {@link DataInputDeserializer#readInt} reads one; with
     * fewer bytes left than the array takes, reads element by element up to the failure of the
     * first that is missing, as upstream's serializer does.
     */
    public static void readInts(DataInputDeserializer source, int[] into) throws IOException {
        int start = start(source, into.length, Integer.BYTES);
        if (start < 0) {
            for (int i = 0; i < into.length; i++) {
                into[i] = source.readInt();
            }
            return;
        }
        byte[] buffer = source.backingArray();
        for (int i = 0; i < into.length; i++) {
            into[i] = (int) INTS.get(buffer, start + i * Integer.BYTES);
        }
        source.skipBytesToRead(into.length * Integer.BYTES);
    }

    /** Reads every element of {@code into} as {@link DataInputDeserializer#readLong} reads one. */
    public static void readLongs(DataInputDeserializer source, long[] into) throws IOException {
        int start = start(source, into.length, Long.BYTES);
        if (start < 0) {
            for (int i = 0; i < into.length; i++) {
                into[i] = source.readLong();
            }
            return;
        }
        byte[] buffer = source.backingArray();
        for (int i = 0; i < into.length; i++) {
            into[i] = (long) LONGS.get(buffer, start + i * Long.BYTES);
        }
        source.skipBytesToRead(into.length * Long.BYTES);
    }

    /** Reads every element of {@code into} as {@link DataInputDeserializer#readFloat} reads one. */
    public static void readFloats(DataInputDeserializer source, float[] into) throws IOException {
        int start = start(source, into.length, Float.BYTES);
        if (start < 0) {
            for (int i = 0; i < into.length; i++) {
                into[i] = source.readFloat();
            }
            return;
        }
        byte[] buffer = source.backingArray();
        for (int i = 0; i < into.length; i++) {
            into[i] = Float.intBitsToFloat((int) INTS.get(buffer, start + i * Float.BYTES));
        }
        source.skipBytesToRead(into.length * Float.BYTES);
    }

    /**
     * Reads every element of {@code into} as {@link DataInputDeserializer#readDouble} reads one.
     */
    public static void readDoubles(DataInputDeserializer source, double[] into) throws IOException {
        int start = start(source, into.length, Double.BYTES);
        if (start < 0) {
            for (int i = 0; i < into.length; i++) {
                into[i] = source.readDouble();
            }
            return;
        }
        byte[] buffer = source.backingArray();
        for (int i = 0; i < into.length; i++) {
            into[i] = Double.longBitsToDouble((long) LONGS.get(buffer, start + i * Double.BYTES));
        }
        source.skipBytesToRead(into.length * Double.BYTES);
    }

    /**
     * The target's array with room for the elements after its position, or null where they are to
     * be written one by one: too few or too many for one pass.
     */
    @Nullable
    private static byte[] room(DataOutputSerializer target, int count, int elementBytes)
            throws IOException {
        long bytes = (long) count * elementBytes;
        return count < MIN_ELEMENTS_IN_ONE_PASS || bytes > MAX_BYTES_IN_ONE_PASS
                ? null
                : target.reserve((int) bytes);
    }

    /**
     * Where the elements start in the source's array, or -1 where they are to be read one by one:
     * too few for one pass, or fewer bytes left than they take.
     */
    private static int start(DataInputDeserializer source, int count, int elementBytes) {
        return count >= MIN_ELEMENTS_IN_ONE_PASS
                        && (long) count * elementBytes <= source.available()
                ? source.getPosition()
                : -1;
    }
}
