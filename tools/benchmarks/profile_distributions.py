#!/usr/bin/env python3
"""Profiles the TaskManager of upstream Flink's distribution and of Wirespeed's while each runs the
same benchmark job, and prints two Markdown tables, upstream beside Wirespeed: the CPU time per
record in each part of a record's path (record writer, record deserializer, input gate, keyed
state, the job's functions, the rest of the task), and the methods with the most self time (the top
frame of the CPU samples).

For each distribution in turn: a one-TaskManager cluster (as compare_distributions.py starts it), a
warm-up run of the job at half its size, then a profile of one measured run, started and stopped
with jcmd. Two profilers:

- jfr (the default): the JDK's Flight Recorder with its "profile" settings and Java method samples
  every millisecond (10 ms in the JDK's own). It samples threads running Java code only, and
  places a sample at the nearest debug information of the compiled code: a part's CPU per record
  is its share of the samples times the run's TaskManager CPU per record, which spreads the time
  of native code (RocksDB's, the JIT's, the garbage collector's) over the parts in proportion. The
  recordings stay in the output directory for `jfr print` or JDK Mission Control.
- async: async-profiler (its agent unpacked by the benchmarks' build into
  tools/benchmarks/target/async-profiler), loaded into the TaskManager with jcmd's JVMTI.agent_load,
  sampling the CPU time of every thread every millisecond (itimer), native frames (the JIT's
  stubs, the JVM's, the C library's) included, without the safepoint bias of the JDK's own
  sampler. The collapsed stacks stay in the output directory, each Java frame marked with the
  code it ran in: _[0] the interpreter, _[1] C1's code, _[j] C2's, _[i] inlined into its caller
  (grep -c '_\[0\]' counts the stacks that ran interpreted).

With --shared-job-classes each TaskManager loads the job's classes once, for the warm-up and the
profiled run alike (compare_distributions.py's option of that name): the profile then holds the
record path compiled for the warm-up, not its compilation for the job's new classes.

Usage: profile_distributions.py [--build] [--job REGEX] [--option true|false] [--scale F]
                                [--profiler jfr|async] [--shared-job-classes] [--top N] [--out DIR]
"""
import argparse
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile

import distributions


def settings(directory):
    """The JDK's profile.jfc with Java method samples every 1 ms, written to directory."""
    jdk = os.path.dirname(os.path.dirname(os.path.realpath(shutil.which("jcmd"))))
    with open(os.path.join(jdk, "lib", "jfr", "profile.jfc")) as f:
        text = f.read()
    text, count = re.subn(r'(control="method-sampling-java-interval">)[^<]*<', r"\g<1>1 ms<", text)
    if count != 1:
        sys.exit("The JDK's profile.jfc has no Java method sampling interval to set")
    path = os.path.join(directory, "samples-1ms.jfc")
    with open(path, "w") as f:
        f.write(text)
    return path


HERE = os.path.dirname(os.path.abspath(__file__))
ASYNC_PROFILER = os.path.join(HERE, "target", "async-profiler", "linux-x64", "libasyncProfiler.so")
# The type async-profiler's annotated output gives a Java frame: interpreted, C1, C2 or inlined.
FRAME_TYPE = re.compile(r"_\[[01jik]\]$")


class Jfr:
    """The JDK's Flight Recorder, Java samples every millisecond."""
    suffix = "jfr"

    def __init__(self, directory):
        self.jfc = settings(directory)

    def start(self, pid):
        subprocess.run(["jcmd", pid, "JFR.start", "name=job", f"settings={self.jfc}"], check=True,
                       stdout=subprocess.DEVNULL)

    def stop(self, pid, output):
        subprocess.run(["jcmd", pid, "JFR.stop", "name=job", f"filename={output}"], check=True,
                       stdout=subprocess.DEVNULL)

    @staticmethod
    def samples(output):
        """The recording's Java CPU samples: (stack from the top frame, weight 1) each."""
        printed = subprocess.run(["jfr", "print", "--stack-depth", "128", "--events", "jdk.ExecutionSample",
                                  output], check=True, stdout=subprocess.PIPE, text=True).stdout
        samples = []
        for event in printed.split("jdk.ExecutionSample")[1:]:
            frames = event.split("stackTrace = [", 1)[-1].split("]\n", 1)[0]
            samples.append(([line.strip().split("(", 1)[0] for line in frames.splitlines() if "(" in line], 1))
        return samples


