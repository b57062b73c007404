/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build.overlay;

import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.InitializerDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.type.Type;

import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Identifies a member of a type the way Java does for overriding and collisions: a field or nested
 * type by name, a method or constructor by name and erased parameter types. Parameter types compare
 * by simple name, so {@code java.util.List<String>} in upstream matches {@code List} in an overlay.
 */
final class MemberKey {

    private final String description;

    private MemberKey(String description) {
        this.description = description;
    }

    /** The key of a member; empty for members that cannot collide (initializer blocks). */
    static Optional<MemberKey> of(BodyDeclaration<?> member, String location)
            throws OverlayException {
        if (member instanceof MethodDeclaration) {
            return Optional.of(callable("method", (MethodDeclaration) member));
        }
        if (member instanceof ConstructorDeclaration) {
            return Optional.of(callable("constructor", (ConstructorDeclaration) member));
        }
        if (member instanceof FieldDeclaration) {
            FieldDeclaration field = (FieldDeclaration) member;
            if (field.getVariables().size() != 1) {
                throw new OverlayException(
                        location + ": declare one field per declaration in an overlay: " + field);
            }
            return Optional.of(field(field.getVariable(0).getNameAsString()));
        }
        if (member instanceof TypeDeclaration) {
            return Optional.of(new MemberKey("type " + ((TypeDeclaration<?>) member).getName()));
        }
        if (member instanceof InitializerDeclaration) {
            return Optional.empty();
        }
        throw new OverlayException(
                location + ": overlays cannot carry a " + member.getClass().getSimpleName());
    }

    /** True if the given upstream member has this key (a field declaration may hold several). */
    boolean matches(BodyDeclaration<?> member, String location) throws OverlayException {
        if (member instanceof FieldDeclaration) {
            return ((FieldDeclaration) member)
                    .getVariables().stream().anyMatch(v -> field(v.getNameAsString()).equals(this));
        }
        if (member instanceof InitializerDeclaration) {
            return false;
        }
        return of(member, location).map(this::equals).orElse(false);
    }

    /** The key of a method of the given name with the parameters of the given callable. */
    static MemberKey method(String name, CallableDeclaration<?> parametersOf) {
        return new MemberKey("method " + name + parameterList(parametersOf));
    }

    private static MemberKey field(String name) {
        return new MemberKey("field " + name);
    }

    private static MemberKey callable(String kind, CallableDeclaration<?> callable) {
        return new MemberKey(kind + " " + callable.getNameAsString() + parameterList(callable));
    }

    private static String parameterList(CallableDeclaration<?> callable) {
        return callable.getParameters().stream()
                .map(MemberKey::erasedType)
                .collect(Collectors.joining(", ", "(", ")"));
    }

    private static String erasedType(Parameter parameter) {
        Type type = parameter.getType();
        int dimensions = type.getArrayLevel() + (parameter.isVarArgs() ? 1 : 0);
        Type element = type.getElementType();
        String name =
                element.isClassOrInterfaceType()
                        ? element.asClassOrInterfaceType().getNameAsString()
                        : element.asString();
        return name + "[]".repeat(dimensions);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof MemberKey && ((MemberKey) other).description.equals(description);
    }

    @Override
    public int hashCode() {
        return description.hashCode();
    }

    @Override
    public String toString() {
        return description;
    }
}
