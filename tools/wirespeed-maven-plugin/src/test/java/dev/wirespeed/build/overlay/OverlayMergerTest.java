/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build.overlay;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.ToolProvider;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Tests every operation and every failure of {@link OverlayMerger} on small sources. */
class OverlayMergerTest {

    private static final String OVERLAY = "src/main/overlay/p/Greeter.java";

    /** A small upstream class; its odd spacing checks that untouched text stays as it was. */
    private static final String UPSTREAM =
            String.join(
                    "\n",
                    "package p;",
                    "",
                    "import java.util.List;",
                    "",
                    "/** Upstream's greeter. */",
                    "public class Greeter extends Base {",
                    "    // upstream's comment stays",
                    "    private   int count;",
                    "",
                    "    public Greeter() {}",
                    "",
                    "    @Override",
                    "    public String greet(String name) {",
                    "        count++;",
                    "        return \"hello \" + name;",
                    "    }",
                    "",
                    "    public int size(List<String> names) {",
                    "        return names.size();",
                    "    }",
                    "",
                    "    public int size(String... names) {",
                    "        return names.length;",
                    "    }",
                    "",
                    "    static int twice(int x) {",
                    "        return 2 * x;",
                    "    }",
                    "",
                    "    static class Inner {",
                    "        String name() {",
                    "            return \"inner\";",
                    "        }",
                    "    }",
                    "}",
                    "",
                    "abstract class Base {",
                    "    public abstract String greet(String name);",
                    "}",
                    "");

    private final OverlayMerger merger = new OverlayMerger();

    private static String overlay(String... members) {
        return "package p;\n\nimport java.util.Map;\n\nclass Greeter {\n"
                + String.join("\n", members)
                + "\n}\n";
    }

    private String merge(String... members) throws OverlayException {
        return merger.merge(UPSTREAM, overlay(members), OVERLAY);
    }

    @Test
    void untouchedUpstreamTextIsKeptVerbatim() throws Exception {
        String merged = merge("int added() { return 1; }");

        assertThat(merged)
                .startsWith("package p;\n")
                .contains("    // upstream's comment stays\n    private   int count;\n")
                .contains("/** Upstream's greeter. */\npublic class Greeter extends Base {");
        assertThat(UnifiedDiff.between(UPSTREAM, merged, "p/Greeter.java"))
                .doesNotContain("-    private   int count;");
    }

    @Test
    void splicesTheOverlaysTextReindentedAndKeepsJavadoc() throws Exception {
        String upstream =
                String.join(
                        "\n",
                        "package p;",
                        "",
                        "class Greeter {",
                        "    /** Greets. */",
                        "    @Override",
                        "    public String greet(String name) {",
                        "        return name;",
                        "    }",
                        "",
                        "    /** Upstream's size. */",
                        "    int size() {",
                        "        return 1;",
                        "    }",
                        "}",
                        "");
        String overlay =
                String.join(
                        "\n",
                        "package p;",
                        "",
                        "import java.util.Locale;",
                        "",
                        "class Greeter {",
                        "  @Overlay.Wrap",
                        "  @Override",
                        "  public String greet(String name) {",
                        "      // louder",
                        "      return greet$upstream(name).toUpperCase(Locale.ROOT);",
                        "  }",
                        "",
                        "  @Overlay.Replace",
                        "  int size() {",
                        "      return 2;",
                        "  }",
                        "",
                        "  /** Added. */",
                        "  int added() {",
                        "      return 3;",
                        "  }",
                        "}",
                        "");

        String merged = merger.merge(upstream, overlay, OVERLAY);

        assertThat(merged)
                .isEqualTo(
                        String.join(
                                "\n",
                                "package p;",
                                "",
                                "import java.util.Locale;",
                                "",
                                "class Greeter {",
                                "    /** Greets. */",
                                "    @Override",
                                "    public String greet(String name) {",
                                "        // louder",
                                "        return greet$upstream(name).toUpperCase(Locale.ROOT);",
                                "    }",
                                "",
                                "    private String greet$upstream(String name) {",
                                "        return name;",
                                "    }",
                                "",
                                "    /** Upstream's size. */",
                                "    int size() {",
                                "        return 2;",
                                "    }",
                                "",
                                "    /** Added. */",
                                "    int added() {",
                                "        return 3;",
                                "    }",
                                "}",
                                ""));
    }

    @Test
    void addsMembersOfEveryKindAndTheOverlaysImports() throws Exception {
        String merged =
                merge(
                        "private final Map<String, Integer> seen = null;",
                        "Greeter(int start) { count = start; }",
                        "int count() { return count; }",
                        "static { System.getProperty(\"x\"); }",
                        "static final class Added {}");

        assertThat(merged)
                .contains("import java.util.Map;")
                .contains("private final Map<String, Integer> seen = null;")
                .contains("Greeter(int start)")
                .contains("int count()")
                .contains("static final class Added")
                .contains("System.getProperty(\"x\")");
    }

