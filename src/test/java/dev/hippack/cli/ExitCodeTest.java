package dev.hippack.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.hippack.core.build.BuildRecordStore;
import dev.hippack.core.build.UnfinishedBuild;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.demo.SharedSample;
import dev.hippack.core.plan.Release;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.profile.ProfileStore;
import dev.hippack.launch.RunLog;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The exit code of each class of outcome, for each command, under real conditions: 0 the work
 * succeeded; 1 it found errors, or it failed while working (an output whose folder is a file, a
 * full disk); 2 bad input. A full disk is a real tmpfs filled to the brim, mounted when the tests
 * may mount (root); elsewhere those cases say they did not run. Every failure names its cause and
 * is never an "unexpected error".
 */
class ExitCodeTest {

    private static final Catalog CATALOG = CatalogLoader.embedded();

    @TempDir
    static Path temp;

    /** The sample build machine every case works on. */
    static Path sample;
    static Path rocm6;
    /** rocm7 with gfx1102, which ROCm 7.1's hipBLASLt has no kernels for: a plan error. */
    static Path rocm7WithGfx1102;
    /** rocm6 plus gfx1030 (allowed): stages, and the audit finds its kernels missing. */
    static Path rocm6WithRdna2;
    /** rocm6 whose build folder is a file on the build machine: the build cannot write. */
    static Path buildDirIsAFile;
    /** rocm6 without a checkout: a build has nothing to build. */
    static Path noSource;
    /** A regular file where a command's output folder must be. */
    static Path blocker;
    static Path stagedGood;
    static Path stagedWithoutReadme;
    static Path smallTree;
    static Path hostWithoutSdk;
    /** The sample's release of both tracks, each with one target (small zips). */
    static Path smallRelease;
    /** That release with gfx1030 in its rocm6 package: the audit finds its hipBLASLt kernels missing. */
    static Path releaseWithRdna2;
    static Path rocm6Unfinished;
    static Path releaseUnfinished;
    static Path smallZip;
    /** {@link #smallZip} with a byte of an entry's data changed: its CRC no longer matches. */
    static Path damagedZip;
    /** A tmpfs with no byte free, or null when none could be mounted here. */
    static Path fullDisk;

    record Case(String command, String outcome, Function<String, String[]> args, int exitCode, boolean needsFullDisk) {
        @Override
        public String toString() {
            return command + ": " + outcome + " -> " + exitCode;
        }
    }

    private static Case ok(String command, String... args) {
        return new Case(command, "success", x -> args, Cli.OK, false);
    }

    private static Case errors(String command, String... args) {
        return new Case(command, "the work found errors", x -> args, Cli.FAILED, false);
    }

    private static Case folderIsAFile(String command, String... args) {
        return new Case(command, "the output's folder is a file", x -> args, Cli.FAILED, false);
    }

    /** {@code args} with {@code @FULL} replaced by a folder on the full disk. */
    private static Case diskFull(String command, String... args) {
        return new Case(command, "the disk is full", full -> Stream.of(args).map(a -> a.replace("@FULL", full)).toArray(String[]::new),
                Cli.FAILED, true);
    }

    private static Case badInput(String command, String... args) {
        return new Case(command, "bad input", x -> args, Cli.BAD_INPUT, false);
    }

