#!/usr/bin/env python3
"""Profiles the TaskManager of upstream Flink's distribution and of Wirespeed's while each runs the
same benchmark job, with the JDK's Flight Recorder, and prints a Markdown table of the methods
with the most self time (the top frame of the CPU samples), upstream beside Wirespeed.

For each distribution in turn: a one-TaskManager cluster (as compare_distributions.py starts it), a
warm-up run of the job, then a recording over one measured run, started and stopped with jcmd:
the JDK's "profile" settings with Java method samples every millisecond (10 ms in the JDK's own).
JFR samples threads running Java code only: CPU time in native code (RocksDB's, the JIT's, the
garbage collector's) is not in the table. The recordings stay in the output directory for `jfr print` or JDK
Mission Control.

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

import distributions

TOP_FRAME = re.compile(r"stackTrace = \[\s*\n\s*(\S+?)\(")


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
        distributions.run_job(cluster, examples, job, option, scale / 5)
        pid = str(cluster.taskmanager_pid())
        subprocess.run(["jcmd", pid, "JFR.start", "name=job", f"settings={jfc}"], check=True,
                       stdout=subprocess.DEVNULL)
        run = distributions.run_job(cluster, examples, job, option, scale)
        subprocess.run(["jcmd", pid, "JFR.stop", "name=job", f"filename={recording}"], check=True,
                       stdout=subprocess.DEVNULL)
        return run
    finally:
        cluster.stop()


def self_time(recording):
    """{method: share of the CPU samples whose top frame it is}"""
    printed = subprocess.run(["jfr", "print", "--events", "jdk.ExecutionSample", recording], check=True,
                             stdout=subprocess.PIPE, text=True).stdout
    methods = collections.Counter(TOP_FRAME.findall(printed))
    total = sum(methods.values())
    if total == 0:
        sys.exit(f"No CPU samples in {recording}")
    return {method: count / total for method, count in methods.items()}, total


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
    parser.add_argument("--out", default="profiles", help="where the recordings go")
    args = parser.parse_args()
    jobs = distributions.select_jobs(args.job)
    if len(jobs) != 1:
        sys.exit(f"{args.job!r} matches more than one job: " + ", ".join(job.label for job in jobs))
    if args.build:
        distributions.build()
    homes = distributions.trees()
    os.makedirs(args.out, exist_ok=True)
    jfc = settings(args.out)

    shares, samples = {}, {}
    for name, home in homes.items():
        recording = os.path.abspath(os.path.join(args.out, f"{name}.jfr"))
        run = record(home, f"{homes['wirespeed']}/examples", jobs[0], args.option, args.scale, recording, jfc)
        shares[name], samples[name] = self_time(recording)
        print(f"{name}: {run.records} records, {run.cpu_seconds:.1f} s TaskManager CPU, "
              f"{samples[name]} samples in {recording}", file=sys.stderr)

    print(f"Self time in the TaskManager, {jobs[0].label}, pipeline.force-timestamp-support "
          f"{args.option} (share of CPU samples: upstream {samples['upstream']}, "
          f"Wirespeed {samples['wirespeed']})\n")
    print("| method | upstream 1.20.5 | Wirespeed |")
    print("|---|---:|---:|")
    top = sorted(set(shares["upstream"]) | set(shares["wirespeed"]),
                 key=lambda m: -max(shares["upstream"].get(m, 0), shares["wirespeed"].get(m, 0)))
    for method in top[:args.top]:
        print(f"| `{short(method)}` | {100 * shares['upstream'].get(method, 0):.1f}% "
              f"| {100 * shares['wirespeed'].get(method, 0):.1f}% |")


if __name__ == "__main__":
    main()
