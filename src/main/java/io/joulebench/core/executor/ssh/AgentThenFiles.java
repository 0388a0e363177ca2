package io.joulebench.core.executor.ssh;

import com.jcraft.jsch.Identity;
import com.jcraft.jsch.IdentityRepository;
import java.util.Vector;

/** The agent's keys first (they include passphrase-protected ones), then the key files JSch loaded. */
final class AgentThenFiles implements IdentityRepository {

    private final IdentityRepository agent;
    private final IdentityRepository files;

    AgentThenFiles(IdentityRepository agent, IdentityRepository files) {
        this.agent = agent;
        this.files = files;
    }

    @Override
    public String getName() {
        return "ssh-agent and key files";
    }

    @Override
    public int getStatus() {
        return RUNNING;
    }

    @Override
    public Vector<Identity> getIdentities() {
        Vector<Identity> all = new Vector<>();
        if (agent.getStatus() != UNAVAILABLE) {
            all.addAll(agent.getIdentities());
        }
        all.addAll(files.getIdentities());
        return all;
    }

    @Override
    public boolean add(byte[] identity) {
        return false; // never adds keys to the user's agent
    }

    @Override
    public boolean remove(byte[] blob) {
        return false;
    }

    @Override
    public void removeAll() {
        // the agent's keys are the user's: left alone
    }
}
