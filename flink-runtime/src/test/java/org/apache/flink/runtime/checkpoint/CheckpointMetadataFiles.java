/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.checkpoint;

import org.apache.flink.core.fs.FSDataInputStream;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;
import org.apache.flink.runtime.checkpoint.metadata.CheckpointMetadata;
import org.apache.flink.runtime.jobgraph.OperatorID;
import org.apache.flink.runtime.persistence.filesystem.FileSystemStateStorageHelper;
import org.apache.flink.runtime.state.KeyGroupRange;
import org.apache.flink.runtime.state.KeyGroupRangeAssignment;
import org.apache.flink.runtime.state.KeyGroupRangeOffsets;
import org.apache.flink.runtime.state.KeyGroupsStateHandle;
import org.apache.flink.runtime.state.OperatorStateHandle;
import org.apache.flink.runtime.state.OperatorStreamStateHandle;
import org.apache.flink.runtime.state.RetrievableStateHandle;
import org.apache.flink.runtime.state.StateHandleID;
import org.apache.flink.runtime.state.filesystem.FileStateHandle;
import org.apache.flink.runtime.state.filesystem.FsCheckpointMetadataOutputStream;
import org.apache.flink.runtime.state.memory.ByteStreamStateHandle;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A checkpoint's metadata as the JobManager keeps it: the {@code _metadata} file that it writes
 * when a checkpoint completes and reads when a job restores from it, and the completed checkpoint's
 * operator states that it stores in high-availability storage and retrieves when it recovers. The
 * metadata of {@code operators} operators of {@code parallelism} subtasks, each with keyed state in
 * a file and inline, and operator state, in a local directory; the same bytes in every run. Written
 * against Flink's API only, without nested classes or lambdas, so that {@code
 * UpstreamRuntime#copyOf} can run the same code against upstream's classes.
 */
public final class CheckpointMetadataFiles {

    private final CheckpointMetadata metadata;
    private final Path directory;
    private final Path file;
    private RetrievableStateHandle<HashMap<OperatorID, OperatorState>> stored;

    public CheckpointMetadataFiles(File directory, int operators, int parallelism) {
        this.metadata = metadata(operators, parallelism);
        this.directory = new Path(directory.toURI());
        this.file = new Path(this.directory, "_metadata");
    }

    /** Writes the metadata file, replacing the one written before; its length. */
    public long write() throws IOException {
        FileSystem fileSystem = FileSystem.getLocalFileSystem();
        fileSystem.delete(file, false);
        try (FsCheckpointMetadataOutputStream out =
                new FsCheckpointMetadataOutputStream(fileSystem, file, directory)) {
            Checkpoints.storeCheckpointMetadata(metadata, out);
            return out.closeAndFinalizeCheckpoint().getMetadataHandle().getStateSize();
        }
    }

    /** Reads the metadata file; the number of subtask states read. */
    public long read() throws IOException {
        return subtaskStates(readMetadata().getOperatorStates());
    }

    /** The bytes of what {@link #read()} reads, written again by {@link #serialize}. */
    public byte[] readAndSerialize() throws IOException {
        return serialize(readMetadata());
    }

