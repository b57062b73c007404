#!/usr/bin/env python3
"""Profiles the TaskManager of upstream Flink's distribution and of Wirespeed's while each runs the
same benchmark job, with the JDK's Flight Recorder, and prints two Markdown tables, upstream beside
Wirespeed: the CPU time per record in each part of a record's path (record writer, record
deserializer, input gate, keyed state, the job's functions, the rest of the task), and the methods
with the most self time (the top frame of the CPU samples).

For each distribution in turn: a one-TaskManager cluster (as compare_distributions.py starts it), a
warm-up run of the job at half its size, then a recording over one measured run, started and
stopped with jcmd: the JDK's "profile" settings with Java method samples every millisecond (10 ms in
the JDK's own). JFR samples threads running Java code only: a part's CPU per record is its share of
the samples times the run's TaskManager CPU per record, which spreads the time of native code
(RocksDB's, the JIT's, the garbage collector's) over the parts in proportion. The recordings stay in the output directory for
`jfr print` or JDK Mission Control.

Usage: profile_distributions.py [--build] [--job REGEX] [--option true|false] [--scale F]
                                [--top N] [--out DIR]
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


def record(home, examples, job, option, scale, recording, jfc):
    cluster = distributions.Cluster(home)
    try:
        cluster.start()
        distributions.run_job(cluster, examples, job, option, scale / 2)
        pid = str(cluster.taskmanager_pid())
        subprocess.run(["jcmd", pid, "JFR.start", "name=job", f"settings={jfc}"], check=True,
                       stdout=subprocess.DEVNULL)
        run = distributions.run_job(cluster, examples, job, option, scale)
        subprocess.run(["jcmd", pid, "JFR.stop", "name=job", f"filename={recording}"], check=True,
                       stdout=subprocess.DEVNULL)
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


def samples_of(recording):
    """The stacks of the recording's Java CPU samples, each a list of methods from the top frame."""
    printed = subprocess.run(["jfr", "print", "--stack-depth", "128", "--events", "jdk.ExecutionSample",
                              recording], check=True, stdout=subprocess.PIPE, text=True).stdout
    stacks = []
    for event in printed.split("jdk.ExecutionSample")[1:]:
        frames = event.split("stackTrace = [", 1)[-1].split("]\n", 1)[0]
        stacks.append([line.strip().split("(", 1)[0] for line in frames.splitlines() if "(" in line])
    if not stacks:
        sys.exit(f"No CPU samples in {recording}")
    return stacks


def self_time(stacks):
    """{method: share of the samples whose top frame it is}"""
    methods = collections.Counter(stack[0] for stack in stacks if stack)
    return {method: count / len(stacks) for method, count in methods.items()}


def phase_of(stack):
    for phase, prefixes in PHASES:
        if any(frame.startswith(prefixes) for frame in stack):
            return phase
    return OUTSIDE_TASKS


def phases(stacks):
    """{phase: share of the samples}"""
    counted = collections.Counter(phase_of(stack) for stack in stacks)
    return {phase: count / len(stacks) for phase, count in counted.items()}


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
    jfc = settings(args.out)

    stacks, runs = {}, {}
    for name, home in homes.items():
        recording = os.path.abspath(os.path.join(args.out, f"{name}.jfr"))
        runs[name] = record(home, f"{homes['wirespeed']}/examples", jobs[0], args.option, args.scale, recording,
                            jfc)
        stacks[name] = samples_of(recording)
        print(f"{name}: {runs[name].records} records, {runs[name].cpu_seconds:.1f} s TaskManager CPU, "
              f"{len(stacks[name])} samples in {recording}", file=sys.stderr)

    cpu_ns = {name: run.cpu_seconds * 1e9 / run.records for name, run in runs.items()}
    print(f"{jobs[0].label}, pipeline.force-timestamp-support {args.option}: TaskManager CPU per record "
          f"upstream {cpu_ns['upstream']:,.0f} ns, Wirespeed {cpu_ns['wirespeed']:,.0f} ns (one run each, "
          f"profiled); Java CPU samples upstream {len(stacks['upstream'])}, Wirespeed "
          f"{len(stacks['wirespeed'])}\n")
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
