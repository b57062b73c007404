#!/usr/bin/env python3
"""Restores the same savepoints of keyed state on the heap on upstream Flink's distribution and on
Wirespeed's, side by side, and prints a Markdown table of how long the restores took, with the
ratio of Wirespeed against upstream and of upstream against itself (A/A), each with a bootstrap
90% interval.

The savepoints are made once, by upstream: the KeyedPojoState example, with its state on the heap
(hashmap), runs on an upstream cluster until every product has its statistics in keyed state (and
an event-time timer); a savepoint in the native format is taken, the format of checkpoints, which
the recovery from a failure reads, and the job is stopped with a savepoint in the canonical format,
a savepoint's default. In every round, for each savepoint, three one-TaskManager clusters start, one
at a time and in a random order, upstream's, upstream's again and Wirespeed's, each of which submits
the job from the savepoint and is stopped once its TaskManager has restored the state. A restore's
time is the time between the TaskManager's log lines that open and close the restore of each state
handle ("Starting to restore from state handle", "Finished restoring from state handle"), summed
over its handles; the TaskManager's CPU time over the same span is beside it.

With --state-backend rocksdb, the restoring job keeps its state in RocksDB, into which it restores
the canonical savepoint only (the native one is the heap's own format).

Usage: compare_restores.py [--build] [--rounds N] [--products N] [--seed N] [--state-backend NAME]
"""
import argparse
import glob
import json
import os
import random
import re
import shutil
import statistics
import sys
import tempfile
import time
import urllib.request
from datetime import datetime

import distributions
from compare_distributions import ARMS, ratio_cell, tree_of

JOB = "wirespeed/KeyedPojoState.jar"
STATE_VERTEX = "statistics per product"
LOG_TIME = r"(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3})"
RESTORE_STARTS = re.compile(LOG_TIME + r" .*Starting to restore from state handle")
RESTORE_ENDS = re.compile(LOG_TIME + r" .*Finished restoring from state handle")
JOB_ID = re.compile(r"JobID ([0-9a-f]{32})")
SAVEPOINT_PATH = re.compile(r"Savepoint completed\. Path: (\S+)")

# The savepoints' formats, and how the table names them.
FORMATS = {"native": "native format, as checkpoints (recovery from a failure)",
           "canonical": "canonical format, a savepoint's default"}


def job_arguments(products, state_backend="hashmap"):
    # far more events than the savepoint needs: the job is stopped long before its input ends
    return ["--state-backend", state_backend, "--products", str(products), "--records", str(10 ** 12)]


def rest(cluster, path):
    with urllib.request.urlopen(f"http://localhost:{cluster.rest_port}{path}", timeout=10) as response:
        return json.load(response)


def records_read(cluster, job_id, vertex_name):
    """The records the job's vertex of that name has read so far, as the REST API reports them."""
    for vertex in rest(cluster, f"/jobs/{job_id}")["vertices"]:
        if vertex["name"].startswith(vertex_name):
            return vertex["metrics"]["read-records"]
    sys.exit(f"The job {job_id} has no vertex {vertex_name!r}")


def make_savepoints(home, examples, products, directory):
    """Runs the job on the tree at home until every product is in its state; {format: the path of
    a savepoint in that format}. The state goes to files (the file system checkpoint storage), as
    a savepoint of more than a few MB must."""
    cluster = distributions.Cluster(home, extra_config=f"state.checkpoint-storage: filesystem\n"
                                                       f"state.checkpoints.dir: file://{directory}/checkpoints\n")
    try:
        cluster.start()
        output = cluster.bin("flink", "run", "-d", os.path.join(examples, JOB), *job_arguments(products))
        job_id = JOB_ID.search(output).group(1)
        deadline = time.time() + 600
        while records_read(cluster, job_id, STATE_VERTEX) < 2 * products:
            if time.time() > deadline:
                sys.exit(f"The job did not reach {products} products in 10 minutes; logs in {cluster.work}/log")
            time.sleep(1)
        native = cluster.bin("flink", "savepoint", "--type", "native", job_id, f"file://{directory}")
        canonical = cluster.bin("flink", "stop", "--type", "canonical", "--savepointPath",
                                f"file://{directory}", job_id)
        paths = {}
        for savepoint_format, output in (("native", native), ("canonical", canonical)):
            match = SAVEPOINT_PATH.search(output)
            if not match:
                sys.exit(f"No {savepoint_format} savepoint in the output of flink:\n{output}")
            paths[savepoint_format] = match.group(1)
        return paths
    finally:
        cluster.stop()


def parse_time(text):
    return datetime.strptime(text, "%Y-%m-%d %H:%M:%S,%f").timestamp()