    static List<Case> cases() {
        String s = sample.toString();
        String missing = temp.resolve("missing.json").toString();
        String block = blocker.toString();
        return List.of(
                ok("estimate", "estimate", "--track", "rocm6"),
                errors("estimate", "estimate", "--track", "rocm7", "--targets", "gfx1102"),
                badInput("estimate", "estimate", "--track", "rocm9"),

                ok("plan", "--host", s, "plan", "--profile", rocm6.toString()),
                errors("plan", "--host", s, "plan", "--profile", rocm7WithGfx1102.toString()),
                badInput("plan", "plan", "--profile", missing),

                ok("detect", "--host", s, "detect"),
                errors("detect", "--host", hostWithoutSdk.toString(), "detect"),
                badInput("detect", "--host", temp.resolve("no-such-machine").toString(), "detect"),

                ok("build", "--host", s, "build", "--profile", rocm6.toString(), "--stand-in-pace", "0"),
                folderIsAFile("build", "--host", s, "build", "--profile", buildDirIsAFile.toString(), "--stand-in-pace", "0"),
                badInput("build", "--host", s, "build", "--profile", noSource.toString()),

                ok("stage", "--host", s, "stage", "--profile", rocm6.toString(), "--out", temp.resolve("stage-ok").toString()),
                folderIsAFile("stage", "--host", s, "stage", "--profile", rocm6.toString(), "--out", block + "/out"),
                diskFull("stage", "--host", s, "stage", "--profile", rocm6.toString(), "--out", "@FULL/stage"),
                badInput("stage", "--host", s, "stage", "--profile", missing),

                ok("package", "--host", s, "package", "--profile", rocm6.toString(), "--skip-build",
                        "--out", temp.resolve("package-ok").toString()),
                errors("package", "--host", s, "package", "--profile", rocm6Unfinished.toString(), "--skip-build",
                        "--out", temp.resolve("package-errors").toString()),
                badInput("package", "--host", s, "package", "--profile", rocm6WithRdna2.toString(), "--skip-build",
                        "--out", temp.resolve("package-refused").toString()),
                folderIsAFile("package", "--host", s, "package", "--profile", rocm6.toString(), "--skip-build", "--out", block + "/out"),
                diskFull("package", "--host", s, "package", "--profile", rocm6.toString(), "--skip-build", "--out", "@FULL/package"),
                badInput("package", "--host", s, "package", "--profile", missing, "--skip-build"),

                ok("audit", "audit", stagedGood.toString(), "--profile", rocm6.toString()),
                errors("audit", "audit", stagedWithoutReadme.toString(), "--profile", rocm6.toString()),
                badInput("audit", "audit", temp.resolve("missing.zip").toString()),

                ok("zip", "zip", smallTree.toString(), "--out", temp.resolve("zip-ok/small.zip").toString()),
                folderIsAFile("zip", "zip", smallTree.toString(), "--out", block + "/small.zip"),
                diskFull("zip", "zip", smallTree.toString(), "--out", "@FULL/small.zip"),
                badInput("zip", "zip", smallTree.toString(), "--out", temp.resolve("zip-bad/small.zip").toString(), "--level", "12"),

                ok("pe", "pe", sample.resolve("src/audio.cpp/build/hip/bin/audiocpp_cli.exe").toString()),
                badInput("pe", "pe", temp.resolve("missing.dll").toString()),

                ok("ci-workflow", "ci-workflow", "--profile", rocm6.toString(), "--packager-repo", "me/hip-packager", "--packager-ref", "v0.1.0"),
                folderIsAFile("ci-workflow", "ci-workflow", "--profile", rocm6.toString(), "--packager-repo", "me/hip-packager", "--packager-ref", "v0.1.0",
                        "--out", block + "/release-hip.yml"),
                diskFull("ci-workflow", "ci-workflow", "--profile", rocm6.toString(), "--packager-repo", "me/hip-packager", "--packager-ref", "v0.1.0",
                        "--out", "@FULL/release-hip.yml"),
                badInput("ci-workflow", "ci-workflow", "--profile", rocm6.toString(), "--packager-repo", "me/hip-packager", "--packager-ref", "v0.1.0",
                        "--tracks", "rocm9"),
                badInput("ci-workflow", "ci-workflow", "--profile", rocm6.toString()),

                ok("release", "--host", s, "release", "--profile", smallRelease.toString(), "--skip-build",
                        "--out", temp.resolve("release-ok").toString()),
                errors("release", "--host", s, "release", "--profile", releaseUnfinished.toString(), "--skip-build",
                        "--out", temp.resolve("release-errors").toString()),
                badInput("release", "--host", s, "release", "--profile", releaseWithRdna2.toString(), "--skip-build",
                        "--out", temp.resolve("release-refused").toString()),
                folderIsAFile("release", "--host", s, "release", "--profile", smallRelease.toString(), "--skip-build",
                        "--out", block + "/out"),
                diskFull("release", "--host", s, "release", "--profile", smallRelease.toString(), "--skip-build",
                        "--out", "@FULL/release"),
                badInput("release", "--host", s, "release", "--profile", missing, "--skip-build", "--out", temp.resolve("release-bad").toString()),

                ok("diff", "diff", stagedGood.toString(), stagedWithoutReadme.toString()),
                errors("diff", "diff", smallZip.toString(), damagedZip.toString()),
                badInput("diff", "diff", temp.resolve("missing.zip").toString(), stagedGood.toString()),

                ok("demo-env", "demo-env", temp.resolve("demo-ok").toString()),
                folderIsAFile("demo-env", "demo-env", block + "/sample"),
                diskFull("demo-env", "demo-env", "@FULL/sample"),
                badInput("demo-env", "demo-env", s));
    }

