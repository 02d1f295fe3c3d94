package dev.hippack.core.build;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * Ends a process and everything it started. Descendants are collected before anything is
 * stopped (a killed parent's children are re-parented and can no longer be found from it),
 * asked to stop deepest first, then the root; whatever still runs after the grace period is
 * ended forcibly. On Windows every stop is already forcible (TerminateProcess).
 */
public final class ProcessTree {

    private static final int SNAPSHOT_ROUNDS = 3;

    private final Duration grace;

    public ProcessTree(Duration grace) {
        this.grace = grace;
    }

    /**
     * Stops {@code root} and its descendants; reports what it does to {@code say}.
     *
     * @return how many processes are still alive at the end (0 when the whole tree is gone)
     */
    public int terminate(ProcessHandle root, Consumer<String> say) {
        Map<Long, ProcessHandle> all = stopDescendants(root);
        all.put(root.pid(), root);
        root.destroy();
        return finish(all, say);
    }

    /**
     * Stops every process {@code parent} started, and theirs, but not {@code parent} itself: what
     * an application ends before it exits, since on Windows children do not end with their parent.
     *
     * @param spare children whose trees are left running (a file manager the user opened)
     * @return how many are still alive at the end (0 when none is left)
     */
    public int terminateDescendants(ProcessHandle parent, Predicate<ProcessHandle> spare, Consumer<String> say) {
        Map<Long, ProcessHandle> all = new LinkedHashMap<>();
        for (ProcessHandle child : parent.children().filter(spare.negate()).toList()) {
            all.putAll(stopDescendants(child));
            all.put(child.pid(), child);
            child.destroy();
        }
        if (all.isEmpty()) {
            return 0;
        }
        return finish(all, say);
    }

    /** Asks every descendant to stop, deepest first, taking new snapshots while new ones show up. */
    private static Map<Long, ProcessHandle> stopDescendants(ProcessHandle root) {
        Map<Long, ProcessHandle> all = new LinkedHashMap<>();
        for (int round = 0; round < SNAPSHOT_ROUNDS && root.isAlive(); round++) {
            List<ProcessHandle> found = deepestFirst(root);
            found.removeIf(h -> all.containsKey(h.pid()));
            if (found.isEmpty() && round > 0) {
                break;
            }
            for (ProcessHandle h : found) {
                all.put(h.pid(), h);
                h.destroy();
            }
        }
        return all;
    }

    private int finish(Map<Long, ProcessHandle> all, Consumer<String> say) {
        say.accept("Stopping " + all.size() + " process(es) of the build: pid " + pids(all.values()) + ".");

        List<ProcessHandle> alive = waitForExit(new ArrayList<>(all.values()), grace);
        if (!alive.isEmpty()) {
            say.accept(alive.size() + " process(es) still running after " + grace.toSeconds()
                    + " s (pid " + pids(alive) + "); ending them forcibly.");
            for (ProcessHandle h : alive) {
                h.descendants().forEach(ProcessHandle::destroyForcibly);
                h.destroyForcibly();
            }
            alive = waitForExit(alive, Duration.ofSeconds(5));
        }
        if (alive.isEmpty()) {
            say.accept("No process of the build is left running.");
        } else {
            say.accept(alive.size() + " process(es) could not be ended: pid " + pids(alive)
                    + ". End them in the task manager.");
        }
        return alive.size();
    }

    private static List<ProcessHandle> deepestFirst(ProcessHandle root) {
        Map<Long, Long> parentOf = new LinkedHashMap<>();
        List<ProcessHandle> found = new ArrayList<>();
        root.descendants().forEach(h -> {
            found.add(h);
            h.parent().ifPresent(p -> parentOf.put(h.pid(), p.pid()));
        });
        found.sort(Comparator.comparingInt((ProcessHandle h) -> depth(h.pid(), root.pid(), parentOf)).reversed());
        return found;
    }

    private static int depth(long pid, long root, Map<Long, Long> parentOf) {
        int d = 0;
        Long p = pid;
        while (p != null && p != root && d < 1000) {
            p = parentOf.get(p);
            d++;
        }
        return d;
    }

    private static List<ProcessHandle> waitForExit(List<ProcessHandle> handles, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<ProcessHandle> alive = new ArrayList<>();
        for (ProcessHandle h : handles) {
            long left = deadline - System.nanoTime();
            try {
                if (left > 0) {
                    h.onExit().get(left, TimeUnit.NANOSECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                // Timed out or could not be watched: checked again just below.
            }
            if (h.isAlive()) {
                alive.add(h);
            }
        }
        return alive;
    }

    private static String pids(Iterable<ProcessHandle> handles) {
        StringBuilder sb = new StringBuilder();
        for (ProcessHandle h : handles) {
            if (sb.length() > 0) {
                sb.append(", ");
            }
            sb.append(h.pid());
        }
        return sb.toString();
    }
}