    /**
     * The bytes of the overload of {@code storeCheckpointMetadata} that takes a {@code
     * DataOutputStream}, which the fork leaves as is.
     */
    public static byte[] serialize(CheckpointMetadata metadata) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        Checkpoints.storeCheckpointMetadata(metadata, out);
        out.flush();
        return bytes.toByteArray();
    }

    /**
     * Stores the checkpoint's operator states in high-availability storage, as the JobManager
     * stores a completed checkpoint; the size of what it stored.
     */
    public long storeOperatorStates() throws Exception {
        HashMap<OperatorID, OperatorState> operatorStates = new HashMap<>();
        for (OperatorState operator : metadata.getOperatorStates()) {
            operatorStates.put(operator.getOperatorID(), operator);
        }
        stored =
                new FileSystemStateStorageHelper<HashMap<OperatorID, OperatorState>>(
                                new Path(directory, "ha"), "completedCheckpoint")
                        .store(operatorStates);
        return stored.getStateSize();
    }

    /**
     * Retrieves the operator states of {@link #storeOperatorStates()}, as the JobManager retrieves
     * its completed checkpoints when it recovers, with this class's loader as the thread's context
     * class loader, from which the stored object's classes are resolved; the number of subtask
     * states retrieved.
     */
    public long retrieveOperatorStates() throws Exception {
        Thread thread = Thread.currentThread();
        ClassLoader contextClassLoader = thread.getContextClassLoader();
        thread.setContextClassLoader(CheckpointMetadataFiles.class.getClassLoader());
        try {
            return subtaskStates(stored.retrieveState().values());
        } finally {
            thread.setContextClassLoader(contextClassLoader);
        }
    }

    private static long subtaskStates(Collection<OperatorState> operators) {
        long subtaskStates = 0;
        for (OperatorState operator : operators) {
            subtaskStates += operator.getSubtaskStates().size();
        }
        return subtaskStates;
    }

    private CheckpointMetadata readMetadata() throws IOException {
        FileStateHandle handle =
                new FileStateHandle(
                        file, FileSystem.getLocalFileSystem().getFileStatus(file).getLen());
        try (FSDataInputStream in = handle.openInputStream()) {
            return Checkpoints.loadCheckpointMetadata(
                    new DataInputStream(in),
                    CheckpointMetadataFiles.class.getClassLoader(),
                    directory.toString());
        }
    }

    /**
     * The metadata of a checkpoint of {@code operators} operators of {@code parallelism}, at the
     * default maximum parallelism.
     */
    public static CheckpointMetadata metadata(int operators, int parallelism) {
        int maxParallelism = KeyGroupRangeAssignment.computeDefaultMaxParallelism(parallelism);
        List<OperatorState> states = new ArrayList<>();
        for (int operator = 0; operator < operators; operator++) {
            OperatorState state =
                    new OperatorState(
                            new OperatorID(operator, parallelism), parallelism, maxParallelism);
            for (int subtask = 0; subtask < parallelism; subtask++) {
                String stateFile = "file:///checkpoints/chk-7/" + operator + "-" + subtask;
                state.putState(
                        subtask, subtaskState(maxParallelism, parallelism, subtask, stateFile));
            }
            states.add(state);
        }
        return new CheckpointMetadata(7L, states, Collections.emptyList());
    }

    private static OperatorSubtaskState subtaskState(
            int maxParallelism, int parallelism, int subtask, String stateFile) {
        KeyGroupRange range =
                KeyGroupRangeAssignment.computeKeyGroupRangeForOperatorIndex(
                        maxParallelism, parallelism, subtask);
        long[] offsets = new long[range.getNumberOfKeyGroups()];
        for (int group = 0; group < offsets.length; group++) {
            offsets[group] = 1_000L * group;
        }
        Map<String, OperatorStateHandle.StateMetaInfo> partitions =
                Collections.singletonMap(
                        "offsets",
                        new OperatorStateHandle.StateMetaInfo(
                                new long[] {0, 100}, OperatorStateHandle.Mode.SPLIT_DISTRIBUTE));
        return OperatorSubtaskState.builder()
                .setManagedKeyedState(
                        KeyGroupsStateHandle.restore(
                                new KeyGroupRangeOffsets(range, offsets),
                                new FileStateHandle(new Path(stateFile), 1 << 20),
                                new StateHandleID(stateFile)))
                .setRawKeyedState(
                        KeyGroupsStateHandle.restore(
                                new KeyGroupRangeOffsets(range, offsets),
                                new ByteStreamStateHandle(stateFile + "-inline", new byte[300]),
                                new StateHandleID(stateFile + "-inline")))
                .setManagedOperatorState(
                        new OperatorStreamStateHandle(
                                partitions, new FileStateHandle(new Path(stateFile + "-op"), 200)))
                .build();
    }
}
