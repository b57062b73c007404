"""Clusters started from upstream Flink's distribution and Wirespeed's, and the benchmark jobs that
run on both: what compare_distributions.py and profile_distributions.py share.

Both trees come from the build: upstream's, unchanged, from its pinned PyPI packages in
upstream-dist/target/flink-<version>, and Wirespeed's in flink-dist/target/wirespeed-<version>.
The jobs are Wirespeed's example jars, written against upstream's API only, so both distributions
run the very same jars.
"""
import glob
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import namedtuple

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
THROUGHPUT = re.compile(r"(\d+) records in (\d+) ms")
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")

# sets_option: the job takes the option as "--force-timestamp-support" and sets the auto watermark
# interval to 0 itself; the others get both with -D. settings: more -D options of the job's run.
Job = namedtuple("Job", "label jar arguments count_option count sets_option settings", defaults=((),))

JOBS = [
    Job("Boolean 10-map chain (FLIP-330)", "wirespeed/TaglessPipeline.jar", ["--maps", "10"], "--records",
        5_000_000, True),
    Job("WordCount, chaining disabled (FLIP-330)", "wirespeed/TaglessWordCount.jar", [], "--lines", 1_000_000,
        True),
    Job("String-heavy shuffle", "wirespeed/StringShuffle.jar", [], "--records", 1_000_000, False),
    Job("Batch mode: word count", "wirespeed/TaglessWordCount.jar", [], "--lines", 1_000_000, True,
        ["-Dexecution.runtime-mode=BATCH"]),
    Job("Batch mode: string-heavy records by category", "wirespeed/StringShuffle.jar", [], "--records", 1_000_000, False,
        ["-Dexecution.runtime-mode=BATCH"]),
    Job("Java record shuffle", "wirespeed/ProductRecordShuffle.jar", [], "--records", 1_000_000, False),
    Job("Embeddings keyed by topic (float arrays)", "wirespeed/EmbeddingShuffle.jar", [], "--records", 1_000_000, False),
    Job("Chained POJO pipeline", "wirespeed/ProductPipeline.jar", [], "--records", 1_000_000, False),
    Job("Chained POJO pipeline, object reuse", "wirespeed/ProductPipeline.jar", ["--object-reuse", "true"],
        "--records", 1_000_000, False),
    Job("Keyed POJO state on RocksDB", "wirespeed/KeyedPojoState.jar", [], "--records", 500_000, False),
    Job("Event-time windows on RocksDB", "wirespeed/ProductWindows.jar", [], "--records", 500_000, False),
    Job("Event-time windows on the heap", "wirespeed/ProductWindows.jar", ["--state-backend", "hashmap"],
        "--records", 1_000_000, False),
    Job("Streaming SQL aggregation", "table/SqlProductStream.jar", [], "--records", 1_000_000, False),
    Job("Keyed Kryo state on RocksDB", "wirespeed/KeyedPojoState.jar", ["--kryo", "true"], "--records", 250_000,
        False),
]

# cpu_seconds: the TaskManager's CPU time over the run, every thread; jit_cpu_seconds: the part of it
# that the JIT's compiler threads took.
JobRun = namedtuple("JobRun", "records millis cpu_seconds jit_cpu_seconds")

# The package of the jobs' classes, which every job jar holds all of.
JOB_PACKAGE = "dev.wirespeed.examples."

# The JIT's compiler threads, as the kernel names them (it cuts names to 15 characters).
COMPILER_THREAD = re.compile(r"C[12] CompilerThre")


def select_jobs(regex):
    jobs = [job for job in JOBS if re.search(regex, job.label)]
    if not jobs:
        sys.exit(f"No job matches {regex!r}: " + ", ".join(job.label for job in JOBS))
    return jobs


def build():
    subprocess.run([os.path.join(ROOT, "mvnw"), "-B", "-q", "package", "-DskipTests", "-Djapicmp.skip",
                    "-Dspotless.check.skip", "-pl", "flink-dist", "-am"], cwd=ROOT, check=True)


def trees():
    """The two distribution trees, by name: upstream and wirespeed."""
    upstream = glob.glob(os.path.join(ROOT, "upstream-dist", "target", "flink-*"))
    fork = [d for d in glob.glob(os.path.join(ROOT, "flink-dist", "target", "wirespeed-*")) if os.path.isdir(d)]
    if len(upstream) != 1 or len(fork) != 1:
        sys.exit("Build the distributions first (--build)")
    return {"upstream": upstream[0], "wirespeed": fork[0]}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu_ticks(stat):
    """The name and the user and system CPU ticks in a /proc stat line of a process or a thread."""
    # The name, in parentheses, may hold spaces and parentheses: the fields follow the last ")".
    name, fields = stat[stat.index("(") + 1:].rsplit(")", 1)
    fields = fields.split()
    return name, int(fields[11]) + int(fields[12])


def process_cpu_seconds(pid):
    """User and system CPU time of a process so far, all its threads, ended ones included."""
    with open(f"/proc/{pid}/stat") as f:
        return cpu_ticks(f.read())[1] / CLOCK_TICKS


