/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build.overlay;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Modifier;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.EnumDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Applies a member overlay to the upstream source of one class.
 *
 * <p>An overlay is a Java source file with the package and type name of an upstream class whose
 * type declares only the members the fork changes, each marked with its {@link Operation}. The
 * merge edits upstream's text: the overlay's members are spliced in as written (re-indented to
 * their place), and upstream's text stays byte for byte everywhere else, so that a diff against
 * upstream shows exactly the fork's delta.
 */
public final class OverlayMerger {

    /** Appended to a wrapped method's name to name the method that keeps upstream's body. */
    public static final String UPSTREAM_SUFFIX = "$upstream";

    private static final int INDENT = 4;

    private final JavaParser parser =
            new JavaParser(
                    new ParserConfiguration()
                            .setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_11));

    /** The release of the upstream sources merged into; null if fingerprints are not checked. */
    private final String upstreamVersion;

    /** The source of the same class in another upstream release, to show what changed. */
    private final Function<String, Optional<String>> sourceAtVersion;

    /** A merger that does not check the fingerprints of wrapped and replaced members. */
    public OverlayMerger() {
        this(null, version -> Optional.empty());
    }

    private OverlayMerger(
            String upstreamVersion, Function<String, Optional<String>> sourceAtVersion) {
        this.upstreamVersion = upstreamVersion;
        this.sourceAtVersion = sourceAtVersion;
    }

    /**
     * A merger that requires of every {@code @Overlay.Wrap} and {@code @Overlay.Replace} the {@link
     * UpstreamFingerprint} of the upstream member as this release declares it.
     *
     * @param upstreamVersion the release of the upstream sources that overlays are merged into
     * @param sourceAtVersion the class's source in another release, if it can be had: a member's
     *     fingerprint names the release it was recorded in, and the failure shows what changed
     *     since
     */
    public static OverlayMerger checkingFingerprints(
            String upstreamVersion, Function<String, Optional<String>> sourceAtVersion) {
        return new OverlayMerger(upstreamVersion, sourceAtVersion);
    }

    /**
     * Merges an overlay into an upstream source.
     *
     * @param upstreamSource the upstream source of the class
     * @param overlaySource the overlay's source
     * @param overlayName how error messages name the overlay, normally its path
     * @return the merged source
     * @throws OverlayException if the overlay does not fit the upstream class
     */
    public String merge(String upstreamSource, String overlaySource, String overlayName)
            throws OverlayException {
        return merge(upstreamSource, overlaySource, overlayName, new HashMap<>());
    }

    /**
     * Merges the overlays of one class that several changes make, in the order given, each into the
     * result of those before it. A member is the business of one change: an overlay that adds,
     * wraps or replaces a member that an earlier one added, wrapped or replaced fails.
     *
     * @param upstreamSource the upstream source of the class
     * @param overlaySources the overlays' sources by how error messages name them, in order
     * @return the source after each overlay, in the same order
     * @throws OverlayException if an overlay does not fit the class as the ones before left it
     */
    public List<String> mergeInOrder(
            String upstreamSource, LinkedHashMap<String, String> overlaySources)
            throws OverlayException {
        Map<String, String> changedBy = new HashMap<>();
        List<String> results = new ArrayList<>();
        String source = upstreamSource;
        for (Map.Entry<String, String> overlay : overlaySources.entrySet()) {
            source = merge(source, overlay.getValue(), overlay.getKey(), changedBy);
            results.add(source);
        }
        return results;
    }

    /**
     * @param changedBy the overlay that changed each member so far, by its type path and key; this
     *     merge adds the members it changes
     */
    private String merge(
            String upstreamSource,
            String overlaySource,
            String overlayName,
            Map<String, String> changedBy)
            throws OverlayException {
        CompilationUnit overlay = parse(overlaySource, overlayName);
        CompilationUnit upstream = parse(upstreamSource, "upstream source for " + overlayName);
        if (overlay.getTypes().size() != 1) {
            throw new OverlayException(
                    overlayName + ": an overlay declares exactly one top-level type");
        }
        TypeDeclaration<?> overlayType = overlay.getType(0);
        if (!packageOf(overlay).equals(packageOf(upstream))) {
            throw new OverlayException(
                    overlayName
                            + ": package "
                            + packageOf(overlay)
                            + " differs from upstream's "
                            + packageOf(upstream));
        }
        TypeDeclaration<?> upstreamType =
                upstream.getTypes().stream()
                        .filter(t -> t.getName().equals(overlayType.getName()))
                        .findFirst()
                        .orElseThrow(
                                () ->
                                        new OverlayException(
                                                overlayName
                                                        + ": upstream declares no top-level type "
                                                        + overlayType.getName()));
        Splice splice =
                new Splice(
                        new SourceText(upstreamSource),
                        new SourceText(overlaySource),
                        overlayName,
                        changedBy);
        splice.imports(overlay, upstream);
        splice.type(
                overlayType,
                upstreamType,
                List.of(overlayType.getNameAsString()),
                overlayName + ": " + overlayType.getName());
        if (!splice.driftedMembers.isEmpty()) {
            throw new OverlayException(String.join("\n  ", splice.driftedMembers));
        }
        return splice.upstream.edited();
    }

    private CompilationUnit parse(String source, String name) throws OverlayException {
        ParseResult<CompilationUnit> result = parser.parse(source);
        if (!result.isSuccessful() || result.getResult().isEmpty()) {
            throw new OverlayException(name + ": does not parse: " + result.getProblems());
        }
        return result.getResult().get();
    }

    private static String packageOf(CompilationUnit unit) {
        return unit.getPackageDeclaration().map(p -> p.getNameAsString()).orElse("");
    }

    /** The edits of one merge: members of the overlay's text spliced into upstream's text. */
    private final class Splice {

        final SourceText upstream;
        final SourceText overlay;

        /** A line per wrapped or replaced member whose fingerprint is missing or out of date. */
        final List<String> driftedMembers = new ArrayList<>();

        /** How error messages name the overlay. */
        final String overlayName;

        /** The overlay that changed each member so far, by type path and key. */
        final Map<String, String> changedBy;

        Splice(
                SourceText upstream,
                SourceText overlay,
                String overlayName,
                Map<String, String> changedBy) {
            this.upstream = upstream;
            this.overlay = overlay;
            this.overlayName = overlayName;
            this.changedBy = changedBy;
        }

        void imports(CompilationUnit overlayUnit, CompilationUnit upstreamUnit) {
            NodeList<ImportDeclaration> existing = upstreamUnit.getImports();
            StringBuilder added = new StringBuilder();
            for (ImportDeclaration declaration : overlayUnit.getImports()) {
                if (!existing.contains(declaration)) {
                    added.append('\n')
                            .append(
                                    overlay.substring(
                                            overlay.begin(declaration), overlay.end(declaration)));
                }
            }
            if (added.length() == 0) {
                return;
            }
            if (existing.isNonEmpty()) {
                upstream.insert(upstream.end(existing.getLast().orElseThrow()), added.toString());
            } else {
                int at = upstreamUnit.getPackageDeclaration().map(upstream::end).orElse(0);
                upstream.insert(at, "\n" + added);
            }
        }

        void type(
                TypeDeclaration<?> overlayType,
                TypeDeclaration<?> upstreamType,
                List<String> typePath,
                String at)
                throws OverlayException {
            checkHeader(overlayType, upstreamType, at);
            Set<MemberKey> seen = new HashSet<>();
            for (BodyDeclaration<?> member : overlayType.getMembers()) {
                Operation operation = Operation.of(member, at);
                Optional<MemberKey> key = MemberKey.of(member, at);
                String memberAt = at + ", " + operation.marker() + " " + key.orElse(null);
                if (key.isPresent() && !seen.add(key.get())) {
                    throw new OverlayException(memberAt + ": declared twice in the overlay");
                }
                if (key.isPresent() && operation != Operation.MERGE) {
                    claim(String.join(".", typePath) + "#" + key.get(), memberAt);
                }
                Optional<BodyDeclaration<?>> existing =
                        key.isPresent()
                                ? find(upstreamType, key.get(), memberAt)
                                : Optional.empty();
                if (operation == Operation.ADD) {
                    if (existing.isPresent()) {
                        throw new OverlayException(
                                memberAt
                                        + ": collides with an upstream member of the same"
                                        + " signature (use @Overlay.Replace or @Overlay.Wrap to"
                                        + " change it)");
                    }
                    add(member, upstreamType);
                    continue;
                }
                BodyDeclaration<?> target =
                        existing.orElseThrow(
                                () -> new OverlayException(memberAt + ": no such member upstream"));
                if (operation == Operation.REPLACE || operation == Operation.WRAP) {
                    checkFingerprint(member, target, operation, typePath, key.get(), memberAt);
                }
                if (operation == Operation.REPLACE) {
                    replace(member, target, memberAt);
                } else if (operation == Operation.WRAP) {
                    wrap(member, target, upstreamType, memberAt);
                } else if (member instanceof TypeDeclaration) {
                    List<String> nestedPath = new ArrayList<>(typePath);
                    nestedPath.add(((TypeDeclaration<?>) member).getNameAsString());
                    type(
                            (TypeDeclaration<?>) member,
                            (TypeDeclaration<?>) target,
                            nestedPath,
                            at + "." + ((TypeDeclaration<?>) member).getName());
                } else {
                    throw new OverlayException(memberAt + ": only nested types can be merged");
                }
            }
        }

        /** Records that this overlay changes a member, which no earlier overlay may have. */
        private void claim(String member, String at) throws OverlayException {
            String earlier = changedBy.putIfAbsent(member, overlayName);
            if (earlier != null) {
                throw new OverlayException(
                        at
                                + ": "
                                + earlier
                                + " changes this member already; one change owns a member, so"
                                + " move this part of the change there or the other way round");
            }
        }

        /**
         * Notes a wrapped or replaced member whose marker records no fingerprint, or one of code
         * that upstream has changed since, with the change.
         */
        private void checkFingerprint(
                BodyDeclaration<?> member,
                BodyDeclaration<?> target,
                Operation operation,
                List<String> typePath,
                MemberKey key,
                String at)
                throws OverlayException {
            if (upstreamVersion == null) {
                return;
            }
            UpstreamFingerprint current = UpstreamFingerprint.of(target, upstreamVersion);
            Optional<UpstreamFingerprint> recorded =
                    UpstreamFingerprint.recordedBy(Operation.markersOf(member).get(0), at);
            if (recorded.isEmpty()) {
                driftedMembers.add(
                        at
                                + ": records no fingerprint of the upstream member it was written"
                                + " against; once you have read that member, mark it "
                                + current.marker(operation));
            } else if (!recorded.get().sameCode(current)) {
                driftedMembers.add(
                        at
                                + ": upstream changed this member since "
                                + recorded.get().version()
                                + " (recorded "
                                + recorded.get()
                                + ", now "
                                + current
                                + "); read the change, adapt the overlay, then mark it "
                                + current.marker(operation)
                                + "\n"
                                + changeSince(recorded.get().version(), typePath, key, target));
            }
        }

        /** The unified diff of an upstream member from an earlier release to this one. */
        private String changeSince(
                String version, List<String> typePath, MemberKey key, BodyDeclaration<?> now)
                throws OverlayException {
            Optional<String> earlierSource = sourceAtVersion.apply(version);
            if (earlierSource.isEmpty()) {
                return "(upstream " + version + "'s source is not at hand to show the change)";
            }
            Optional<BodyDeclaration<?>> earlier =
                    member(parse(earlierSource.get(), "upstream " + version), typePath, key);
            return UnifiedDiff.between(
                    earlier.map(UpstreamFingerprint::normalized).orElse(""),
                    UpstreamFingerprint.normalized(now),
                    version + " -> " + upstreamVersion + ": " + key);
        }

        private Optional<BodyDeclaration<?>> member(
                CompilationUnit unit, List<String> typePath, MemberKey key)
                throws OverlayException {
            Optional<TypeDeclaration<?>> type =
                    unit.getTypes().stream()
                            .filter(t -> t.getNameAsString().equals(typePath.get(0)))
                            .findFirst();
            for (String nested : typePath.subList(1, typePath.size())) {
                type =
                        type.flatMap(
                                t ->
                                        t.getMembers().stream()
                                                .filter(m -> m instanceof TypeDeclaration)
                                                .map(m -> (TypeDeclaration<?>) m)
                                                .filter(m -> m.getNameAsString().equals(nested))
                                                .findFirst());
            }
            return type.isPresent() ? find(type.get(), key, key.toString()) : Optional.empty();
        }

        private void add(BodyDeclaration<?> member, TypeDeclaration<?> type) {
            int close = upstream.end(type) - 1;
            int typeColumn = upstream.column(upstream.begin(type));
            int column =
                    type.getMembers()
                            .getFirst()
                            .map(m -> upstream.column(upstream.begin(m)))
                            .orElse(typeColumn + INDENT);
            String text = " ".repeat(column) + memberText(member, column);
            if (upstream.startsLine(close)) {
                upstream.insert(upstream.lineStart(close), "\n" + text + "\n");
            } else {
                upstream.insert(close, "\n" + text + "\n" + " ".repeat(typeColumn));
            }
        }

        private void replace(BodyDeclaration<?> member, BodyDeclaration<?> target, String at)
                throws OverlayException {
            if (target instanceof FieldDeclaration
                    && ((FieldDeclaration) target).getVariables().size() > 1) {
                throw new OverlayException(
                        at + ": upstream declares this field together with others");
            }
            // Upstream's Javadoc stays unless the overlay brings its own.
            int begin =
                    member.getComment().isPresent()
                            ? upstream.beginWithComment(target)
                            : upstream.begin(target);
            upstream.replace(
                    begin, upstream.end(target), memberText(member, upstream.column(begin)));
        }

        /**
         * Puts the overlay's method in place of the upstream method, and keeps the upstream method
         * right after it, renamed and private; or appends a constructor's statements to upstream's.
         */
        private void wrap(
                BodyDeclaration<?> member,
                BodyDeclaration<?> target,
                TypeDeclaration<?> type,
                String at)
                throws OverlayException {
            if (member instanceof ConstructorDeclaration) {
                appendToConstructor(
                        (ConstructorDeclaration) member, (ConstructorDeclaration) target, at);
                return;
            }
            if (!(member instanceof MethodDeclaration)) {
                throw new OverlayException(
                        at
                                + ": only methods and constructors can be wrapped (use"
                                + " @Overlay.Replace for the others)");
            }
            MethodDeclaration method = (MethodDeclaration) target;
            if (method.getBody().isEmpty()) {
                throw new OverlayException(at + ": upstream's method has no body to wrap");
            }
            String keptName = method.getNameAsString() + UPSTREAM_SUFFIX;
            if (find(type, MemberKey.method(keptName, method), at).isPresent()) {
                throw new OverlayException(at + ": upstream already declares " + keptName);
            }
            // The wrapper goes below upstream's Javadoc unless the overlay brings its own.
            int begin =
                    member.getComment().isPresent()
                            ? upstream.beginWithComment(method)
                            : upstream.begin(method);
            int column = upstream.column(begin);
            upstream.insert(begin, memberText(member, column) + "\n\n" + " ".repeat(column));
            makePrivateCopy(method, keptName);
        }

        /**
         * Appends the overlay constructor's statements to upstream's constructor, whose body runs
         * first: they see the fields it set and its parameters, which the overlay must name as
         * upstream does. A constructor has no name to keep upstream's body under, and its body must
         * run to its end for the statements after it to run.
         */
        private void appendToConstructor(
                ConstructorDeclaration member, ConstructorDeclaration target, String at)
                throws OverlayException {
            List<String> names = parameterNames(target);
            if (!parameterNames(member).equals(names)) {
                throw new OverlayException(
                        at
                                + ": name the parameters as upstream's constructor does, "
                                + String.join(", ", names));
            }
            if (!target.getBody().findAll(ReturnStmt.class).isEmpty()) {
                throw new OverlayException(
                        at
                                + ": upstream's constructor has a return statement, which would skip"
                                + " the statements appended to it");
            }
            NodeList<Statement> statements = member.getBody().getStatements();
            if (statements.isEmpty() || statements.get(0).isExplicitConstructorInvocationStmt()) {
                throw new OverlayException(
                        at
                                + ": a wrapped constructor's body holds the statements to run after"
                                + " upstream's, and no call of another constructor");
            }
            BlockStmt body = target.getBody();
            int close = upstream.end(body) - 1;
            int indent = upstream.column(upstream.begin(target)) + 4;
            int first = overlay.begin(statements.get(0));
            String text =
                    SourceText.reindent(
                            overlay.substring(first, overlay.end(statements.getLast().get())),
                            indent - overlay.column(first));
            if (upstream.startsLine(close)) {
                upstream.insert(upstream.lineStart(close), " ".repeat(indent) + text + "\n");
            } else {
                upstream.insert(
                        close, "\n" + " ".repeat(indent) + text + "\n" + " ".repeat(indent - 4));
            }
        }

        private static List<String> parameterNames(ConstructorDeclaration constructor) {
            List<String> names = new ArrayList<>();
            for (Parameter parameter : constructor.getParameters()) {
                names.add(parameter.getNameAsString());
            }
            return names;
        }

        private void makePrivateCopy(MethodDeclaration method, String keptName) {
            upstream.replace(
                    upstream.begin(method.getName()), upstream.end(method.getName()), keptName);
            for (AnnotationExpr annotation : method.getAnnotations()) {
                if (annotation.getNameAsString().equals("Override")) {
                    remove(annotation);
                }
            }
            boolean isPrivate = false;
            for (Modifier modifier : method.getModifiers()) {
                Modifier.Keyword keyword = modifier.getKeyword();
                boolean access =
                        keyword == Modifier.Keyword.PUBLIC
                                || keyword == Modifier.Keyword.PROTECTED
                                || keyword == Modifier.Keyword.DEFAULT;
                if (access && !isPrivate) {
                    upstream.replace(upstream.begin(modifier), upstream.end(modifier), "private");
                    isPrivate = true;
                } else if (access) {
                    remove(modifier);
                } else if (keyword == Modifier.Keyword.PRIVATE) {
                    isPrivate = true;
                }
            }
            if (!isPrivate) {
                upstream.insert(beforeModifiers(method), "private ");
            }
        }

        /** Where a modifier can be inserted: before the first one, type parameters or type. */
        private int beforeModifiers(MethodDeclaration method) {
            if (method.getModifiers().isNonEmpty()) {
                return upstream.begin(method.getModifiers().get(0));
            }
            if (method.getTypeParameters().isNonEmpty()) {
                int at = upstream.begin(method.getTypeParameters().get(0));
                while (upstream.charAt(at) != '<') {
                    at--;
                }
                return at;
            }
            return upstream.begin(method.getType());
        }

        private void remove(com.github.javaparser.ast.Node node) {
            upstream.replace(upstream.begin(node), upstream.skipWhitespace(upstream.end(node)), "");
        }

        /**
         * The overlay's text of a member, comment included and markers removed, with its lines
         * after the first re-indented for the given column.
         */
        private String memberText(BodyDeclaration<?> member, int column) {
            int begin = overlay.beginWithComment(member);
            StringBuilder text = new StringBuilder(overlay.substring(begin, overlay.end(member)));
            List<AnnotationExpr> markers = Operation.markersOf(member);
            markers.sort(Comparator.comparingInt(overlay::begin).reversed());
            for (AnnotationExpr marker : markers) {
                text.delete(
                        overlay.begin(marker) - begin,
                        overlay.skipWhitespace(overlay.end(marker)) - begin);
            }
            return SourceText.reindent(text.toString(), column - overlay.column(begin));
        }

        private static void checkHeader(
                TypeDeclaration<?> overlayType, TypeDeclaration<?> upstreamType, String at)
                throws OverlayException {
            if (!overlayType.getClass().equals(upstreamType.getClass())
                    || overlayType.isClassOrInterfaceDeclaration()
                            && overlayType.asClassOrInterfaceDeclaration().isInterface()
                                    != upstreamType.asClassOrInterfaceDeclaration().isInterface()) {
                throw new OverlayException(
                        at + ": the overlay's kind of type differs from upstream's");
            }
            if (overlayType instanceof ClassOrInterfaceDeclaration) {
                ClassOrInterfaceDeclaration type = (ClassOrInterfaceDeclaration) overlayType;
                if (type.getExtendedTypes().isNonEmpty()
                        || type.getImplementedTypes().isNonEmpty()) {
                    throw new OverlayException(
                            at
                                    + ": an overlay carries members only; it cannot extend or implement");
                }
            }
            if (overlayType instanceof EnumDeclaration
                    && ((EnumDeclaration) overlayType).getEntries().isNonEmpty()) {
                throw new OverlayException(at + ": an overlay cannot add enum constants");
            }
        }

        private static Optional<BodyDeclaration<?>> find(
                TypeDeclaration<?> type, MemberKey key, String at) throws OverlayException {
            for (BodyDeclaration<?> member : type.getMembers()) {
                if (key.matches(member, at)) {
                    return Optional.of(member);
                }
            }
            return Optional.empty();
        }
    }
}