    @Test
    void addIsTheDefaultAndTheExplicitMarkerIsRemoved() throws Exception {
        String merged = merge("@Overlay.Add int count() { return count; }");

        assertThat(merged).contains("int count()").doesNotContain("@Overlay");
    }

    @Test
    void addingAMethodWithAnUpstreamSignatureFails() {
        assertThatThrownBy(() -> merge("public String greet(String who) { return who; }"))
                .isInstanceOf(OverlayException.class)
                .hasMessageContaining(OVERLAY)
                .hasMessageContaining("method greet(String)")
                .hasMessageContaining("collides");
    }

    @Test
    void addingAFieldOrTypeWithAnUpstreamNameFails() {
        assertThatThrownBy(() -> merge("long count;"))
                .hasMessageContaining("field count")
                .hasMessageContaining("collides");
        assertThatThrownBy(() -> merge("class Inner {}"))
                .hasMessageContaining("type Inner")
                .hasMessageContaining("collides");
        assertThatThrownBy(() -> merge("Greeter() { count = 1; }"))
                .hasMessageContaining("constructor Greeter()")
                .hasMessageContaining("collides");
    }

    @Test
    void addingAnOverloadIsNotACollision() throws Exception {
        assertThat(merge("public String greet(String a, String b) { return a + b; }"))
                .contains("greet(String a, String b)");
    }

    @Test
    void replacesAMemberInPlace() throws Exception {
        String merged =
                merge(
                        "@Overlay.Replace static int twice(int x) { return x << 1; }",
                        "@Overlay.Replace private long count;");

        assertThat(merged)
                .contains("return x << 1;")
                .doesNotContain("return 2 * x;")
                .contains("private long count;")
                .doesNotContain("int count;");
        assertThat(merged.indexOf("twice")).isLessThan(merged.indexOf("class Inner"));
    }

    @Test
    void replacingAMissingMemberFails() {
        assertThatThrownBy(() -> merge("@Overlay.Replace static int thrice(int x) { return x; }"))
                .isInstanceOf(OverlayException.class)
                .hasMessageContaining(OVERLAY)
                .hasMessageContaining("@Overlay.Replace method thrice(int)")
                .hasMessageContaining("no such member upstream");
    }

    @Test
    void selectsOverloadsByErasedSimpleTypeNames() throws Exception {
        String merged =
                merge(
                        "@Overlay.Replace public int size(java.util.List<Object> names) {"
                                + " return -1; }",
                        "@Overlay.Replace public int size(String[] names) { return -2; }");

        assertThat(merged).contains("return -1;").contains("return -2;");
        assertThat(merged).doesNotContain("names.size()").doesNotContain("names.length");
    }

    @Test
    void wrapKeepsUpstreamsBodyUnderADerivedPrivateName() throws Exception {
        String merged =
                merge(
                        "@Overlay.Wrap @Override",
                        "public String greet(String name) {",
                        "    return greet$upstream(name).toUpperCase();",
                        "}",
                        "@Overlay.Wrap static int twice(int x) { return twice$upstream(x) + 1; }");

        assertThat(merged)
                .contains("private String greet$upstream(String name) {")
                .contains("private static int twice$upstream(int x) {")
                .contains("return greet$upstream(name).toUpperCase();")
                .contains("count++;");
        assertThat(merged.indexOf("greet(String name)"))
                .isLessThan(merged.indexOf("greet$upstream(String name) {"));
    }

    @Test
    void changesApplyInOrderEachToTheResultOfThoseBefore() throws Exception {
        LinkedHashMap<String, String> changes = new LinkedHashMap<>();
        changes.put("src/main/overlay/first/p/Greeter.java", overlay("int first() { return 1; }"));
        changes.put(
                "src/main/overlay/second/p/Greeter.java",
                overlay(
                        "int second() { return first() + 1; }",
                        "@Overlay.Replace static int twice(int x) { return x << 1; }"));

        List<String> results = merger.mergeInOrder(UPSTREAM, changes);

        assertThat(results).hasSize(2);
        assertThat(results.get(0)).contains("int first()").doesNotContain("int second()");
        assertThat(results.get(1))
                .isEqualTo(
                        merger.merge(
                                results.get(0),
                                changes.get("src/main/overlay/second/p/Greeter.java"),
                                "second"));
        assertThat(results.get(1).indexOf("int first()"))
                .isLessThan(results.get(1).indexOf("int second()"));
    }

