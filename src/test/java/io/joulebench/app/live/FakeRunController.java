package io.joulebench.app.live;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Test-only controller that records the actions the view asks for. */
public class FakeRunController implements RunController {

    public final List<String> calls = new ArrayList<>();
    public boolean available = true;

    @Override
    public boolean available() {
        return available;
    }

    @Override
    public void start() {
        calls.add("start");
    }

    @Override
    public void cancel() {
        calls.add("cancel");
    }

    @Override
    public void resume(Path resultsFolder) {
        calls.add("resume " + resultsFolder.getFileName());
    }
}
