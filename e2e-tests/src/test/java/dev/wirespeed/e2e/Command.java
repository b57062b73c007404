/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** A command run to its end, within a time limit, with its output (stdout and stderr) kept. */
final class Command {

    private Command() {}

    /** What a finished command left: its exit code and output. */
    record Result(int exitCode, String output) {}

    /**
     * Runs a command.
     *
     * @throws IOException if it cannot start or does not end within the time limit (it is then
     *     killed)
     */
    static Result run(
            List<String> command, Path directory, Map<String, String> environment, Duration limit)
            throws IOException, InterruptedException {
        Path output = Files.createTempFile("command-", ".out");
        try {
            ProcessBuilder builder =
                    new ProcessBuilder(command)
                            .directory(directory.toFile())
                            .redirectErrorStream(true)
                            .redirectOutput(output.toFile());
            builder.environment().putAll(environment);
            Process process = builder.start();
            if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                throw new IOException(
                        String.join(" ", command)
                                + " did not end within "
                                + limit
                                + "; output:\n"
                                + Files.readString(output, StandardCharsets.UTF_8));
            }
            return new Result(
                    process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(output);
        }
    }
}