    @BeforeAll
    static void buildMachineAndInputs() throws Exception {
        sample = temp.resolve("machine");
        SharedSample.copyTo(sample);
        rocm6 = sample.resolve("profiles/rocm6.json");
        ProfileStore profiles = new ProfileStore(CATALOG);
        ReleasePlan plan6 = profiles.load(rocm6);
        ReleasePlan plan7 = profiles.load(sample.resolve("profiles/rocm7.json"));
        rocm7WithGfx1102 = save(profiles, plan7.withTargets(List.of("gfx1100", "gfx1102")), "rocm7-gfx1102.json");
        List<String> withRdna2 = new ArrayList<>(plan6.targets());
        withRdna2.add("gfx1030");
        rocm6WithRdna2 = save(profiles, plan6.withTargets(withRdna2).withAllowRdna2(true), "rocm6-rdna2.json");
        // A plan the rules accept, whose build folder holds the binaries of a cancelled build: the checks refuse them (exit 1).
        Path bin = sample.resolve("src/audio.cpp/build/hip/bin");
        Path unfinishedBin = Files.createDirectories(sample.resolve("src/audio.cpp/build/hip-unfinished/bin"));
        try (Stream<Path> files = Files.list(bin)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                Files.copy(f, unfinishedBin.resolve(f.getFileName()));
            }
        }
        new BuildRecordStore().markUnfinished(unfinishedBin, new UnfinishedBuild(UnfinishedBuild.State.CANCELLED,
                "2026-01-01T00:00:00Z", "2026-01-01T00:05:00Z", plan6.targets(), "audiocpp_server"));
        rocm6Unfinished = save(profiles, plan6.withBuildDir("build\\hip-unfinished"), "rocm6-unfinished.json");
        Files.writeString(sample.resolve("build-blocker"), "a file where the build folder must be");
        buildDirIsAFile = save(profiles, plan6.withBuildDir("C:\\build-blocker\\hip"), "build-dir-is-a-file.json");
        noSource = save(profiles, plan6.withSource(null), "no-source.json");
        blocker = Files.writeString(temp.resolve("blocker"), "a file where a folder must be");

        stagedGood = stage("staged-good");
        stagedWithoutReadme = stage("staged-broken");
        Files.delete(stagedWithoutReadme.resolve("README.md"));

        smallTree = Files.createDirectories(temp.resolve("small"));
        Random random = new Random(42);
        for (int i = 0; i < 4; i++) {
            byte[] bytes = new byte[256 * 1024];
            random.nextBytes(bytes);
            Files.write(smallTree.resolve("part" + i + ".dll"), bytes);
        }
        Release release = profiles.loadRelease(sample.resolve("profiles/release.json"));
        List<ReleasePlan> small = release.packages().stream().map(p -> p.withTargets(List.of("gfx1151"))).toList();
        smallRelease = temp.resolve("small-release.json");
        profiles.save(new Release(small), smallRelease);
        releaseWithRdna2 = temp.resolve("release-rdna2.json");
        profiles.save(new Release(List.of(small.get(0).withTargets(List.of("gfx1151", "gfx1030")).withAllowRdna2(true), small.get(1))),
                releaseWithRdna2);
        releaseUnfinished = temp.resolve("release-unfinished.json");
        profiles.save(new Release(List.of(small.get(0).withBuildDir("build\\hip-unfinished"), small.get(1))), releaseUnfinished);
        smallZip = temp.resolve("zips/small.zip");
        assertThat(CliTestSupport.run("zip", smallTree.toString(), "--out", smallZip.toString()).exitCode()).isZero();
        damagedZip = temp.resolve("zips/damaged.zip");
        byte[] bytes = Files.readAllBytes(smallZip);
        bytes[1000] ^= 0x55;
        Files.write(damagedZip, bytes);

