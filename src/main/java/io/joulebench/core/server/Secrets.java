package io.joulebench.core.server;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Masks secrets (HF_TOKEN, API keys) wherever a spec, an environment or a command line is logged. */
public final class Secrets {

    public static final String MASK = "****";

    private Secrets() {
    }

    /** True for names like HF_TOKEN, HUGGING_FACE_HUB_TOKEN, OPENAI_API_KEY, --api-key, DB_PASSWORD. */
    public static boolean isSecretName(String name) {
        String n = name.toUpperCase(Locale.ROOT).replace('-', '_');
        return n.contains("TOKEN") || n.contains("SECRET") || n.contains("PASSWORD") || n.contains("API_KEY")
                || n.endsWith("_KEY") || n.equals("KEY");
    }

    public static Map<String, String> maskEnv(Map<String, String> env) {
        Map<String, String> masked = new LinkedHashMap<>();
        env.forEach((k, v) -> masked.put(k, isSecretName(k) ? MASK : v));
        return masked;
    }

    /** Masks the value after a secret-looking flag ({@code --api-key X}) and in {@code --api-key=X}. */
    public static List<String> maskArgs(List<String> args) {
        List<String> masked = new ArrayList<>(args.size());
        boolean maskNext = false;
        for (String arg : args) {
            if (maskNext) {
                masked.add(MASK);
                maskNext = false;
                continue;
            }
            int eq = arg.indexOf('=');
            if (arg.startsWith("-") && eq > 0 && isSecretName(arg.substring(0, eq).replaceFirst("^-+", ""))) {
                masked.add(arg.substring(0, eq + 1) + MASK);
            } else {
                masked.add(arg);
                maskNext = arg.startsWith("-") && eq < 0 && isSecretName(arg.replaceFirst("^-+", ""));
            }
        }
        return masked;
    }
}
