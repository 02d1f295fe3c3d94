package dev.hippack.core.build;

import dev.hippack.core.audit.BuildFlagCheck;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.progress.ForwardingListener;
import dev.hippack.core.progress.LogLine;
import dev.hippack.core.progress.OperationListener;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a build log as it streams past: ninja's {@code [n/m]} lines become progress, CMake and
 * ninja lines tell the phase (configure, compile, link) for the status text, and known failure
 * signatures become findings. Keeps only the findings and the last few lines, so it stays small
 * however long the log is. Forwards every call to the next listener.
 */
public final class BuildLogAnalyzer extends ForwardingListener {

    static final int TAIL_LINES = 40;

    private static final Pattern NINJA = Pattern.compile("^\\[(\\d+)/(\\d+)\\]\\s+(.*)$");
    private static final Pattern COMPILER_CHECK =
            Pattern.compile("^-- Check for working (C|CXX|HIP) compiler: (.+?)(?: - skipped| - works| - broken)?$");
    private static final Pattern OBJECT = Pattern.compile("(?:Building \\S+ object|Building) (\\S+)");
    private static final Pattern LINKING = Pattern.compile("^Linking \\S+ (?:executable|shared library|static library) (\\S+)");

    private final String label;
    private final String sdkPath;
    private final List<FailureSignature> signatures;
    private final Map<String, Finding> findings = new LinkedHashMap<>();
    private final Map<String, Integer> hits = new LinkedHashMap<>();
    private final ArrayDeque<String> tail = new ArrayDeque<>(TAIL_LINES);
    private BuildPhase phase = BuildPhase.STARTING;
    private long done;
    private long total = -1;

    /**
     * @param next    receives every call, plus progress and status derived from the log
     * @param label   what is being built, e.g. "audiocpp_cli", shown in the status text
     * @param sdkPath the HIP SDK folder the compilers must come from; null to skip that check
     */
    public BuildLogAnalyzer(OperationListener next, String label, String sdkPath) {
        this(next, label, sdkPath, FailureSignature.known());
    }

    BuildLogAnalyzer(OperationListener next, String label, String sdkPath, List<FailureSignature> signatures) {
        super(next);
        this.label = label;
        this.sdkPath = sdkPath;
        this.signatures = List.copyOf(signatures);
    }

    @Override
    public void log(LogLine line) {
        super.log(line);
        if (line.source() != LogLine.Source.TOOL) {
            read(line.text());
        }
    }

    private synchronized void read(String text) {
        if (tail.size() == TAIL_LINES) {
            tail.removeFirst();
        }
        tail.addLast(text);
        for (FailureSignature s : signatures) {
            s.match(text).ifPresent(f -> {
                findings.putIfAbsent(s.key(), f);
                hits.merge(s.key(), 1, Integer::sum);
            });
        }
        Matcher ninja = NINJA.matcher(text);
        if (ninja.matches()) {
            done = Long.parseLong(ninja.group(1));
            total = Long.parseLong(ninja.group(2));
            String what = ninja.group(3);
            Matcher link = LINKING.matcher(what);
            BuildPhase now;
            String detail;
            if (link.find()) {
                now = BuildPhase.LINK;
                detail = fileName(link.group(1));
            } else if (what.startsWith("Re-running CMake") || what.startsWith("Re-checking")) {
                now = BuildPhase.CONFIGURE;
                detail = "";
            } else {
                now = BuildPhase.COMPILE;
                Matcher obj = OBJECT.matcher(what);
                detail = obj.find() ? fileName(obj.group(1)) : "";
            }
            phase = now;
            // Status first: a listener that prints on progress shows the step it belongs to.
            next().status(label + ": " + now.label().toLowerCase(Locale.ROOT) + " " + done + " of " + total
                    + (detail.isEmpty() ? "" : " (" + detail + ")"));
            next().progress(done, total);
            return;
        }
        if (text.startsWith("-- ") && (phase == BuildPhase.STARTING || phase == BuildPhase.CONFIGURE)) {
            if (phase != BuildPhase.CONFIGURE) {
                phase = BuildPhase.CONFIGURE;
                next().progress(0, -1);
            }
            next().status(label + ": " + BuildPhase.CONFIGURE.label().toLowerCase(Locale.ROOT) + " (" + text.substring(3).strip() + ")");
            checkCompiler(text);
        }
    }

    private void checkCompiler(String text) {
        if (sdkPath == null || sdkPath.isBlank()) {
            return;
        }
        Matcher m = COMPILER_CHECK.matcher(text);
        if (!m.matches()) {
            return;
        }
        String compiler = m.group(2).strip();
        if (!normal(compiler).startsWith(normal(sdkPath) + "/")) {
            findings.putIfAbsent("compiler-outside-sdk", Finding.error(BuildFlagCheck.BUILD_COMPILER,
                    "CMake uses the " + m.group(1) + " compiler " + compiler + ", which is not from the HIP SDK " + sdkPath
                            + ": the binaries would link against another ROCm than the one shipped.",
                    "Delete the build folder's CMakeCache.txt (a stale CMAKE_" + m.group(1) + "_COMPILER wins over the script)"
                            + " and build again with -RocmPath \"" + sdkPath + "\".").withFile(compiler));
        }
    }

    /** The status after the process ended. */
    public synchronized void finished(boolean success) {
        phase = success ? BuildPhase.FINISHED : phase;
        if (success && total > 0) {
            next().progress(total, total);
        }
    }

    private static String normal(String path) {
        String p = path.replace('\\', '/').toLowerCase(Locale.ROOT);
        while (p.endsWith("/")) {
            p = p.substring(0, p.length() - 1);
        }
        return p;
    }

    private static String fileName(String path) {
        String p = path.replace('\\', '/');
        return p.substring(p.lastIndexOf('/') + 1);
    }

    public synchronized BuildPhase phase() {
        return phase;
    }

    /** The findings of the known failures seen, once each, the first time's wording; how often each was seen is in the message. */
    public synchronized List<Finding> findings() {
        List<Finding> out = new ArrayList<>();
        for (Map.Entry<String, Finding> e : findings.entrySet()) {
            int n = hits.getOrDefault(e.getKey(), 1);
            Finding f = e.getValue();
            out.add(n > 1 ? new Finding(f.id(), f.severity(), f.message() + " (seen on " + n + " lines of the log)", f.fix(), f.file()) : f);
        }
        return out;
    }

    /** The last lines the child printed, for a failure report. */
    public synchronized List<String> tail() {
        return List.copyOf(tail);
    }

    public synchronized long done() {
        return done;
    }

    public synchronized long total() {
        return total;
    }
}
