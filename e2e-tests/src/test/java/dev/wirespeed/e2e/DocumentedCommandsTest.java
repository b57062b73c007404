/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.e2e;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The shell commands of README.md and docs/ ({@code ```bash} blocks) name only what exists: the
 * Maven modules and profiles of {@code ./mvnw}, the scripts of {@code tools/} with the options they
 * take and the benchmarks they run, the distribution's {@code bin/} scripts and example jobs, and
 * the repository's files and build outputs. Versions in documented paths are the release's, which
 * the build under test carries with its {@code -SNAPSHOT} suffix. Commands that need a running
 * cluster, a container runtime or hours are checked this way rather than run; the end-to-end tests
 * run what they do. The table of example jobs lists exactly the jars the distribution ships, and
 * every version of Wirespeed the docs name is the build's release.
 */
class DocumentedCommandsTest {

    private static final Pattern BASH_BLOCK = Pattern.compile("```bash\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern PROFILE_ID =
            Pattern.compile("<profile>\\s*(?:<!--.*?-->\\s*)?<id>([^<]+)</id>", Pattern.DOTALL);
    private static final Pattern BENCHMARK = Pattern.compile("\\b([A-Z]\\w*Benchmark)\\b");
    private static final Pattern FORK_VERSION =
            Pattern.compile("\\d+\\.\\d+\\.\\d+-wirespeed-[0-9A-Za-z.]+");
    private static final Pattern EXAMPLE_ROW =
            Pattern.compile("^\\| `(examples/[^`]+\\.jar)` \\|", Pattern.MULTILINE);

    private static Path repository;
    private static Path distribution;
    private static List<Command> commands;

    @BeforeAll
    static void readDocs() throws IOException {
        repository = Paths.get(System.getProperty("e2e.repository")).toAbsolutePath().normalize();
        distribution = DistributionCluster.distributionHome();
        commands = new ArrayList<>();
        for (Path doc : docs()) {
            Matcher block = BASH_BLOCK.matcher(Files.readString(doc));
            while (block.find()) {
                for (String line : block.group(1).replace("\\\n", " ").split("\n")) {
                    for (List<String> words : ShellWords.commands(line)) {
                        commands.add(new Command(repository.relativize(doc), words));
                    }
                }
            }
        }
        assertThat(commands).hasSizeGreaterThan(30);
    }

    @Test
    void mavenCommandsNameModulesAndProfilesOfTheBuild() throws IOException {
        Set<String> profiles = profiles();
        for (Command command : commandsOf("./mvnw")) {
            List<String> words = command.words();
            for (int i = 1; i < words.size(); i++) {
                String word = words.get(i);
                if (word.equals("-pl")) {
                    for (String module : words.get(i + 1).split(",")) {
                        assertThat(repository.resolve(module).resolve("pom.xml"))
                                .as("module of %s", command)
                                .isRegularFile();
                    }
                } else if (word.startsWith("-P")) {
                    String ids = word.length() > 2 ? word.substring(2) : words.get(i + 1);
                    assertThat(profiles).as("profiles of %s", command).contains(ids.split(","));
                }
            }
        }
    }

    @Test
    void toolsTakeTheOptionsAndRunTheBenchmarksTheDocsGiveThem() throws IOException {
        List<Command> tools = commandsOf("python3");
        assertThat(tools).isNotEmpty();
        for (Command command : tools) {
            Path script = repository.resolve(command.words().get(1));
            assertThat(script).as("script of %s", command).isRegularFile();
            String source = Files.readString(script);
            for (String word : command.words().subList(2, command.words().size())) {
                if (word.startsWith("--")) {
                    assertThat(source).as("option of %s", command).contains('"' + word + '"');
                }
                Matcher benchmark = BENCHMARK.matcher(word);
                while (benchmark.find()) {
                    assertThat(benchmarkSource(benchmark.group(1)))
                            .as("benchmark of %s", command)
                            .isRegularFile();
                }
            }
        }
    }

    @Test
    void distributionScriptsAndExamplesExist() {
        int checked = 0;
        for (Command command : commands) {
            for (String word : command.words()) {
                String path = word.startsWith("./bin/") ? word.substring(2) : word;
                if (path.startsWith("bin/") || path.startsWith("examples/")) {
                    assertThat(distribution.resolve(path))
                            .as("in the distribution, of %s", command)
                            .exists();
                    checked++;
                }
            }
        }
        assertThat(checked).isGreaterThan(5);
    }

    @Test
    void repositoryFilesAndDistributionOutputsExist() throws IOException {
        String release = DistributionCluster.expectedVersion().replace("-SNAPSHOT", "");
        for (Command command : commands) {
            String program = command.words().get(0);
            if (program.startsWith("./") && !program.startsWith("./bin/")) {
                assertThat(repository.resolve(program)).as("script of %s", command).isExecutable();
            }
            for (String word : command.words()) {
                if (!isRepositoryPath(word)) {
                    continue;
                }
                String path = word.replace(release, DistributionCluster.expectedVersion());
                assertThat(matches(path)).as("%s, of %s", path, command).isNotEmpty();
            }
        }
    }

    @Test
    void versionsInTheDocsAreTheBuildsRelease() throws IOException {
        String release = System.getProperty("e2e.projectVersion").replace("-SNAPSHOT", "");
        int checked = 0;
        for (Path doc : docs()) {
            Matcher version = FORK_VERSION.matcher(Files.readString(doc));
            while (version.find()) {
                assertThat(version.group()).as("a version in %s", doc).isEqualTo(release);
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(3);
    }

    @Test
    void examplesTableListsEveryShippedExample() throws IOException {
        String deployment = Files.readString(repository.resolve("docs/deployment.md"));
        String section = deployment.substring(deployment.indexOf("\n## Examples\n"));
        section = section.substring(0, section.indexOf("\n## ", 1));
        Set<String> listed = new TreeSet<>();
        Matcher row = EXAMPLE_ROW.matcher(section);
        while (row.find()) {
            listed.add(row.group(1));
        }
        Path examples = Paths.get(System.getProperty("e2e.examples"));
        Set<String> shipped = new TreeSet<>();
        try (Stream<Path> jars = Files.walk(examples)) {
            jars.filter(file -> file.toString().endsWith(".jar"))
                    .forEach(jar -> shipped.add("examples/" + examples.relativize(jar)));
        }
        assertThat(shipped).hasSizeGreaterThan(5);
        assertThat(listed).as("the examples table of docs/deployment.md").isEqualTo(shipped);
    }

    /**
     * A word that names a file of the repository, or a build output of the distribution: other
     * build outputs (the benchmarks' jars) are not built before these tests.
     */
    private static boolean isRepositoryPath(String word) {
        String path = word.startsWith("./") ? word.substring(2) : word;
        // an absolute path, such as a profile's output directory, is the reader's, not the
        // repository's
        if (path.contains("$")
                || !path.contains("/")
                || path.contains(":")
                || path.startsWith("/")) {
            return false;
        }
        String top = path.substring(0, path.indexOf('/'));
        boolean tracked =
                Files.isDirectory(repository.resolve(top))
                        && !top.equals("bin")
                        && !top.equals("examples")
                        && !top.equals("log");
        return tracked && (!path.contains("/target/") || path.startsWith("flink-dist/target/"));
    }

    private static List<Path> matches(String glob) throws IOException {
        int wildcard = glob.indexOf('*');
        if (wildcard < 0) {
            return Files.exists(repository.resolve(glob))
                    ? List.of(repository.resolve(glob))
                    : List.of();
        }
        Path parent = repository.resolve(glob.substring(0, glob.lastIndexOf('/', wildcard)));
        PathMatcher matcher =
                FileSystems.getDefault().getPathMatcher("glob:" + repository.resolve(glob));
        try (Stream<Path> files = Files.list(parent)) {
            return files.filter(matcher::matches).toList();
        }
    }

    /** README.md and the docs, without the changelog: its entries name earlier releases. */
    private static List<Path> docs() throws IOException {
        List<Path> docs = new ArrayList<>(List.of(repository.resolve("README.md")));
        try (Stream<Path> files = Files.list(repository.resolve("docs"))) {
            files.filter(file -> file.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        return docs;
    }

    private static Path benchmarkSource(String name) {
        return repository.resolve(
                "tools/benchmarks/src/main/java/dev/wirespeed/benchmarks/" + name + ".java");
    }

    private static Set<String> profiles() throws IOException {
        Set<String> profiles = new HashSet<>();
        try (Stream<Path> poms = Files.walk(repository, 3)) {
            for (Path pom :
                    poms.filter(file -> file.getFileName().toString().equals("pom.xml"))
                            .filter(file -> !file.toString().contains("/target/"))
                            .toList()) {
                Matcher id = PROFILE_ID.matcher(Files.readString(pom));
                while (id.find()) {
                    profiles.add(id.group(1));
                }
            }
        }
        return profiles;
    }

    private static List<Command> commandsOf(String program) {
        List<Command> of = commands.stream().filter(c -> c.words().get(0).equals(program)).toList();
        assertThat(of).as("documented %s commands", program).isNotEmpty();
        return of;
    }

    /** A command of a doc's shell block, as words. */
    private record Command(Path doc, List<String> words) {
        @Override
        public String toString() {
            return "'" + String.join(" ", words) + "' in " + doc;
        }
    }
}