class AsyncProfiler:
    """async-profiler's agent, CPU time of every thread sampled every millisecond."""
    suffix = "collapsed"

    def __init__(self, directory):
        if not os.path.exists(ASYNC_PROFILER):
            sys.exit(f"No {ASYNC_PROFILER}: build the benchmarks first (./mvnw -B package -DskipTests "
                     "-pl tools/benchmarks)")

    @staticmethod
    def command(pid, arguments):
        # jcmd hands the agent one argument only when it is quoted
        subprocess.run(["jcmd", pid, "JVMTI.agent_load", ASYNC_PROFILER, f'"{arguments}"'], check=True,
                       stdout=subprocess.DEVNULL)

    def start(self, pid):
        self.command(pid, "start,event=itimer,interval=1ms")

    def stop(self, pid, output):
        self.command(pid, f"stop,collapsed,dot,ann,file={output}")

    @staticmethod
    def samples(output):
        """The collapsed stacks: (stack from the top frame, number of samples) each, without the
        type that the files give each Java frame (a suffix: _[0] interpreted, _[1] C1's code, _[j]
        C2's, _[i] inlined into the frame below)."""
        samples = []
        with open(output) as f:
            for line in f:
                stack, _, count = line.rstrip("\n").rpartition(" ")
                if stack:
                    frames = [FRAME_TYPE.sub("", frame) for frame in stack.split(";")]
                    samples.append((list(reversed(frames)), int(count)))
        return samples


PROFILERS = {"jfr": Jfr, "async": AsyncProfiler}


def record(home, examples, job, option, scale, output, profiler, shared_job_classes):
    job_classes = os.path.join(examples, job.jar) if shared_job_classes else None
    cluster = distributions.Cluster(home, job_classes=job_classes)
    try:
        cluster.start()
        distributions.run_job(cluster, examples, job, option, scale / 2)
        pid = str(cluster.taskmanager_pid())
        profiler.start(pid)
        run = distributions.run_job(cluster, examples, job, option, scale)
        profiler.stop(pid, output)
        return run
    finally:
        cluster.stop()


# Where a sample's time goes: the first of these parts whose code is on its stack. They do not nest
# (a record is deserialized before the operators see it), except that the job's functions call the
# record writer (a flatMap's collector), which then counts as the record writer.
PHASES = [
    ("record writer: serialize the record, copy it into the network buffer",
     ("org.apache.flink.runtime.io.network.api.writer.RecordWriter.",)),
    ("record deserializer: read the record from the network buffer",
     ("org.apache.flink.runtime.io.network.api.serialization.SpillingAdaptiveSpanningRecordDeserializer.",)),
    ("input gate: take the next buffer", ("org.apache.flink.streaming.runtime.io.checkpointing.CheckpointedInputGate.",
                                          "org.apache.flink.runtime.io.network.partition.consumer.")),
    ("keyed state", ("org.apache.flink.runtime.state.", "org.apache.flink.contrib.streaming.state.",
                     "org.rocksdb.")),
    ("the job's own functions", ("dev.wirespeed.examples.",)),
    ("rest of the task: operators, outputs, mailbox", ("org.apache.flink.",)),
]
OUTSIDE_TASKS = "outside Flink's code (network threads, metrics, logging)"


def self_time(samples):
    """{method: share of the samples whose top frame it is}"""
    methods = collections.Counter()
    for stack, weight in samples:
        if stack:
            methods[stack[0]] += weight
    total = sum(weight for _, weight in samples)
    return {method: count / total for method, count in methods.items()}


def phase_of(stack):
    for phase, prefixes in PHASES:
        if any(frame.startswith(prefixes) for frame in stack):
            return phase
    return OUTSIDE_TASKS


def phases(samples):
    """{phase: share of the samples}"""
    counted = collections.Counter()
    for stack, weight in samples:
        counted[phase_of(stack)] += weight
    total = sum(weight for _, weight in samples)
    return {phase: count / total for phase, count in counted.items()}


