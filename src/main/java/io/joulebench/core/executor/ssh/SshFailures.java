package io.joulebench.core.executor.ssh;

import com.jcraft.jsch.JSchChangedHostKeyException;
import com.jcraft.jsch.JSchException;
import com.jcraft.jsch.JSchUnknownHostKeyException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.List;

/** Why an SSH connection failed, in words that say what to do (JSch's messages are terse). */
final class SshFailures {

    private SshFailures() {
    }

    /** @param fingerprint the key the host showed ({@code ED25519 SHA256:…}), null when it showed none */
    static String explain(SshTarget t, Path knownHosts, List<String> tried, JSchException e, String fingerprint) {
        String m = e.getMessage() == null ? "" : e.getMessage();
        String where = t.host() + " (port " + t.port() + ")";
        String keyscan = "ssh-keyscan -p " + t.port() + " " + t.host() + " >> " + knownHosts;
        String shown = fingerprint == null ? "" : " (it shows " + fingerprint + ")";
        if (e instanceof JSchUnknownHostKeyException || m.startsWith("UnknownHostKey")
                || m.startsWith("reject HostKey")) {
            return "--ssh: the host key of " + where + shown + " is not in " + knownHosts + ". Check the"
                    + " fingerprint with the cluster's admins (or connect once with ssh), then add it: " + keyscan;
        }
        if (e instanceof JSchChangedHostKeyException || m.startsWith("HostKey has been changed")) {
            return "--ssh: the host key of " + where + shown + " differs from the one in " + knownHosts
                    + " (someone may be intercepting the connection). If the cluster's key really changed, remove the"
                    + " old entry with ssh-keygen -R '" + t.knownHostsName() + "' and add the new one after checking"
                    + " it: " + keyscan;
        }
        if (m.startsWith("Auth fail") || m.startsWith("Auth cancel")) {
            return "--ssh: " + t.user() + "@" + where + " accepted none of the keys tried (" + (tried.isEmpty()
                    ? "none: no ~/.ssh/id_ed25519, id_ecdsa or id_rsa, and no SSH_AUTH_SOCK" : String.join(", ", tried))
                    + "); a key with a passphrase works through ssh-agent";
        }
        Throwable c = e.getCause();
        if (c instanceof ConnectException || c instanceof NoRouteToHostException || c instanceof UnknownHostException
                || c instanceof SocketTimeoutException || m.contains("timeout")) {
            return "--ssh: cannot reach " + where + ": " + (c != null && c.getMessage() != null ? c.getMessage() : m);
        }
        return "--ssh: connecting to " + t + " failed: " + m;
    }
}
