package dev.hippack.ui.common;

import java.util.ArrayList;
import java.util.List;

/**
 * Holds every job until the test releases it, so a test can look at a view-model while its task
 * is "running" (busy, Back disabled) and cancel it.
 */
public final class HeldTaskRunner implements TaskRunner {

    private final List<Runnable> held = new ArrayList<>();
    private final DirectTaskRunner direct = new DirectTaskRunner();
    private int cancels;

    @Override
    public <T> RunningTask run(BackgroundJob<T> job, TaskObserver<T> observer) {
        boolean[] cancelled = {false};
        held.add(() -> {
            if (cancelled[0]) {
                observer.cancelled();
            } else {
                direct.run(job, observer);
            }
        });
        return () -> {
            cancelled[0] = true;
            cancels++;
        };
    }

    /** Runs every held job now (a cancelled one reports "cancelled"). */
    public void release() {
        List<Runnable> now = new ArrayList<>(held);
        held.clear();
        now.forEach(Runnable::run);
    }

    public int heldCount() {
        return held.size();
    }

    public int cancels() {
        return cancels;
    }
}