def short(method):
    """org.apache.flink.runtime.io.network.Foo.bar -> o.a.f.runtime.io.network.Foo.bar"""
    return method.replace("org.apache.flink.", "o.a.f.")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", action="store_true", help="build both distributions first")
    parser.add_argument("--job", default="Boolean", help="the job whose label matches this regex")
    parser.add_argument("--option", default="true", choices=("true", "false"),
                        help="pipeline.force-timestamp-support for the job")
    parser.add_argument("--scale", type=float, default=4.0, help="multiplies the job's record count")
    parser.add_argument("--profiler", default="jfr", choices=sorted(PROFILERS),
                        help="the JDK's Flight Recorder, or async-profiler")
    parser.add_argument("--shared-job-classes", action="store_true",
                        help="each TaskManager loads the job's classes once, for the warm-up and the profiled run")
    parser.add_argument("--top", type=int, default=15, help="methods in the table")
    parser.add_argument("--out", default=os.path.join(tempfile.gettempdir(), "wirespeed-profiles"),
                        help="where the recordings go (outside the repository by default)")
    args = parser.parse_args()
    jobs = distributions.select_jobs(args.job)
    if len(jobs) != 1:
        sys.exit(f"{args.job!r} matches more than one job: " + ", ".join(job.label for job in jobs))
    if args.build:
        distributions.build()
    homes = distributions.trees()
    os.makedirs(args.out, exist_ok=True)
    profiler = PROFILERS[args.profiler](args.out)

    stacks, runs = {}, {}
    for name, home in homes.items():
        output = os.path.abspath(os.path.join(args.out, f"{name}.{profiler.suffix}"))
        runs[name] = record(home, f"{homes['wirespeed']}/examples", jobs[0], args.option, args.scale, output,
                            profiler, args.shared_job_classes)
        stacks[name] = profiler.samples(output)
        if not stacks[name]:
            sys.exit(f"No CPU samples in {output}")
        print(f"{name}: {runs[name].records} records, {runs[name].cpu_seconds:.1f} s TaskManager CPU, "
              f"{sum(w for _, w in stacks[name])} samples in {output}", file=sys.stderr)

    cpu_ns = {name: run.cpu_seconds * 1e9 / run.records for name, run in runs.items()}
    print(f"{jobs[0].label}, pipeline.force-timestamp-support {args.option}: TaskManager CPU per record "
          f"upstream {cpu_ns['upstream']:,.0f} ns, Wirespeed {cpu_ns['wirespeed']:,.0f} ns (one run each, "
          f"profiled, {args.profiler}); CPU samples upstream {sum(w for _, w in stacks['upstream'])}, "
          f"Wirespeed {sum(w for _, w in stacks['wirespeed'])}\n")
    print("Where the samples fall (the first of these parts on each sample's stack), as a share of the "
          "samples and as CPU ns per record (the share of the run's TaskManager CPU):\n")
    print("| part of the record's path | upstream 1.20.5 | Wirespeed |")
    print("|---|---:|---:|")
    by_phase = {name: phases(stacks[name]) for name in stacks}
    for phase in [phase for phase, _ in PHASES] + [OUTSIDE_TASKS]:
        cells = [f"{100 * by_phase[name].get(phase, 0):.1f}% ({by_phase[name].get(phase, 0) * cpu_ns[name]:,.0f} ns)"
                 for name in ("upstream", "wirespeed")]
        print(f"| {phase} | {cells[0]} | {cells[1]} |")

    print("\nSelf time (the sample's top frame), the methods with the largest share:\n")
    print("| method | upstream 1.20.5 | Wirespeed |")
    print("|---|---:|---:|")
    shares = {name: self_time(stacks[name]) for name in stacks}
    top = sorted(set(shares["upstream"]) | set(shares["wirespeed"]),
                 key=lambda m: -max(shares["upstream"].get(m, 0), shares["wirespeed"].get(m, 0)))
    for method in top[:args.top]:
        print(f"| `{short(method)}` | {100 * shares['upstream'].get(method, 0):.1f}% "
              f"| {100 * shares['wirespeed'].get(method, 0):.1f}% |")


if __name__ == "__main__":
    main()