def restore_seconds(log_text):
    """The time between each start and end of a state handle's restore, summed; None before every
    started restore has ended."""
    starts = [parse_time(m.group(1)) for m in RESTORE_STARTS.finditer(log_text)]
    ends = [parse_time(m.group(1)) for m in RESTORE_ENDS.finditer(log_text)]
    if not starts or len(ends) < len(starts):
        return None
    return sum(end - start for start, end in zip(starts, ends))


def taskmanager_log(cluster):
    files = glob.glob(os.path.join(cluster.env["FLINK_LOG_DIR"], "*taskexecutor*.log"))
    if len(files) != 1:
        return ""
    with open(files[0]) as f:
        return f.read()


def restore(home, examples, products, state_backend, savepoint):
    """Submits the job from the savepoint on a new cluster of the tree at home; the restore's
    seconds and the TaskManager's CPU seconds from the submission until the restore ended."""
    cluster = distributions.Cluster(home)
    try:
        cluster.start()
        pid = cluster.taskmanager_pid()
        cpu_before = distributions.process_cpu_seconds(pid)
        output = cluster.bin("flink", "run", "-d", "-s", savepoint, os.path.join(examples, JOB),
                             *job_arguments(products, state_backend))
        job_id = JOB_ID.search(output).group(1)
        deadline = time.time() + 900
        while (seconds := restore_seconds(taskmanager_log(cluster))) is None:
            if time.time() > deadline:
                sys.exit(f"The restore did not end in 15 minutes; logs in {cluster.work}/log")
            time.sleep(0.2)
        cpu = distributions.process_cpu_seconds(pid) - cpu_before
        cluster.bin("flink", "cancel", job_id, check=False)
        return seconds, cpu
    finally:
        cluster.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", action="store_true", help="build both distributions first")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--products", type=int, default=200_000, help="the keys in the savepoint")
    parser.add_argument("--seed", type=int, help="fixes the order of the arms in each round")
    parser.add_argument("--state-backend", choices=("hashmap", "rocksdb"), default="hashmap",
                        help="the restoring job's state backend; RocksDB restores the canonical "
                             "savepoint only, the native one being the heap's own format")
    args = parser.parse_args()
    if args.build:
        distributions.build()
    homes = distributions.trees()
    examples = os.path.join(homes["wirespeed"], "examples")
    rng = random.Random(args.seed)
    directory = tempfile.mkdtemp(prefix="restore-bench-")
    try:
        savepoints = make_savepoints(homes["upstream"], examples, args.products, directory)
        sizes = {savepoint_format: sum(os.path.getsize(f) for f in glob.glob(os.path.join(path.removeprefix("file:"), "*")))
                 for savepoint_format, path in savepoints.items()}
        print(f"savepoints of {args.products:,} products by upstream: {savepoints}", file=sys.stderr)
        formats = list(FORMATS) if args.state_backend == "hashmap" else ["canonical"]
        seconds = {(savepoint_format, arm): [] for savepoint_format in formats for arm in ARMS}
        cpu = {(savepoint_format, arm): [] for savepoint_format in formats for arm in ARMS}
        for round_number in range(1, args.rounds + 1):
            cases = [(savepoint_format, arm) for savepoint_format in formats for arm in ARMS]
            rng.shuffle(cases)
            for case in cases:
                savepoint_format, arm = case
                restored, cpu_seconds = restore(tree_of(arm, homes), examples, args.products,
                                                args.state_backend, savepoints[savepoint_format])
                seconds[case].append(restored)
                cpu[case].append(cpu_seconds)
                print(f"round {round_number}, {savepoint_format} savepoint, {arm}: restored in "
                      f"{restored:.2f} s, TaskManager CPU {cpu_seconds:.2f} s", file=sys.stderr)
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    print(f"| savepoint of the heap state of {args.products:,} products, restored into "
          f"{args.state_backend} | upstream 1.20.5 (s) | Wirespeed (s) | Wirespeed against upstream "
          "(90% interval) | A/A: upstream against itself (90% interval) | TaskManager CPU until "
          "restored, upstream / Wirespeed (s) |")
    print("|---|---:|---:|---:|---:|---:|")
    for savepoint_format in formats:
        times = {arm: seconds[(savepoint_format, arm)] for arm in ARMS}
        cpus = {arm: cpu[(savepoint_format, arm)] for arm in ARMS}
        print(f"| {FORMATS[savepoint_format]}, {sizes[savepoint_format] / 1e6:.1f} MB "
              f"| {statistics.median(times['upstream']):.2f} | {statistics.median(times['wirespeed']):.3f} "
              f"| {ratio_cell(times, 'upstream', 'wirespeed', rng, bold=True)} "
              f"| {ratio_cell(times, 'upstream', 'upstream A/A', rng)} "
              f"| {statistics.median(cpus['upstream']):.2f} / {statistics.median(cpus['wirespeed']):.2f} |")


if __name__ == "__main__":
    main()
