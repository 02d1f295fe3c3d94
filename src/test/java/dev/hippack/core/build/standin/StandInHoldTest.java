package dev.hippack.core.build.standin;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.build.StandInLauncher;
import dev.hippack.core.demo.SampleEnvironment;
import dev.hippack.core.demo.SampleEnvironmentWriter;
import dev.hippack.core.demo.SharedSample;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hold a test puts on the unpaced stand-in so that its cancel finds the build running: the
 * build stops after its first objects while the hold file exists and goes on when it is removed;
 * the launcher passes the hold of this JVM on to the stand-in's.
 */
class StandInHoldTest {

    @TempDir
    Path temp;

    @AfterEach
    void clearHold() {
        System.clearProperty(StandInBuild.HOLD);
    }

    @Test
    void aHeldBuildStopsAfterItsFirstObjectsUntilTheHoldFileIsRemoved() throws Exception {
        SampleEnvironment sample = SharedSample.copyTo(temp.resolve("machine"));
        Path hold = Files.writeString(temp.resolve("hold"), "");
        System.setProperty(StandInBuild.HOLD, hold.toString());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StandInBuild build = new StandInBuild(sample.host(), SampleEnvironmentWriter.CHECKOUT, 0,
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        CompletableFuture<Integer> run = CompletableFuture.supplyAsync(() -> {
            try {
                return build.run(new String[] {"-RocmPath", SampleEnvironmentWriter.ROCM_ROOT + "\\6.4", "-BuildDir", "build\\hip",
                    "-GpuTargets", "gfx1100", "-Target", "audiocpp_cli"});
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        String held = "[" + (StandInBuild.HOLD_AFTER + 1) + "/";
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (!out.toString(StandardCharsets.UTF_8).contains(held) && !run.isDone() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        String log = out.toString(StandardCharsets.UTF_8);
        assertThat(log).contains(held);
        // The held object is announced, never written while the hold lasts.
        String object = log.substring(log.indexOf(held)).split("\n")[0].replaceFirst(".* object ", "").trim();
        Path buildDir = sample.host().resolve(SampleEnvironmentWriter.CHECKOUT + "\\build\\hip");
        assertThat(buildDir.resolve(object)).doesNotExist();
        assertThat(run).isNotDone();

        Files.delete(hold);
        assertThat(run.get(2, TimeUnit.MINUTES)).isZero();
        assertThat(buildDir.resolve(object)).exists();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("Linking CXX executable bin\\audiocpp_cli.exe");
    }

    @Test
    void theLauncherPassesThisJvmsHoldToTheStandIn() {
        StandInLauncher launcher = new StandInLauncher(Duration.ZERO);
        assertThat(launcher.command(null, "C:\\src")).noneMatch(a -> a.contains(StandInBuild.HOLD));
        System.setProperty(StandInBuild.HOLD, temp.resolve("hold").toString());
        List<String> held = launcher.command(null, "C:\\src");
        assertThat(held).contains("-D" + StandInBuild.HOLD + "=" + temp.resolve("hold"));
    }
}
