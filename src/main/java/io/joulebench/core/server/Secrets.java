package io.joulebench.core.server;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The one rule for what counts as a secret, used wherever a spec, an environment, a command line or a results
 * document is logged or written: log lines, pid files, exception messages ({@link #maskArgs}, {@link #maskEnv}) and
 * results files ({@code io.joulebench.core.results.Redactor}).
 *
 * <p>A name is secret when one of its words (split at anything but letters and digits) ends in {@code TOKEN} (but
 * not {@code …_PER_TOKEN}, a unit), ends in {@code KEY}/{@code KEYS}/{@code KEYFILE}/{@code KEYSTORE}…, contains
 * {@code SECRET}, {@code PASSWORD}, {@code PASSWD}, {@code PASSPHRASE}, {@code CREDENTIAL}, {@code AUTHORIZATION},
 * {@code COOKIE} or {@code BEARER}, or is {@code AUTH}. So {@code HF_TOKEN}, {@code OPENAI_API_KEY},
 * {@code --apikey}, {@code --api-key}, {@code --token}, {@code --password}, {@code DB_PASSWD},
 * {@code GOOGLE_APPLICATION_CREDENTIALS}, {@code Authorization} and {@code Set-Cookie} are secret;
 * {@code max_output_tokens}, {@code mj_per_token}, {@code --tokenizer} and {@code KEYBOARD} are not.
 *
 * <p>A secret value is: an environment value under a secret name; the argument after a secret flag
 * ({@code --apikey X}); the value of {@code --flag=X} or {@code NAME=X} under a secret name; and the value of a
 * header-like {@code Name: X} under a secret name ({@code Authorization: Bearer X},
 * {@code --header=Authorization: Bearer X}).
 */
public final class Secrets {

    public static final String MASK = "****";

    private static final Pattern WORD_SEPARATOR = Pattern.compile("[^A-Z0-9]+");
    private static final Pattern KEY_WORD = Pattern.compile(".*KEY(S|FILE|STORE|RING|CHAIN|PAIR)?");
    private static final List<String> SECRET_INFIXES = List.of("SECRET", "PASSWORD", "PASSWD", "PASSPHRASE",
            "CREDENTIAL", "AUTHORIZATION", "COOKIE", "BEARER");

    private Secrets() {
    }

    /** True for names like HF_TOKEN, OPENAI_API_KEY, --apikey, DB_PASSWD, AUTHORIZATION; see the class comment. */
    public static boolean isSecretName(String name) {
        if (name == null) {
            return false;
        }
        String[] words = WORD_SEPARATOR.split(name.strip().toUpperCase(Locale.ROOT));
        for (int i = 0; i < words.length; i++) {
            String w = words[i];
            if (w.isEmpty()) {
                continue;
            }
            boolean perToken = i > 0 && words[i - 1].equals("PER");
            if (w.endsWith("TOKEN") && !perToken || KEY_WORD.matcher(w).matches() || w.equals("AUTH")) {
                return true;
            }
            for (String infix : SECRET_INFIXES) {
                if (w.contains(infix)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A flag ({@code -x}, {@code --x}) without {@code =} whose name is secret: the next argument is its value. */
    public static boolean isSecretFlag(String arg) {
        return arg != null && arg.startsWith("-") && arg.indexOf('=') < 0 && isSecretName(arg);
    }

    /**
     * The secret value inside one argument, or null: {@code X} of {@code --api-key=X} or {@code HF_TOKEN=X}, and
     * {@code Bearer X} of {@code Authorization: Bearer X} or {@code --header=Authorization: Bearer X}.
     */
    public static String inlineSecret(String arg) {
        int at = inlineSecretStart(arg);
        return at < 0 ? null : arg.substring(at).strip();
    }

    /** {@code arg} with its {@linkplain #inlineSecret inline secret} replaced by {@code mask}. */
    public static String maskInline(String arg, String mask) {
        int at = inlineSecretStart(arg);
        if (at < 0) {
            return arg;
        }
        return arg.charAt(at - 1) == '=' ? arg.substring(0, at) + mask : arg.substring(0, at) + " " + mask;
    }

    /** Where the secret value of {@code arg} starts (just after its {@code =} or {@code :}), or -1. */
    private static int inlineSecretStart(String arg) {
        if (arg == null) {
            return -1;
        }
        int eq = arg.indexOf('=');
        if (eq > 0 && isSecretName(arg.substring(0, eq))) {
            return eq + 1;
        }
        int colon = arg.indexOf(':');
        if (colon > 0 && isSecretName(arg.substring(0, colon))) {
            return colon + 1;
        }
        return -1;
    }

    public static Map<String, String> maskEnv(Map<String, String> env) {
        Map<String, String> masked = new LinkedHashMap<>();
        env.forEach((k, v) -> masked.put(k, isSecretName(k) ? MASK : v));
        return masked;
    }

    /**
     * The secret values in an environment and argument lists: values of secret-named variables, the argument after
     * a secret flag ({@code --api-key X}) and every {@linkplain #inlineSecret inline secret}. Blank values are left
     * out.
     */
    public static Collection<String> values(Map<String, String> env, List<List<String>> argLists) {
        Collection<String> values = new LinkedHashSet<>();
        env.forEach((k, v) -> {
            if (isSecretName(k) && v != null && !v.isBlank()) {
                values.add(v);
            }
        });
        for (List<String> args : argLists) {
            boolean next = false;
            for (String arg : args) {
                String value = next ? arg : inlineSecret(arg);
                if (value != null && !value.isBlank()) {
                    values.add(value);
                }
                next = !next && inlineSecret(arg) == null && isSecretFlag(arg);
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

    /** Masks the value after a secret flag ({@code --apikey X}) and every inline secret ({@code --api-key=X}). */
    public static List<String> maskArgs(List<String> args) {
        List<String> masked = new ArrayList<>(args.size());
        boolean maskNext = false;
        for (String arg : args) {
            if (maskNext) {
                masked.add(MASK);
                maskNext = false;
                continue;
            }
            String inline = maskInline(arg, MASK);
            masked.add(inline);
            maskNext = inline.equals(arg) && isSecretFlag(arg);
        }
        return masked;
    }
}
