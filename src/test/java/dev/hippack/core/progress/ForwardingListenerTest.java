package dev.hippack.core.progress;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.build.BuildLogAnalyzer;
import dev.hippack.core.build.LogFile;
import dev.hippack.core.build.LogTee;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ForwardingListenerTest {

    /** Writes down every call it gets, in order. */
    private static final class Recorder implements OperationListener {
        final List<String> calls = new ArrayList<>();

        @Override public void progress(long done, long total) {
            calls.add("progress " + done + "/" + total);
        }

        @Override public void status(String text) {
            calls.add("status " + text);
        }

        @Override public void log(LogLine line) {
            calls.add("log " + line.text());
        }

        @Override public void part(String name, PartState state) {
            calls.add("part " + name + " " + state);
        }
    }

    private static void everyKindOfCall(OperationListener l) {
        l.progress(3, 7);
        l.status("zipping");
        l.log(LogLine.tool(LogLine.Level.INFO, "a line of the tool"));
        l.part("audiocpp_cli", PartState.RUNNING);
    }

    private static final List<String> EVERY_KIND = List.of("progress 3/7", "status zipping", "log a line of the tool",
            "part audiocpp_cli RUNNING");

    @Test
    void aSubclassThatOverridesNothingPassesOnEveryCall() {
        Recorder next = new Recorder();
        everyKindOfCall(new ForwardingListener(next) { });
        assertThat(next.calls).containsExactlyElementsOf(EVERY_KIND);
    }

    @Test
    void theLogTeePassesOnEveryCallAndWritesTheLogLinesToItsFile(@TempDir Path dir) throws Exception {
        Recorder next = new Recorder();
        Path log = dir.resolve("build.log");
        try (LogFile file = LogFile.append(log)) {
            everyKindOfCall(new LogTee(file, next));
        }
        assertThat(next.calls).containsExactlyElementsOf(EVERY_KIND);
        assertThat(Files.readString(log, StandardCharsets.UTF_8)).contains("a line of the tool").doesNotContain("zipping");
    }

    @Test
    void theBuildLogReaderPassesOnEveryCallIncludingParts() {
        Recorder next = new Recorder();
        everyKindOfCall(new BuildLogAnalyzer(next, "audiocpp_cli", null));
        // A tool's own line is not build output, so the reader adds nothing of its own to these calls.
        assertThat(next.calls).containsExactlyElementsOf(EVERY_KIND);
    }
}
