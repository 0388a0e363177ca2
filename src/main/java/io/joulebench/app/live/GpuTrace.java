package io.joulebench.app.live;

import java.util.List;

/** The recent power samples of one device, oldest first. */
public record GpuTrace(int device, String name, List<PowerPoint> samples) {

    public GpuTrace {
        samples = List.copyOf(samples);
    }
}