    @Test
    void aMemberChangedByAnEarlierChangeCannotBeChangedAgain() {
        LinkedHashMap<String, String> wrappedTwice = new LinkedHashMap<>();
        wrappedTwice.put(
                "src/main/overlay/first/p/Greeter.java",
                overlay("@Overlay.Wrap static int twice(int x) { return twice$upstream(x); }"));
        wrappedTwice.put(
                "src/main/overlay/second/p/Greeter.java",
                overlay("@Overlay.Replace static int twice(int x) { return 0; }"));
        LinkedHashMap<String, String> addedTwice = new LinkedHashMap<>();
        addedTwice.put("src/main/overlay/first/p/Greeter.java", overlay("int extra;"));
        addedTwice.put("src/main/overlay/second/p/Greeter.java", overlay("int extra;"));

        assertThatThrownBy(() -> merger.mergeInOrder(UPSTREAM, wrappedTwice))
                .isInstanceOf(OverlayException.class)
                .hasMessageStartingWith(
                        "src/main/overlay/second/p/Greeter.java: Greeter, @Overlay.Replace"
                                + " method twice(int): src/main/overlay/first/p/Greeter.java"
                                + " changes this member already");
        assertThatThrownBy(() -> merger.mergeInOrder(UPSTREAM, addedTwice))
                .isInstanceOf(OverlayException.class)
                .hasMessageContaining("src/main/overlay/first/p/Greeter.java changes this member");
    }

    @Test
    void wrappedMethodsCompileAndCallUpstream(@TempDir Path dir) throws Exception {
        String merged =
                merge(
                        "@Overlay.Wrap @Override",
                        "public String greet(String name) {",
                        "    return greet$upstream(name).toUpperCase();",
                        "}",
                        "@Overlay.Merge static class Inner {",
                        "    @Overlay.Wrap String name() { return name$upstream() + \"!\"; }",
                        "}",
                        "public static String run() {",
                        "    return new Greeter().greet(\"flink\") + \" \" + new Inner().name();",
                        "}");
        assertThat(compileAndRun(merged, dir)).isEqualTo("HELLO FLINK inner!");
    }

