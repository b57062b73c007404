#!/usr/bin/env python3
"""Runs the same job jars on upstream Flink's distribution and on Wirespeed's, side by side, and
prints a Markdown table of median throughputs and their ratio per job and setting.

Both trees come from the build (run it first, or pass --build): upstream's, unchanged, from its
pinned PyPI packages in upstream-dist/target/flink-<version>, and Wirespeed's in
flink-dist/target/wirespeed-<version>. The jobs are Wirespeed's example jars, written against
upstream's API only, so both distributions run the very same jars.

Each round starts a one-TaskManager cluster from each distribution in turn (the order alternates
from round to round), on loopback and free ports with the distribution's own scripts and a private
copy of its conf/, runs every job with pipeline.force-timestamp-support true and false (upstream
ignores the option) after a warm-up run of each, and stops the cluster. A job's throughput is the count it processed divided
by its net runtime, as the job prints it. The table quotes medians over the rounds.

Usage: compare_distributions.py [--build] [--rounds N] [--scale F] [--jobs REGEX]
"""
import argparse
import glob
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
THROUGHPUT = re.compile(r"(\d+) records in (\d+) ms")

# (label, example jar, arguments, count at scale 1); the option is passed as "--force-timestamp-support"
# to the jobs that set it themselves, and as -D to the others.
JOBS = [
    ("Boolean 10-map chain (FLIP-330)", "wirespeed/TaglessPipeline.jar", ["--maps", "10"], "--records", 5_000_000, True),
    ("WordCount, chaining disabled (FLIP-330)", "wirespeed/TaglessWordCount.jar", [], "--lines", 1_000_000, True),
    ("String-heavy shuffle", "wirespeed/StringShuffle.jar", [], "--records", 1_000_000, False),
]


def trees():
    upstream = glob.glob(os.path.join(ROOT, "upstream-dist", "target", "flink-*"))
    fork = [d for d in glob.glob(os.path.join(ROOT, "flink-dist", "target", "wirespeed-*")) if os.path.isdir(d)]
    if len(upstream) != 1 or len(fork) != 1:
        sys.exit("Build the distributions first: compare_distributions.py --build")
    return {"upstream": upstream[0], "wirespeed": fork[0]}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Cluster:
    """A one-TaskManager cluster from a distribution tree, in a private work directory."""

    def __init__(self, home):
        self.home = home
        self.work = tempfile.mkdtemp(prefix="dist-bench-")
        conf = os.path.join(self.work, "conf")
        shutil.copytree(os.path.join(home, "conf"), conf)
        self.rest_port = free_port()
        self.env = dict(os.environ, FLINK_CONF_DIR=conf, FLINK_LOG_DIR=os.path.join(self.work, "log"),
                        FLINK_PID_DIR=os.path.join(self.work, "pid"))
        os.makedirs(self.env["FLINK_LOG_DIR"])
        # Upstream's config.yaml is nested YAML: the JobManager's RPC port is replaced where it
        # stands, and the REST port, commented out there, is added as a flat key.
        with open(os.path.join(conf, "config.yaml")) as f:
            text = f.read()
        if "    port: 6123\n" not in text:
            sys.exit(f"{home}/conf/config.yaml does not set the RPC port as upstream's does")
        text = text.replace("    port: 6123\n", f"    port: {free_port()}\n", 1)
        text += f"\nrest.port: {self.rest_port}\n"
        with open(os.path.join(conf, "config.yaml"), "w") as f:
            f.write(text)

    def bin(self, script, *args, check=True):
        result = subprocess.run([os.path.join(self.home, "bin", script), *args], env=self.env,
                                cwd=self.work, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if check and result.returncode != 0:
            sys.exit(f"{script} {' '.join(args)} failed:\n{result.stdout}")
        return result.stdout

    def start(self):
        self.bin("start-cluster.sh")
        deadline = time.time() + 120
        while time.time() < deadline:
            try:
                with urllib.request.urlopen(f"http://localhost:{self.rest_port}/overview", timeout=5) as r:
                    if b'"taskmanagers":1' in r.read():
                        return
            except OSError:
                pass
            time.sleep(0.5)
        sys.exit(f"The cluster of {self.home} did not start; logs in {self.work}/log")

    def stop(self):
        self.bin("stop-cluster.sh", check=False)
        shutil.rmtree(self.work, ignore_errors=True)


def run_job(cluster, examples, job, force, scale):
    label, jar, arguments, count_option, count, sets_option = job
    option = ["--force-timestamp-support", force] if sets_option else []
    dynamic = [] if sets_option else [f"-Dpipeline.force-timestamp-support={force}",
                                      "-Dpipeline.auto-watermark-interval=0"]
    output = cluster.bin("flink", "run", *dynamic, os.path.join(examples, jar), *arguments,
                         count_option, str(int(count * scale)), *option)
    match = THROUGHPUT.search(output)
    if not match:
        sys.exit(f"No throughput in the output of {label}:\n{output}")
    records, millis = int(match.group(1)), int(match.group(2))
    return records * 1000.0 / millis


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", action="store_true", help="build both distributions first")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies every job's record count")
    parser.add_argument("--jobs", default="", help="runs only the jobs whose label matches this regex")
    args = parser.parse_args()
    jobs = [job for job in JOBS if re.search(args.jobs, job[0])]
    if not jobs:
        sys.exit(f"No job matches {args.jobs!r}: " + ", ".join(job[0] for job in JOBS))
    if args.build:
        subprocess.run([os.path.join(ROOT, "mvnw"), "-B", "-q", "package", "-DskipTests", "-Djapicmp.skip",
                        "-Dspotless.check.skip", "-pl", "flink-dist", "-am"], cwd=ROOT, check=True)
    homes = trees()
    examples = os.path.join(homes["wirespeed"], "examples")

    results = {}
    for round_number in range(args.rounds):
        order = ["upstream", "wirespeed"] if round_number % 2 == 0 else ["wirespeed", "upstream"]
        for distribution in order:
            cluster = Cluster(homes[distribution])
            try:
                cluster.start()
                # A warm-up run of each job, not measured: the TaskManager's JIT compiles the
                # hot paths before the measured runs, whichever of them comes first.
                for job in jobs:
                    run_job(cluster, examples, job, "true", args.scale / 5)
                for job in jobs:
                    for force in ("true", "false"):
                        throughput = run_job(cluster, examples, job, force, args.scale)
                        results.setdefault((job[0], force), {}).setdefault(distribution, []).append(throughput)
                        print(f"round {round_number + 1}, {distribution}, {job[0]}, option {force}: "
                              f"{throughput:,.0f} records/s", file=sys.stderr)
            finally:
                cluster.stop()

    print("| job | pipeline.force-timestamp-support | upstream 1.20.5 (records/s) | Wirespeed (records/s) | ratio |")
    print("|---|---|---:|---:|---:|")
    for job in jobs:
        for force in ("true", "false"):
            by_distribution = results[(job[0], force)]
            upstream = statistics.median(by_distribution["upstream"])
            fork = statistics.median(by_distribution["wirespeed"])
            print(f"| {job[0]} | {force} | {upstream:,.0f} | {fork:,.0f} | {fork / upstream:.2f}x |")


if __name__ == "__main__":
    main()
