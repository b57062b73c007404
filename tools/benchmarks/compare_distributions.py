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

Part of that CPU time is the JIT's: every job loads its classes anew, so the code compiled for the
last job's record path, which inlined that job's classes, is invalidated and the record path is
compiled again in each measured run, a cost per job that a job running for hours pays once. The
table gives the compiler threads' share (from their /proc/<pid>/task entries) and the ratios
without it: the work of the tasks and the rest of the process, which still includes the slower
code that runs until the compiled code is in place.

A ratio is the median CPU time per record of upstream over that of the other arm: above 1.0 the
other arm spends less CPU per record. Its interval resamples the rounds (the bootstrap, 2000
draws). Read a ratio against the A/A ratio of the same row: the A/A interval is what this machine
resolves in that series. Both of upstream's arms measure the same tree, so Wirespeed against the
two of them together is a ratio over twice upstream's runs, whose median a single slow or fast
run of upstream moves less: the column to read where the A/A lies far from 1.0.

With --options true (or false), every cluster runs its jobs with that setting only, warm-up
included: a TaskManager that never ran the other setting's code, as one serving only jobs of the
default setting is, whose JIT then compiled the record path for one record format alone.

With --candidate DIR, every round starts a fourth cluster from DIR: another Wirespeed tree, such
as a build of a change under review copied aside (cp -a flink-dist/target/wirespeed-*-SNAPSHOT
DIR) before the build of main. The table then also gives the candidate against upstream and
against Wirespeed, the whole-job evidence for or against the change, beside the A/A of the same
series.

With --shared-job-classes, every TaskManager loads the jobs' classes once, from its class path, for
all the jobs it runs: the record path that the JIT compiled in the warm-up can serve the measured
runs, as the compiled code of a job that runs for hours serves it. Each run then measures the cost
per record with less of the JIT's work of a job's first seconds (the JIT still compiles some code
in every job).

With --pool FILE..., no job runs: the table is that of the runs in the given files, written by
--raw in earlier series, taken together as one series of all their rounds. Pool series of the same
jobs, arms, scale and settings only (the files do not record them); a series of a few rounds on a
noisy host resolves little alone, and several of them together narrow the intervals.

Usage: compare_distributions.py [--build] [--rounds N] [--scale F] [--jobs REGEX] [--seed N]
                                [--options true,false] [--raw FILE] [--candidate DIR]
                                [--shared-job-classes]
       compare_distributions.py --pool FILE... [--seed N]
