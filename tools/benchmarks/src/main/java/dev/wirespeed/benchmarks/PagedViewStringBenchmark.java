/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.benchmarks;

import org.apache.flink.runtime.io.network.api.serialization.UpstreamRuntime;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.TimeUnit;

/**
 * Strings through the paged views of Flink's managed memory, as a batch job's sorts and spills
 * write, read and copy them ({@link PagedViewStrings}): the fork's flink-core against upstream
 * 1.20.5's, in the same run. Strings per µs.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class PagedViewStringBenchmark {

    @Param({"wirespeed", "upstream"})
    public String implementation;

    /**
     * The strings' lengths in chars, {@code <fewest>-<most>}: words, or sentences; of ASCII chars,
     * or with {@code latin1} Latin-1 letters past ASCII among them.
     */
    @Param({"2-12", "2-12 latin1", "40-80"})
    public String chars;

    private MethodHandle write;
    private MethodHandle read;
    private MethodHandle copy;

    @Setup
    public void setUp() throws Throwable {
        Class<?> type =
                implementation.equals("upstream")
                        ? UpstreamRuntime.copyOf(PagedViewStrings.class)
                        : PagedViewStrings.class;
        String[] lengthsAndChars = chars.split(" ");
        String[] range = lengthsAndChars[0].split("-");
        Object strings =
                type.getConstructor(int.class, int.class, boolean.class)
                        .newInstance(
                                Integer.parseInt(range[0]),
                                Integer.parseInt(range[1]),
                                lengthsAndChars.length > 1);
        MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        MethodType returnsInt = MethodType.methodType(int.class);
        write = lookup.findVirtual(type, "write", returnsInt).bindTo(strings);
        read = lookup.findVirtual(type, "read", returnsInt).bindTo(strings);
        copy = lookup.findVirtual(type, "copy", returnsInt).bindTo(strings);
        if (!(boolean) type.getMethod("readsWhatItWrote").invoke(strings)) {
            throw new IllegalStateException("The strings read are not those written");
        }
    }

    @Benchmark
    @OperationsPerInvocation(PagedViewStrings.STRINGS)
    public int write() throws Throwable {
        return (int) write.invokeExact();
    }

    @Benchmark
    @OperationsPerInvocation(PagedViewStrings.STRINGS)
    public int read() throws Throwable {
        return (int) read.invokeExact();
    }

    @Benchmark
    @OperationsPerInvocation(PagedViewStrings.STRINGS)
    public int copy() throws Throwable {
        return (int) copy.invokeExact();
    }
}