        hostWithoutSdk = Files.createDirectories(temp.resolve("bare-machine"));
        Files.writeString(hostWithoutSdk.resolve("host.json"), "{\"os\": \"windows\"}");

        fullDisk = mountFullTmpfs(temp.resolve("full-disk"));
    }

    @AfterAll
    static void unmount() throws Exception {
        if (fullDisk != null) {
            new ProcessBuilder("umount", "-l", fullDisk.toString()).inheritIO().start().waitFor(60, TimeUnit.SECONDS);
        }
    }

    private static Path save(ProfileStore profiles, ReleasePlan plan, String name) throws Exception {
        Path file = temp.resolve(name);
        profiles.save(plan, file);
        return file;
    }

    private static Path stage(String folder) {
        CliTestSupport.Result r = CliTestSupport.run("--host", sample.toString(), "stage", "--profile", rocm6.toString(),
                "--out", temp.resolve(folder).toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        return temp.resolve(folder).resolve("audiocpp-windows-hip-rocm6");
    }

    /** A 64 KiB tmpfs, then filled until the kernel says ENOSPC; null when mounting is not allowed here. */
    private static Path mountFullTmpfs(Path dir) throws Exception {
        Files.createDirectories(dir);
        Process mount;
        try {
            mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", dir.toString())
                    .redirectErrorStream(true).start();
        } catch (IOException noMount) {
            return null;
        }
        mount.getInputStream().readAllBytes();
        if (!mount.waitFor(60, TimeUnit.SECONDS) || mount.exitValue() != 0) {
            return null;
        }
        try (OutputStream filler = Files.newOutputStream(dir.resolve("filler"))) {
            byte[] page = new byte[4096];
            for (int i = 0; i < 1_000; i++) {
                filler.write(page);
                filler.flush();
            }
        } catch (IOException full) {
            return dir;   // No space left on device: the disk is full, as wanted.
        }
        throw new IllegalStateException("4 MB fit on a 64 KiB tmpfs at " + dir);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void exitCodeOfEachOutcome(Case c) {
        if (c.needsFullDisk()) {
            assumeTrue(fullDisk != null, "no tmpfs could be mounted here (needs root): the full-disk case did not run");
        }
        CliTestSupport.Result r = CliTestSupport.run(c.args().apply(fullDisk == null ? "" : fullDisk.toString()));

        assertThat(r.exitCode()).as("stdout:%n%s%nstderr:%n%s", r.out(), r.err()).isEqualTo(c.exitCode());
        assertThat(r.err()).doesNotContain("unexpected error");
        if (c.exitCode() != Cli.OK && !c.outcome().equals("the work found errors")) {
            assertThat(r.err()).as("the failure is explained on stderr").contains("hip-packager: ");
        }
        if (c.needsFullDisk()) {
            assertThat(r.err()).as("the message says why").containsIgnoringCase("space");
        }
    }

    @Test
    void everyRegisteredCommandHasItsExitCodesTested() {
        Set<String> registered = new TreeSet<>(new Cli(x -> { }, RunLog.none("test")).commandLine().getSubcommands().keySet());
        Set<String> tested = new TreeSet<>(cases().stream().map(Case::command).toList());
        assertThat(tested).containsExactlyElementsOf(registered);
        for (String command : registered) {
            List<Integer> codes = cases().stream().filter(c -> c.command().equals(command)).map(Case::exitCode).toList();
            assertThat(codes).as(command).contains(Cli.OK, Cli.BAD_INPUT);
        }
    }
}
