/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.io;

import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.common.state.CheckpointListener;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ExternalizedCheckpointRetention;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.checkpoint.Checkpoints;
import org.apache.flink.runtime.checkpoint.metadata.CheckpointMetadata;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.sink.SinkFunction;
import org.apache.flink.streaming.api.graph.TimestampSupportDecision;
import org.apache.flink.util.Collector;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.DataInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Checkpoints and savepoints of jobs that send tagless records: exactly-once results after a
 * failover, restores of savepoints taken with the other setting of the option, and of an unaligned
 * checkpoint at another parallelism.
 */
class TaglessCheckpointingITCase {

    private static final long RECORDS = 2_000;
    private static final int KEYS = 10;

    private static final Queue<String> RESULTS = new ConcurrentLinkedQueue<>();
    private static final AtomicBoolean FAILED = new AtomicBoolean();

    @BeforeEach
    void reset() {
        RESULTS.clear();
        FAILED.set(false);
    }

    /** With unaligned checkpoints the job stays tagged; with aligned ones it goes tagless. */
    @ParameterizedTest(name = "unaligned checkpoints {0}")
    @ValueSource(booleans = {false, true})
    void countsExactlyOnceAfterAFailover(boolean unaligned) throws Exception {
        Configuration conf = configuration(false);
        conf.set(CheckpointingOptions.CHECKPOINTING_INTERVAL, Duration.ofMillis(50));
        conf.set(CheckpointingOptions.ENABLE_UNALIGNED, unaligned);
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 3);
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ZERO);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        sumsPerKey(env, new FailOnceAfterACheckpoint(), new SumAtEndOfInput(0));
        assertThat(TimestampSupportDecision.decide(env.getStreamGraph(false)).isTagless())
                .isEqualTo(!unaligned);

        env.execute();

        assertThat(FAILED).isTrue();
        assertThat(sortedResults()).isEqualTo(expectedSums());
    }

    @ParameterizedTest(name = "force-timestamp-support {0}, then the other")
    @ValueSource(booleans = {false, true})
    void restoresASavepointTakenWithTheOtherSetting(boolean first, @TempDir Path savepoints)
            throws Exception {
        StreamExecutionEnvironment before =
                StreamExecutionEnvironment.getExecutionEnvironment(configuration(first));
        sumsPerKey(
                before,
                new RichMapFunction<Long, Long>() {
                    @Override
                    public Long map(Long value) throws Exception {
                        Thread.sleep(5);
                        return value;
                    }
                },
                new SumAtEndOfInput(0));
        JobClient job = before.executeAsync();
        waitUntilRunning(job);
        Thread.sleep(1_000);
        String savepoint =
                job.stopWithSavepoint(
                                false, savepoints.toUri().toString(), SavepointFormatType.CANONICAL)
                        .get();
        assertThat(RESULTS).isEmpty();

        Configuration conf = configuration(!first);
        conf.set(StateRecoveryOptions.SAVEPOINT_PATH, savepoint);
        StreamExecutionEnvironment after = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        sumsPerKey(after, new Identity(), new SumAtEndOfInput(0));
        after.execute();

        assertThat(sortedResults()).isEqualTo(expectedSums());
    }

    /**
     * An unaligned checkpoint of a backpressured job holds in-flight data. Restored at another
     * parallelism: a job that stays tagged (option {@code true}, or unaligned checkpoints still on)
     * counts exactly once; a tagless one fails before it reads a record, naming the checkpoint's
     * in-flight data.
     */
    @ParameterizedTest(name = "restored with force-timestamp-support {0}")
    @ValueSource(booleans = {true, false})
    void restoresAnUnalignedCheckpointAtAnotherParallelism(
            boolean forceTimestampSupport, @TempDir Path checkpoints) throws Exception {
        Configuration conf = configuration(false);
        conf.set(CheckpointingOptions.CHECKPOINTING_INTERVAL, Duration.ofMillis(100));
        conf.set(CheckpointingOptions.ENABLE_UNALIGNED, true);
        conf.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, checkpoints.toUri().toString());
        conf.set(CheckpointingOptions.MAX_RETAINED_CHECKPOINTS, 1_000);
        conf.set(
                CheckpointingOptions.EXTERNALIZED_CHECKPOINT_RETENTION,
                ExternalizedCheckpointRetention.RETAIN_ON_CANCELLATION);
        StreamExecutionEnvironment before =
                StreamExecutionEnvironment.getExecutionEnvironment(conf);
        sumsPerKey(before, new Identity(), new SumAtEndOfInput(5));
        JobClient job = before.executeAsync();
        Path checkpoint = awaitCheckpointWithInFlightData(job, checkpoints);
        job.cancel().get();
        assertThat(RESULTS).isEmpty();

        Configuration restoreConf = configuration(forceTimestampSupport);
        restoreConf.set(StateRecoveryOptions.SAVEPOINT_PATH, checkpoint.toUri().toString());
        restoreConf.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
        StreamExecutionEnvironment after =
                StreamExecutionEnvironment.getExecutionEnvironment(restoreConf);
        sumsPerKey(after, new Identity(), new SumAtEndOfInput(0));
        after.setParallelism(3);
        assertThat(TimestampSupportDecision.decide(after.getStreamGraph(false)).isTagless())
                .isEqualTo(!forceTimestampSupport);

        if (forceTimestampSupport) {
            after.execute();
            assertThat(sortedResults()).isEqualTo(expectedSums());
        } else {
            assertThatThrownBy(after::execute)
                    .satisfies(
                            e ->
                                    assertThat(e)
                                            .rootCause()
                                            .isInstanceOf(IllegalStateException.class)
                                            .hasMessageContaining(
                                                    "holds in-flight data of an unaligned"
                                                            + " checkpoint")
                                            .hasMessageContaining(
                                                    PipelineOptions.FORCE_TIMESTAMP_SUPPORT.key()));
            assertThat(RESULTS).isEmpty();
        }
    }

    /**
     * Numbers through a map, then summed per key across the network; each key's sum comes out when
     * the end of input fires its event-time timer.
     */
    private static void sumsPerKey(
            StreamExecutionEnvironment env, RichMapFunction<Long, Long> map, SumAtEndOfInput sum) {
        env.setParallelism(2);
        env.fromSequence(1, RECORDS)
                .uid("numbers")
                .map(map)
                .uid("map")
                .keyBy(x -> x % KEYS)
                .process(sum)
                .uid("sums")
                .addSink(new CollectingSink())
                .uid("sink");
    }

    private static Configuration configuration(boolean forceTimestampSupport) {
        Configuration conf = new Configuration();
        conf.set(PipelineOptions.FORCE_TIMESTAMP_SUPPORT, forceTimestampSupport);
        conf.set(PipelineOptions.AUTO_WATERMARK_INTERVAL, Duration.ZERO);
        return conf;
    }

    private static List<String> expectedSums() {
        return LongStream.range(0, KEYS)
                .mapToObj(
                        key ->
                                "key "
                                        + key
                                        + " sum "
                                        + LongStream.rangeClosed(1, RECORDS)
                                                .filter(x -> x % KEYS == key)
                                                .sum())
                .sorted()
                .collect(Collectors.toList());
    }

    private static List<String> sortedResults() {
        List<String> results = new ArrayList<>(RESULTS);
        results.sort(null);
        return results;
    }

    /**
     * Waits for a completed checkpoint under {@code directory} whose metadata holds in-flight data
     * of a channel, and returns its directory; fails if the job ends first.
     */
    private static Path awaitCheckpointWithInFlightData(JobClient job, Path directory)
            throws Exception {
        while (!job.getJobStatus().get().isGloballyTerminalState()) {
            List<Path> metadataFiles;
            try (Stream<Path> files = Files.walk(directory)) {
                metadataFiles =
                        files.filter(file -> file.endsWith("_metadata"))
                                .collect(Collectors.toList());
            }
            for (Path metadata : metadataFiles) {
                if (holdsInFlightData(metadata)) {
                    return metadata.getParent();
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("The job ended before a checkpoint held in-flight data");
    }

    private static boolean holdsInFlightData(Path metadata) {
        CheckpointMetadata loaded;
        try (DataInputStream in = new DataInputStream(Files.newInputStream(metadata))) {
            loaded =
                    Checkpoints.loadCheckpointMetadata(
                            in,
                            TaglessCheckpointingITCase.class.getClassLoader(),
                            metadata.getParent().toString());
        } catch (IOException e) {
            // still being written
            return false;
        }
        return loaded.getOperatorStates().stream()
                .flatMap(operator -> operator.getStates().stream())
                .anyMatch(
                        subtask ->
                                subtask.getInputChannelState().hasState()
                                        || subtask.getResultSubpartitionState().hasState());
    }

    private static void waitUntilRunning(JobClient job) throws Exception {
        while (job.getJobStatus().get() != JobStatus.RUNNING) {
            Thread.sleep(50);
        }
    }

    /**
     * Fails once, at the first record after a checkpoint completed, so that the job restores it.
     */
    private static final class FailOnceAfterACheckpoint extends RichMapFunction<Long, Long>
            implements CheckpointListener {
        private volatile boolean checkpointed;

        @Override
        public Long map(Long value) throws Exception {
            Thread.sleep(1);
            if (checkpointed && FAILED.compareAndSet(false, true)) {
                throw new Exception("Failing once to restore the last checkpoint");
            }
            return value;
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            checkpointed = true;
        }
    }

    /** Passes numbers on. */
    private static final class Identity extends RichMapFunction<Long, Long> {
        @Override
        public Long map(Long value) {
            return value;
        }
    }

    /**
     * Sums a key's numbers in state; an event-time timer that only the end of input fires emits the
     * sum. Sleeping for each number backpressures the job.
     */
    private static final class SumAtEndOfInput extends KeyedProcessFunction<Long, Long, String> {
        private final long sleepMillis;
        private transient ValueState<Long> sum;

        SumAtEndOfInput(long sleepMillis) {
            this.sleepMillis = sleepMillis;
        }

        @Override
        public void open(OpenContext openContext) {
            sum = getRuntimeContext().getState(new ValueStateDescriptor<>("sum", Types.LONG));
        }

        @Override
        public void processElement(Long value, Context ctx, Collector<String> out)
                throws Exception {
            if (sleepMillis > 0) {
                Thread.sleep(sleepMillis);
            }
            Long current = sum.value();
            sum.update(current == null ? value : current + value);
            ctx.timerService().registerEventTimeTimer(0);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out)
                throws Exception {
            out.collect("key " + ctx.getCurrentKey() + " sum " + sum.value());
        }
    }

    /** Collects the results in this JVM, where the MiniCluster runs. */
    private static final class CollectingSink implements SinkFunction<String> {
        @Override
        public void invoke(String value, Context context) {
            RESULTS.add(value);
        }
    }
}
