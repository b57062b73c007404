/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.state;

import org.apache.flink.core.fs.FSDataInputStream;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.fs.local.LocalDataInputStream;
import org.apache.flink.core.memory.DataInputViewStreamWrapper;
import org.apache.flink.core.memory.DataOutputViewStreamWrapper;
import org.apache.flink.runtime.persistence.filesystem.FileSystemStateStorageHelper;
import org.apache.flink.runtime.state.filesystem.FileStateHandle;
import org.apache.flink.runtime.state.memory.ByteStreamStateHandle;
import org.apache.flink.types.StringValue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link BufferedStateInputStream} against the stream it reads: the same bytes, positions and ends
 * for any mix of reads, skips and seeks, and the reads of a restore and of high-availability
 * storage made with a call a block.
 */
class BufferedStateInputStreamTest {

    private static final int FILE_BYTES = 5 * BufferedStateInputStream.BLOCK_BYTES + 1234;

    @TempDir File directory;

    @Test
    void randomReadsSkipsAndSeeksSeeTheBytesAndPositionsOfTheFile() throws IOException {
        byte[] content = new byte[FILE_BYTES];
        new Random(20261202L).nextBytes(content);
        File file = new File(directory, "state");
        Files.write(file.toPath(), content);

        for (long seed = 0; seed < 20; seed++) {
            Random random = new Random(seed);
            try (FSDataInputStream reference = new LocalDataInputStream(file);
                    FSDataInputStream buffered =
                            BufferedStateInputStream.readAhead(new LocalDataInputStream(file))) {
                for (int step = 0; step < 2_000; step++) {
                    applyRandomStep(random, content, reference, buffered);
                    assertThat(buffered.getPos()).isEqualTo(reference.getPos());
                }
            }
        }
    }

    private static void applyRandomStep(
            Random random, byte[] content, FSDataInputStream reference, FSDataInputStream buffered)
            throws IOException {
        long position = reference.getPos();
        switch (random.nextInt(6)) {
            case 0:
            case 1:
                assertThat(buffered.read()).isEqualTo(reference.read());
                break;
            case 2:
                int length = random.nextInt(3 * BufferedStateInputStream.BLOCK_BYTES);
                int offset = random.nextInt(8);
                byte[] target = new byte[offset + length + random.nextInt(8)];
                int count = buffered.read(target, offset, length);
                if (length == 0) {
                    assertThat(count).isZero();
                } else if (position >= content.length) {
                    assertThat(count).isEqualTo(-1);
                } else {
                    assertThat(count).isBetween(1, length);
                    byte[] expected = new byte[count];
                    reference.readNBytes(expected, 0, count);
                    assertThat(Arrays.copyOfRange(target, offset, offset + count))
                            .isEqualTo(expected);
                }
                break;
            case 3:
                long skipped =
                        buffered.skip(random.nextInt(2 * BufferedStateInputStream.BLOCK_BYTES));
                assertThat(skipped).isNotNegative();
                reference.seek(position + skipped);
                break;
            case 4:
                long near = position + random.nextInt(200) - 100;
                long desired =
                        random.nextBoolean()
                                ? Math.max(0, Math.min(content.length, near))
                                : random.nextInt(content.length + 1);
                buffered.seek(desired);
                reference.seek(desired);
                break;
            default:
                assertThat(buffered.available()).isEqualTo(reference.available());
                break;
        }
    }