    /** Compiles a merged {@code p.Greeter} and returns what its static {@code run()} returns. */
    private static Object compileAndRun(String merged, Path dir) throws Exception {
        Path source = dir.resolve("p/Greeter.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, merged);
        int exit =
                ToolProvider.getSystemJavaCompiler()
                        .run(null, null, null, "-d", dir.toString(), source.toString());
        assertThat(exit).as("javac exit code for:\n%s", merged).isZero();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, null)) {
            return loader.loadClass("p.Greeter").getMethod("run").invoke(null);
        }
    }

    @Test
    void wrappingAMissingMethodFails() {
        assertThatThrownBy(() -> merge("@Overlay.Wrap String farewell(String n) { return n; }"))
                .hasMessageContaining(OVERLAY)
                .hasMessageContaining("@Overlay.Wrap method farewell(String)")
                .hasMessageContaining("no such member upstream");
    }

    @Test
    void wrappedConstructorsRunTheOverlaysStatementsAfterUpstreamsBody(@TempDir Path dir)
            throws Exception {
        String upstream =
                String.join(
                        "\n",
                        "package p;",
                        "",
                        "public class Greeter {",
                        "    private final String name;",
                        "    private String greeting;",
                        "",
                        "    public Greeter(String name) {",
                        "        this.name = name;",
                        "    }",
                        "",
                        "    Greeter() { this(\"you\"); }",
                        "",
                        "    public static String run() {",
                        "        return new Greeter(\"flink\").greeting + \", \" + new Greeter().greeting;",
                        "    }",
                        "}",
                        "");
        String merged =
                merger.merge(
                        upstream,
                        overlay(
                                "@Overlay.Wrap public Greeter(String name) {",
                                "    greeting = \"hello \" + this.name;",
                                "    greeting += name.equals(this.name) ? \"!\" : \"?\";",
                                "}"),
                        OVERLAY);

        assertThat(merged)
                .contains(
                        "    public Greeter(String name) {\n"
                                + "        this.name = name;\n"
                                + "        greeting = \"hello \" + this.name;\n"
                                + "        greeting += name.equals(this.name) ? \"!\" : \"?\";\n"
                                + "    }\n");
        assertThat(compileAndRun(merged, dir)).isEqualTo("hello flink!, hello you!");
    }

    @Test
    void wrappingAConstructorThatCannotTakeStatementsAfterItFails() {
        String upstream =
                "package p;\nclass Greeter {\n int n;\n Greeter(int n) {\n"
                        + "  if (n < 0) { return; }\n  this.n = n;\n }\n}\n";
        assertThatThrownBy(
                        () ->
                                merger.merge(
                                        upstream,
                                        overlay("@Overlay.Wrap Greeter(int n) { this.n++; }"),
                                        OVERLAY))
                .hasMessageContaining("@Overlay.Wrap constructor Greeter(int)")
                .hasMessageContaining("has a return statement");
        String plain =
                "package p;\nclass Greeter {\n int n;\n Greeter(int n) {\n  this.n = n;\n }\n}\n";
        assertThatThrownBy(
                        () ->
                                merger.merge(
                                        plain,
                                        overlay("@Overlay.Wrap Greeter(int count) { n++; }"),
                                        OVERLAY))
                .hasMessageContaining("name the parameters as upstream's constructor does, n");
        assertThatThrownBy(
                        () ->
                                merger.merge(
                                        plain,
                                        overlay("@Overlay.Wrap Greeter(int n) { this(n); }"),
                                        OVERLAY))
                .hasMessageContaining("no call of another constructor");
        assertThatThrownBy(
                        () ->
                                merger.merge(
                                        plain, overlay("@Overlay.Wrap Greeter(int n) {}"), OVERLAY))
                .hasMessageContaining("no call of another constructor");
    }

    @Test
    void wrappingAnythingButAMethodWithABodyFails() throws Exception {
        assertThatThrownBy(() -> merge("@Overlay.Wrap private int count;"))
                .hasMessageContaining("only methods and constructors can be wrapped");
        String abstractUpstream = "package p;\nabstract class Greeter {\n abstract int f();\n}\n";
        assertThatThrownBy(
                        () ->
                                merger.merge(
                                        abstractUpstream,
                                        overlay("@Overlay.Wrap int f() { return 1; }"),
                                        OVERLAY))
                .hasMessageContaining("no body to wrap");
    }

    @Test
    void wrappingFailsWhenTheDerivedNameIsTaken() {
        String upstream =
                "package p;\nclass Greeter {\n int f() { return 1; }\n"
                        + " int f$upstream() { return 2; }\n}\n";

        assertThatThrownBy(
                        () ->
                                merger.merge(
                                        upstream,
                                        overlay("@Overlay.Wrap int f() { return 3; }"),
                                        OVERLAY))
                .hasMessageContaining("upstream already declares f$upstream");
    }

    @Test
    void mergingIntoAMissingNestedTypeOrANonTypeFails() {
        assertThatThrownBy(() -> merge("@Overlay.Merge static class Outer { int x; }"))
                .hasMessageContaining("@Overlay.Merge type Outer")
                .hasMessageContaining("no such member upstream");
        assertThatThrownBy(() -> merge("@Overlay.Merge static int twice(int x) { return x; }"))
                .hasMessageContaining("only nested types can be merged");
    }

    @Test
    void failuresInsideANestedTypeNameTheNestedType() {
        assertThatThrownBy(
                        () ->
                                merge(
                                        "@Overlay.Merge static class Inner {",
                                        "  @Overlay.Replace String title() { return null; }",
                                        "}"))
                .hasMessageContaining(OVERLAY + ": Greeter.Inner")
                .hasMessageContaining("method title()");
    }

    @Test
    void rejectsOverlaysThatDoNotMatchTheUpstreamType() {
        assertThatThrownBy(() -> merger.merge(UPSTREAM, "package q;\nclass Greeter {}\n", OVERLAY))
                .hasMessageContaining("package q differs from upstream's p");
        assertThatThrownBy(() -> merger.merge(UPSTREAM, "package p;\nclass Welcomer {}\n", OVERLAY))
                .hasMessageContaining("upstream declares no top-level type Welcomer");
        assertThatThrownBy(
                        () ->
                                merger.merge(
                                        UPSTREAM,
                                        "package p;\nclass Greeter {}\nclass Other {}\n",
                                        OVERLAY))
                .hasMessageContaining("exactly one top-level type");
        assertThatThrownBy(
                        () ->
                                merger.merge(
                                        UPSTREAM,
                                        "package p;\nclass Greeter implements Runnable {}\n",
                                        OVERLAY))
                .hasMessageContaining("cannot extend or implement");
        assertThatThrownBy(
                        () -> merger.merge(UPSTREAM, "package p;\ninterface Greeter {}\n", OVERLAY))
                .hasMessageContaining("kind of type differs");
    }

    @Test
    void rejectsMalformedOverlays() {
        assertThatThrownBy(() -> merger.merge(UPSTREAM, "package p;\nclass Greeter {", OVERLAY))
                .hasMessageContaining(OVERLAY + ": does not parse");
        assertThatThrownBy(
                        () ->
                                merge(
                                        "@Overlay.Wrap @Overlay.Replace static int twice(int x) {"
                                                + " return x; }"))
                .hasMessageContaining("more than one overlay marker");
        assertThatThrownBy(() -> merge("int a, b;"))
                .hasMessageContaining("one field per declaration");
        assertThatThrownBy(
                        () ->
                                merger.merge(
                                        "package p;\nenum Greeter { A }\n",
                                        "package p;\nenum Greeter { B }\n",
                                        OVERLAY))
                .hasMessageContaining("cannot add enum constants");
    }
}
