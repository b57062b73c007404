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
import com.github.javaparser.ast.body.EnumDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.AnnotationExpr;

import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

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
        Splice splice = new Splice(new SourceText(upstreamSource), new SourceText(overlaySource));
        splice.imports(overlay, upstream);
        splice.type(overlayType, upstreamType, overlayName + ": " + overlayType.getName());
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
    private static final class Splice {

        final SourceText upstream;
        final SourceText overlay;

        Splice(SourceText upstream, SourceText overlay) {
            this.upstream = upstream;
            this.overlay = overlay;
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

        void type(TypeDeclaration<?> overlayType, TypeDeclaration<?> upstreamType, String at)
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
                if (operation == Operation.REPLACE) {
                    replace(member, target, memberAt);
                } else if (operation == Operation.WRAP) {
                    wrap(member, target, upstreamType, memberAt);
                } else if (member instanceof TypeDeclaration) {
                    type(
                            (TypeDeclaration<?>) member,
                            (TypeDeclaration<?>) target,
                            at + "." + ((TypeDeclaration<?>) member).getName());
                } else {
                    throw new OverlayException(memberAt + ": only nested types can be merged");
                }
            }
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
         * right after it, renamed and private.
         */
        private void wrap(
                BodyDeclaration<?> member,
                BodyDeclaration<?> target,
                TypeDeclaration<?> type,
                String at)
                throws OverlayException {
            if (!(member instanceof MethodDeclaration)) {
                throw new OverlayException(
                        at + ": only methods can be wrapped (use @Overlay.Replace for the others)");
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