def compiler_thread_ticks(pid):
    """{thread id: CPU ticks so far} of the JVM's JIT compiler threads alive now."""
    ticks = {}
    for stat in glob.glob(f"/proc/{pid}/task/*/stat"):
        try:
            with open(stat) as f:
                name, thread_ticks = cpu_ticks(f.read())
        except FileNotFoundError:  # the thread ended meanwhile
            continue
        if COMPILER_THREAD.fullmatch(name):
            ticks[os.path.basename(os.path.dirname(stat))] = thread_ticks
    return ticks


def compiler_cpu_seconds(before, after):
    """The compiler threads' CPU time between two readings. The JVM may stop a compiler thread
    beyond the first of each compiler when it idles (on 2 cores the JVM starts one of each): what
    such a thread spent after the first reading is then missing."""
    return sum(ticks - before.get(thread, 0) for thread, ticks in after.items()) / CLOCK_TICKS


class Cluster:
    """A one-TaskManager cluster from a distribution tree, in a private work directory.

    With job_classes, a jar of the jobs' classes, the cluster loads those classes from its own class
    path, once, rather than anew from each job's jar: a private lib/ of the tree's jars and that jar
    (FLINK_LIB_DIR, which the scripts take from the environment), and the jobs' package loaded
    parent-first. The code the JIT compiled for one job's record path can then serve the next job,
    as it serves a job that runs for hours once it is compiled.
    """

    def __init__(self, home, extra_config="", job_classes=None):
        self.home = home
        self.work = tempfile.mkdtemp(prefix="dist-bench-")
        conf = os.path.join(self.work, "conf")
        shutil.copytree(os.path.join(home, "conf"), conf)
        self.rest_port = free_port()
        self.env = dict(os.environ, FLINK_CONF_DIR=conf, FLINK_LOG_DIR=os.path.join(self.work, "log"),
                        FLINK_PID_DIR=os.path.join(self.work, "pid"))
        os.makedirs(self.env["FLINK_LOG_DIR"])
        if job_classes:
            self.env["FLINK_LIB_DIR"] = self.private_lib(job_classes)
            extra_config += f"\nclassloader.parent-first-patterns.additional: {JOB_PACKAGE}\n"
        # Upstream's config.yaml is nested YAML: the JobManager's RPC port is replaced where it
        # stands, and the REST port, commented out there, is added as a flat key.
        with open(os.path.join(conf, "config.yaml")) as f:
            text = f.read()
        if "    port: 6123\n" not in text:
            sys.exit(f"{home}/conf/config.yaml does not set the RPC port as upstream's does")
        text = text.replace("    port: 6123\n", f"    port: {free_port()}\n", 1)
        text += f"\nrest.port: {self.rest_port}\n{extra_config}"
        with open(os.path.join(conf, "config.yaml"), "w") as f:
            f.write(text)

    def private_lib(self, job_classes):
        """A lib/ of links to the tree's jars and to the jar of the jobs' classes."""
        lib = os.path.join(self.work, "lib")
        os.makedirs(lib)
        for jar in [*glob.glob(os.path.join(self.home, "lib", "*")), job_classes]:
            os.symlink(os.path.abspath(jar), os.path.join(lib, os.path.basename(jar)))
        return lib

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

    def taskmanager_pid(self):
        """The TaskManager's JVM, as the distribution's daemon script recorded it."""
        files = glob.glob(os.path.join(self.env["FLINK_PID_DIR"], "*-taskexecutor.pid"))
        if len(files) != 1:
            sys.exit(f"No single TaskManager pid file in {self.env['FLINK_PID_DIR']}")
        with open(files[0]) as f:
            return int(f.read().split()[0])

    def stop(self):
        self.bin("stop-cluster.sh", check=False)
        shutil.rmtree(self.work, ignore_errors=True)


def run_job(cluster, examples, job, force, scale):
    """Runs a job to its end; its count, net runtime and the TaskManager's CPU time meanwhile."""
    option = ["--force-timestamp-support", force] if job.sets_option else []
    dynamic = [] if job.sets_option else [f"-Dpipeline.force-timestamp-support={force}",
                                          "-Dpipeline.auto-watermark-interval=0"]
    pid = cluster.taskmanager_pid()
    cpu_before = process_cpu_seconds(pid)
    compilers_before = compiler_thread_ticks(pid)
    output = cluster.bin("flink", "run", *dynamic, *job.settings, os.path.join(examples, job.jar), *job.arguments,
                         job.count_option, str(max(1, int(job.count * scale))), *option)
    cpu_after = process_cpu_seconds(pid)
    jit_cpu = compiler_cpu_seconds(compilers_before, compiler_thread_ticks(pid))
    match = THROUGHPUT.search(output)
    if not match:
        sys.exit(f"No throughput in the output of {job.label}:\n{output}")
    return JobRun(int(match.group(1)), int(match.group(2)), cpu_after - cpu_before, jit_cpu)
