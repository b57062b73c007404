#!/usr/bin/env python3
"""Runs the same job jars on upstream Flink's distribution and on Wirespeed's, side by side, and
prints a Markdown table of the TaskManager's CPU time per record, with the ratio of Wirespeed
against upstream and of upstream against itself (A/A), each with a bootstrap 90% interval.

Every round starts three one-TaskManager clusters, one at a time and in a random order: upstream's,
upstream's again (the A/A arm: the same tree, measured as if it were another), and Wirespeed's;
each on loopback and free ports with the distribution's own scripts and a private copy of its
conf/. In each cluster every job runs unmeasured with both settings at half its size (the JIT's
warm-up), then measured with pipeline.force-timestamp-support true and false, jobs and settings in
a random order (upstream
ignores the option). A run's cost is the TaskManager process's CPU time over the run (user and
system, every thread, from /proc) divided by the records the job counted; its throughput is that
count over the job's net runtime.

A ratio is the median CPU time per record of upstream over that of the other arm: above 1.0 the
other arm spends less CPU per record. Its interval resamples the rounds (the bootstrap, 2000
draws). Read a ratio against the A/A ratio of the same row: the A/A interval is what this machine
resolves in that series.

Usage: compare_distributions.py [--build] [--rounds N] [--scale F] [--jobs REGEX] [--seed N]
                                [--raw FILE]
"""
import argparse
import json
import random
import statistics
import sys

import distributions

OPTIONS = ("true", "false")
ARMS = ("upstream", "upstream A/A", "wirespeed")
BOOTSTRAP_DRAWS = 2000


def ratio_of_medians(baseline, other):
    return statistics.median(baseline) / statistics.median(other)


def bootstrap_interval(baseline, other, rng):
    """The 5th and 95th percentiles of the ratio of medians over rounds drawn with replacement."""
    rounds = range(len(baseline))
    ratios = []
    for _ in range(BOOTSTRAP_DRAWS):
        drawn = [rng.choice(rounds) for _ in rounds]
        ratios.append(ratio_of_medians([baseline[i] for i in drawn], [other[i] for i in drawn]))
    ratios.sort()
    return ratios[int(0.05 * BOOTSTRAP_DRAWS)], ratios[int(0.95 * BOOTSTRAP_DRAWS) - 1]


def measure(homes, jobs, rounds, scale, rng):
    """{(job label, option): {arm: [JobRun, one per round]}}"""
    examples = f"{homes['wirespeed']}/examples"
    runs = {}
    for round_number in range(1, rounds + 1):
        arms = list(ARMS)
        rng.shuffle(arms)
        for arm in arms:
            cluster = distributions.Cluster(homes["wirespeed" if arm == "wirespeed" else "upstream"])
            try:
                cluster.start()
                # The JIT's warm-up: a first measured run was up to 1.5x as costly as a second
                # after a warm-up of one fifth of a run with the option true only.
                for job in jobs:
                    for option in OPTIONS:
                        distributions.run_job(cluster, examples, job, option, scale / 2)
                cases = [(job, option) for job in jobs for option in OPTIONS]
                rng.shuffle(cases)
                for job, option in cases:
                    run = distributions.run_job(cluster, examples, job, option, scale)
                    runs.setdefault((job.label, option), {}).setdefault(arm, []).append(run)
                    print(f"round {round_number}, {arm}, {job.label}, option {option}: "
                          f"{cpu_per_million(run):,.0f} CPU ms per million records, "
                          f"{run.records * 1000 / run.millis:,.0f} records/s", file=sys.stderr)
            finally:
                cluster.stop()
    return runs


def cpu_per_million(run):
    return run.cpu_seconds * 1e9 / run.records


def report(jobs, runs, rng):
    print("| job | pipeline.force-timestamp-support | upstream 1.20.5 (CPU ms per million records) "
          "| Wirespeed | Wirespeed against upstream (90% interval) | A/A: upstream against itself "
          "(90% interval) | throughput, Wirespeed against upstream |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for job in jobs:
        for option in OPTIONS:
            arms = runs[(job.label, option)]
            cost = {arm: [cpu_per_million(run) for run in arms[arm]] for arm in ARMS}
            speed = {arm: [run.records / run.millis for run in arms[arm]] for arm in ARMS}
            fork = ratio_of_medians(cost["upstream"], cost["wirespeed"])
            fork_low, fork_high = bootstrap_interval(cost["upstream"], cost["wirespeed"], rng)
            same = ratio_of_medians(cost["upstream"], cost["upstream A/A"])
            same_low, same_high = bootstrap_interval(cost["upstream"], cost["upstream A/A"], rng)
            throughput = ratio_of_medians(speed["wirespeed"], speed["upstream"])
            print(f"| {job.label} | {option} | {statistics.median(cost['upstream']):,.0f} "
                  f"| {statistics.median(cost['wirespeed']):,.0f} "
                  f"| **{fork:.2f}x** ({fork_low:.2f}x-{fork_high:.2f}x) "
                  f"| {same:.2f}x ({same_low:.2f}x-{same_high:.2f}x) | {throughput:.2f}x |")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", action="store_true", help="build both distributions first")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies every job's record count")
    parser.add_argument("--jobs", default="", help="runs only the jobs whose label matches this regex")
    parser.add_argument("--seed", type=int, default=None, help="fixes the random orders and the bootstrap")
    parser.add_argument("--raw", help="also writes every run's count, runtime and CPU time to this JSON file")
    args = parser.parse_args()
    if args.rounds < 2:
        parser.error("--rounds must be at least 2")
    jobs = distributions.select_jobs(args.jobs)
    if args.build:
        distributions.build()
    rng = random.Random(args.seed)
    runs = measure(distributions.trees(), jobs, args.rounds, args.scale, rng)
    if args.raw:
        with open(args.raw, "w") as f:
            json.dump([{"job": label, "option": option, "arm": arm, **run._asdict()}
                       for (label, option), arms in runs.items() for arm, arm_runs in arms.items()
                       for run in arm_runs], f, indent=1)
    report(jobs, runs, rng)


if __name__ == "__main__":
    main()
