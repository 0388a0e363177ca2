package io.joulebench.core;

/** The version of this build, as stamped in every result ({@code tool_version}). */
public final class ToolVersion {

    private ToolVersion() {
    }

    public static String get() {
        String v = ToolVersion.class.getPackage().getImplementationVersion();
        return v != null ? v : "0.1.0-SNAPSHOT";
    }
}
