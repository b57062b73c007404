/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.e2e.jobs;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.regex.Pattern;

/**
 * Runs the jobs of {@link CorpusJobs} one after the other, each as a job of its own, and leaves
 * what each computed in a directory of its own under {@code --out}: the lines its sinks wrote, or a
 * file {@code FAILED} with the class and message of the failure's root cause. Run with {@code
 * -Dpipeline.force-timestamp-support=false -Dpipeline.auto-watermark-interval=0} on upstream's
 * distribution and on Wirespeed's, the two directories say whether Wirespeed's tagless records
 * computed what upstream computes.
 *
 * <p>Arguments: {@code --out <directory>} and, optionally, {@code --jobs <regular expression>} to
 * run only the jobs whose names match.
 */
public final class TaglessCorpus {

    /** The file that holds a failed job's root cause instead of its output. */
    public static final String FAILED = "FAILED";

    private TaglessCorpus() {}

    public static void main(String[] args) throws Exception {
        Path out = null;
        Pattern only = Pattern.compile(".*");
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--out":
                    out = Paths.get(args[i + 1]);
                    break;
                case "--jobs":
                    only = Pattern.compile(args[i + 1]);
                    break;
                default:
                    throw new IllegalArgumentException("Unknown argument " + args[i]);
            }
        }
        if (out == null) {
            throw new IllegalArgumentException("Usage: TaglessCorpus --out <dir> [--jobs <regex>]");
        }
        for (CorpusJobs.Job job : CorpusJobs.all()) {
            if (only.matcher(job.name()).matches()) {
                run(job, out.resolve(job.name()));
            }
        }
    }

    private static void run(CorpusJobs.Job job, Path directory) throws IOException {
        Files.createDirectories(directory);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        try {
            job.define(env, directory.toString());
            env.execute(job.name());
        } catch (Exception e) {
            Throwable root = e;
            while (root.getCause() != null && root.getCause() != root) {
                root = root.getCause();
            }
            Files.writeString(
                    directory.resolve(FAILED),
                    root.getClass().getName() + ": " + root.getMessage());
        }
    }
}
