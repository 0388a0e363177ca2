package io.joulebench.core.server;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
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

    /**
     * The secret values in an environment and argument lists: values of secret-named variables and the argument of
     * a secret-looking flag ({@code --api-key X}, {@code --api-key=X}). Blank values are left out.
     */
    public static Collection<String> values(Map<String, String> env, List<List<String>> argLists) {
        Collection<String> values = new LinkedHashSet<>();
        env.forEach((k, v) -> {
            if (isSecretName(k) && v != null && !v.isBlank()) {
                values.add(v);
            }
        });
        for (List<String> args : argLists) {
            List<String> masked = maskArgs(args);
            for (int i = 0; i < args.size(); i++) {
                String arg = args.get(i);
                String m = masked.get(i);
                if (!arg.equals(m)) {
                    String value = m.equals(MASK) ? arg : arg.substring(arg.indexOf('=') + 1);
                    if (!value.isBlank()) {
                        values.add(value);
                    }
                }
            }
        }
        return values;
    }

    /** {@code text} with each of {@code secrets} replaced by the mask (longest first, so no fragment survives). */
    public static String scrub(String text, Collection<String> secrets) {
        if (text == null || text.isEmpty() || secrets.isEmpty()) {
            return text;
        }
        List<String> ordered = new ArrayList<>(secrets);
        ordered.sort((a, b) -> Integer.compare(b.length(), a.length()));
        String out = text;
        for (String secret : ordered) {
            out = out.replace(secret, MASK);
        }
        return out;
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