"""
import argparse
import json
import os
import random
import statistics
import sys

import distributions

OPTIONS = ("true", "false")
ARMS = ("upstream", "upstream A/A", "wirespeed")
CANDIDATE = "candidate"
BOOTSTRAP_DRAWS = 2000


def ratio_of_medians(baseline, other):
    return statistics.median(baseline) / statistics.median(other)


def bootstrap_interval(baselines, other, rng):
    """The 5th and 95th percentiles of the ratio of medians over rounds drawn with replacement;
    the baseline of a drawn round is its run of each of the baseline arms."""
    rounds = range(len(other))
    ratios = []
    for _ in range(BOOTSTRAP_DRAWS):
        drawn = [rng.choice(rounds) for _ in rounds]
        ratios.append(ratio_of_medians([baseline[i] for baseline in baselines for i in drawn],
                                       [other[i] for i in drawn]))
    ratios.sort()
    return ratios[int(0.05 * BOOTSTRAP_DRAWS)], ratios[int(0.95 * BOOTSTRAP_DRAWS) - 1]


def tree_of(arm, homes):
    return homes["upstream"] if arm == "upstream A/A" else homes[arm]


def measure(homes, arms, jobs, options, rounds, scale, rng, shared_job_classes=False):
    """{(job label, option): {arm: [JobRun, one per round]}}"""
    examples = f"{homes['wirespeed']}/examples"
    job_classes = os.path.join(examples, jobs[0].jar) if shared_job_classes else None
    runs = {}
    for round_number in range(1, rounds + 1):
        order = list(arms)
        rng.shuffle(order)
        for arm in order:
            cluster = distributions.Cluster(tree_of(arm, homes), job_classes=job_classes)
            try:
                cluster.start()
                # The JIT's warm-up: a first measured run was up to 1.5x as costly as a second
                # after a warm-up of one fifth of a run with the option true only.
                for job in jobs:
                    for option in options:
                        distributions.run_job(cluster, examples, job, option, scale / 2)
                cases = [(job, option) for job in jobs for option in options]
                rng.shuffle(cases)
                for job, option in cases:
                    run = distributions.run_job(cluster, examples, job, option, scale)
                    runs.setdefault((job.label, option), {}).setdefault(arm, []).append(run)
                    print(f"round {round_number}, {arm}, {job.label}, option {option}: "
                          f"{cpu_per_million(run):,.0f} CPU ms per million records "
                          f"({run.jit_cpu_seconds / run.cpu_seconds:.0%} of it the JIT's), "
                          f"{run.records * 1000 / run.millis:,.0f} records/s", file=sys.stderr)
            finally:
                cluster.stop()
    return runs


def pooled(files):
    """The jobs, arms, settings and runs ({(job label, option): {arm: [JobRun]}}) of --raw files,
    together."""
    runs = {}
    for path in files:
        with open(path) as f:
            for entry in json.load(f):
                run = distributions.JobRun(*(entry[field] for field in distributions.JobRun._fields))
                runs.setdefault((entry["job"], entry["option"]), {}).setdefault(entry["arm"], []).append(run)
    jobs = [job for job in distributions.JOBS if any(label == job.label for label, _ in runs)]
    options = tuple(option for option in OPTIONS if any(o == option for _, o in runs))
    arms = ARMS + ((CANDIDATE,) if any(CANDIDATE in by_arm for by_arm in runs.values()) else ())
    for job in jobs:
        for option in options:
            counts = {arm: len(runs.get((job.label, option), {}).get(arm, [])) for arm in arms}
            if len(set(counts.values())) != 1 or 0 in counts.values():
                sys.exit(f"The files hold unequal runs of {job.label}, option {option}: {counts}; pool "
                         "series of the same jobs, settings and arms")
    return jobs, arms, options, runs


def cpu_per_million(run):
    return run.cpu_seconds * 1e9 / run.records


def cpu_per_million_without_jit(run):
    return (run.cpu_seconds - run.jit_cpu_seconds) * 1e9 / run.records


def jit_share(runs):
    return statistics.median(run.jit_cpu_seconds / run.cpu_seconds for run in runs)


def ratio_cell(cost, baseline, other, rng, bold=False):
    """The ratio of the medians of two arms, with its bootstrap interval. The baseline is one arm,
    or a tuple of arms whose runs are taken together."""
    baselines = [cost[arm] for arm in (baseline if isinstance(baseline, tuple) else (baseline,))]
    low, high = bootstrap_interval(baselines, cost[other], rng)
    ratio = f"{ratio_of_medians([c for runs in baselines for c in runs], cost[other]):.2f}x"
    return f"{f'**{ratio}**' if bold else ratio} ({low:.2f}x-{high:.2f}x)"


def report(jobs, arms, options, runs, rng, both_arms_rng):
    """Prints the table. The ratios against both of upstream's arms draw their bootstrap from
    both_arms_rng, so that every other interval is the one that rng alone gives."""
    candidate = CANDIDATE in arms
    print("| job | pipeline.force-timestamp-support | upstream 1.20.5 (CPU ms per million records) "
          "| Wirespeed | Wirespeed against upstream (90% interval) | A/A: upstream against itself "
          "(90% interval) | Wirespeed against both of upstream's arms (90% interval) "
          "| throughput, Wirespeed against upstream | the JIT's share, upstream / "
          "Wirespeed | without the JIT: Wirespeed against upstream; A/A |"
          + (" candidate | candidate against upstream | candidate against Wirespeed |" if candidate else ""))
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|" + ("---:|---:|---:|" if candidate else ""))
    for job in jobs:
        for option in options:
            arm_runs = runs[(job.label, option)]
            cost = {arm: [cpu_per_million(run) for run in arm_runs[arm]] for arm in arms}
            speed = {arm: [run.records / run.millis for run in arm_runs[arm]] for arm in arms}
            without_jit = {arm: [cpu_per_million_without_jit(run) for run in arm_runs[arm]] for arm in arms}
            throughput = ratio_of_medians(speed["wirespeed"], speed["upstream"])
            row = (f"| {job.label} | {option} | {statistics.median(cost['upstream']):,.0f} "
                   f"| {statistics.median(cost['wirespeed']):,.0f} "
                   f"| {ratio_cell(cost, 'upstream', 'wirespeed', rng, bold=True)} "
                   f"| {ratio_cell(cost, 'upstream', 'upstream A/A', rng)} "
                   f"| {ratio_cell(cost, ('upstream', 'upstream A/A'), 'wirespeed', both_arms_rng)} "
                   f"| {throughput:.2f}x "
                   f"| {jit_share(arm_runs['upstream']):.0%} / {jit_share(arm_runs['wirespeed']):.0%} "
                   f"| {ratio_cell(without_jit, 'upstream', 'wirespeed', rng)}; "
                   f"{ratio_cell(without_jit, 'upstream', 'upstream A/A', rng)} |")
            if candidate:
                row += (f" {statistics.median(cost[CANDIDATE]):,.0f} "
                        f"| {ratio_cell(cost, 'upstream', CANDIDATE, rng)} "
                        f"| {ratio_cell(cost, 'wirespeed', CANDIDATE, rng)} |")
            print(row)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", action="store_true", help="build both distributions first")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies every job's record count")
    parser.add_argument("--jobs", default="", help="runs only the jobs whose label matches this regex")
    parser.add_argument("--seed", type=int, default=None, help="fixes the random orders and the bootstrap")
    parser.add_argument("--options", default=",".join(OPTIONS),
                        help="the settings of pipeline.force-timestamp-support to run, comma-separated")
    parser.add_argument("--raw", help="also writes every run's count, runtime and CPU time to this JSON file")
    parser.add_argument("--candidate", help="a fourth arm: another Wirespeed distribution tree")
    parser.add_argument("--shared-job-classes", action="store_true",
                        help="each TaskManager loads the jobs' classes once, for all its jobs")
    parser.add_argument("--pool", nargs="+", metavar="FILE",
                        help="runs nothing: the table of the runs in these --raw files together")
    args = parser.parse_args()
    if args.pool:
        given = [name for name in ("build", "rounds", "scale", "jobs", "options", "raw", "candidate",
                                   "shared_job_classes") if getattr(args, name) != parser.get_default(name)]
        if given:
            parser.error("--pool runs no job and takes --seed only, not --"
                         + ", --".join(name.replace("_", "-") for name in given))
        jobs, arms, options, runs = pooled(args.pool)
        report(jobs, arms, options, runs, random.Random(args.seed), random.Random(args.seed))
        return
    if args.rounds < 2:
        parser.error("--rounds must be at least 2")
    options = tuple(args.options.split(","))
    if any(option not in OPTIONS for option in options):
        parser.error(f"--options takes {' and '.join(OPTIONS)}, comma-separated, not {args.options!r}")
    jobs = distributions.select_jobs(args.jobs)
    if args.build:
        distributions.build()
    homes = distributions.trees()
    arms = ARMS
    if args.candidate:
        if not os.path.isfile(os.path.join(args.candidate, "bin", "start-cluster.sh")):
            parser.error(f"--candidate {args.candidate} is not a distribution tree (no bin/start-cluster.sh)")
        homes[CANDIDATE] = os.path.abspath(args.candidate)
        arms = ARMS + (CANDIDATE,)
    rng = random.Random(args.seed)
    runs = measure(homes, arms, jobs, options, args.rounds, args.scale, rng, args.shared_job_classes)
    if args.raw:
        with open(args.raw, "w") as f:
            json.dump([{"job": label, "option": option, "arm": arm, **run._asdict()}
                       for (label, option), by_arm in runs.items() for arm, arm_runs in by_arm.items()
                       for run in arm_runs], f, indent=1)
    report(jobs, arms, options, runs, rng, random.Random(args.seed))


if __name__ == "__main__":
    main()