    @Test
    void restoreReadsEachBlockWithOneCallAndFindsEachKeyGroupAfterASeek() throws IOException {
        File path = new File(directory, "key-groups");
        int keyGroups = 4;
        int entries = 20_000;
        long[] offsets = new long[keyGroups];
        try (DataOutputStream out =
                new DataOutputStream(new BufferedOutputStream(new FileOutputStream(path)))) {
            DataOutputViewStreamWrapper view = new DataOutputViewStreamWrapper(out);
            for (int group = 0; group < keyGroups; group++) {
                offsets[group] = out.size();
                view.writeInt(group);
                for (int entry = 0; entry < entries; entry++) {
                    StringValue.writeString("key-" + group + "-" + entry, view);
                    view.writeLong(entry * 31L + group);
                }
            }
        }
        CountingFileStateHandle file = new CountingFileStateHandle(path, path.length());
        KeyGroupsStateHandle handle =
                new KeyGroupsStateHandle(
                        new KeyGroupRangeOffsets(KeyGroupRange.of(0, keyGroups - 1), offsets),
                        file);

        try (FSDataInputStream in = handle.openInputStream()) {
            assertThat(in).isInstanceOf(BufferedStateInputStream.class);
            DataInputViewStreamWrapper view = new DataInputViewStreamWrapper(in);
            // the key groups in the reverse of their order, each found by a seek
            for (int group = keyGroups - 1; group >= 0; group--) {
                in.seek(offsets[group]);
                assertThat(view.readInt()).isEqualTo(group);
                for (int entry = 0; entry < entries; entry++) {
                    assertThat(StringValue.readString(view))
                            .isEqualTo("key-" + group + "-" + entry);
                    assertThat(view.readLong()).isEqualTo(entry * 31L + group);
                }
            }
        }
        long blocks = path.length() / BufferedStateInputStream.BLOCK_BYTES;
        assertThat(blocks).isGreaterThan(10);
        assertThat(file.reads).isBetween(blocks, blocks + 3L * keyGroups);
    }

    @Test
    void highAvailabilityStateIsRetrievedWithACallABlock() throws Exception {
        ArrayList<KeyGroupsStateHandle> handles = new ArrayList<>();
        for (int subtask = 0; subtask < 2_000; subtask++) {
            handles.add(
                    new KeyGroupsStateHandle(
                            new KeyGroupRangeOffsets(KeyGroupRange.of(subtask, subtask)),
                            new FileStateHandle(new Path("file:///checkpoints/" + subtask), 7)));
        }
        new FileSystemStateStorageHelper<ArrayList<KeyGroupsStateHandle>>(
                        new Path(directory.toURI()), "completedCheckpoint")
                .store(handles);
        File[] stored = directory.listFiles();
        assertThat(stored).hasSize(1);
        CountingFileStateHandle file = new CountingFileStateHandle(stored[0], stored[0].length());

        assertThat(new RetrievableStreamStateHandle<>(file).retrieveState()).isEqualTo(handles);
        long blocks = stored[0].length() / BufferedStateInputStream.BLOCK_BYTES;
        assertThat(blocks).isGreaterThan(5);
        assertThat(file.reads).isBetween(blocks, blocks + 2);
    }

    /** The handle of a local file whose streams count the calls that read it. */
    private static final class CountingFileStateHandle extends FileStateHandle {

        private static final long serialVersionUID = 1L;

        long reads;

        CountingFileStateHandle(File file, long size) {
            super(new Path(file.toURI()), size);
        }

        @Override
        public FSDataInputStream openInputStream() throws IOException {
            FSDataInputStream in = super.openInputStream();
            return new FSDataInputStream() {
                @Override
                public int read() throws IOException {
                    reads++;
                    return in.read();
                }

                @Override
                public int read(byte[] target, int offset, int length) throws IOException {
                    reads++;
                    return in.read(target, offset, length);
                }

                @Override
                public void seek(long desired) throws IOException {
                    in.seek(desired);
                }

                @Override
                public long getPos() throws IOException {
                    return in.getPos();
                }

                @Override
                public void close() throws IOException {
                    in.close();
                }
            };
        }
    }

    @Test
    void operatorStateHandlesReadAheadToo() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new DataOutputViewStreamWrapper(bytes).writeLong(42L);
        OperatorStreamStateHandle handle =
                new OperatorStreamStateHandle(
                        Map.of(), new ByteStreamStateHandle("operator", bytes.toByteArray()));
        try (FSDataInputStream in = handle.openInputStream()) {
            assertThat(in).isInstanceOf(BufferedStateInputStream.class);
            assertThat(new DataInputViewStreamWrapper(in).readLong()).isEqualTo(42L);
            assertThat(in.read()).isEqualTo(-1);
        }
    }
}
