/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.testing;

import org.apache.flink.api.common.typeutils.SimpleTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.base.TypeSerializerSingleton;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

import java.io.IOException;

/** A serializer of a job's own, outside Flink's packages: strings, written in upper case. */
public final class UpperCaseSerializer extends TypeSerializerSingleton<String> {

    @Override
    public boolean isImmutableType() {
        return true;
    }

    @Override
    public String createInstance() {
        return "";
    }

    @Override
    public String copy(String from) {
        return from;
    }

    @Override
    public String copy(String from, String reuse) {
        return from;
    }

    @Override
    public int getLength() {
        return -1;
    }

    @Override
    public void serialize(String record, DataOutputView target) throws IOException {
        target.writeUTF(record.toUpperCase());
    }

    @Override
    public String deserialize(DataInputView source) throws IOException {
        return source.readUTF();
    }

    @Override
    public String deserialize(String reuse, DataInputView source) throws IOException {
        return deserialize(source);
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        target.writeUTF(source.readUTF());
    }

    @Override
    public TypeSerializerSnapshot<String> snapshotConfiguration() {
        return new Snapshot();
    }

    /** The snapshot of this stateless serializer. */
    public static final class Snapshot extends SimpleTypeSerializerSnapshot<String> {
        public Snapshot() {
            super(UpperCaseSerializer::new);
        }
    }
}
