package dev.hippack.core.stage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.FileTrees;
import dev.hippack.core.archive.ZipArchiver;
import dev.hippack.core.archive.ZipRequest;
import dev.hippack.core.archive.ZipResult;
import dev.hippack.core.audit.AuditReport;
import dev.hippack.core.audit.AuditRequest;
import dev.hippack.core.audit.PackageAuditor;
import dev.hippack.core.catalog.KernelLibrary;
import dev.hippack.core.catalog.KernelSizes;
import dev.hippack.core.estimate.SizeEstimate;
import dev.hippack.core.estimate.SizeEstimator;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import dev.hippack.core.plan.PlanFacts;
import dev.hippack.core.plan.PlanRules;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationListener;
import dev.hippack.core.verify.PackageVerifier;
import dev.hippack.core.verify.VerifyRequest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Selections staged, verified and zipped on the sample machine: a fixed seeded sample of the
 * subsets of each ROCm version's architectures plus the corner cases (one arch, gfx1103 alone,
 * RDNA4 only, all). Each staged package passes verification (audit, binaries, start check)
 * without error, is within 1% of its estimate, zips, and its zip passes the audit too. And what
 * the audit says about the kernel libraries, the plan said first.
 */
class StagedArchitectureSelectionTest {

    private static final long SEED = 20261130L;
    private static final int SAMPLED_PER_VERSION = 3;

    static Stream<Arguments> selections() throws Exception {
        SampleSelections machine = SampleSelections.get();
        List<Arguments> out = new ArrayList<>();
        Random random = new Random(SEED);
        for (String track : List.of("rocm6", "rocm7")) {
            List<String> supported = machine.supported(track);
            Set<List<String>> chosen = new LinkedHashSet<>();
            chosen.add(List.of(supported.get(0)));                                 // one arch
            chosen.add(List.of("gfx1103"));                                        // no rocBLAS kernels in any SDK
            chosen.add(supported.stream().filter(a -> a.startsWith("gfx120")).toList()); // RDNA4 only
            chosen.add(supported);                                                 // all
            chosen.add(List.of("gfx1100", "gfx1103"));                             // the custom selection
            List<List<String>> all = SampleSelections.subsets(supported);
            while (chosen.size() < 5 + SAMPLED_PER_VERSION) {
                chosen.add(all.get(random.nextInt(all.size())));
            }
            for (List<String> targets : chosen) {
                out.add(Arguments.of(track, targets));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("selections")
    void aStagedSelectionVerifiesIsWithinOnePercentOfItsEstimateAndZips(String track, List<String> targets) throws Exception {
        SampleSelections machine = SampleSelections.get();
        ReleasePlan plan = machine.selection(track, targets);
        PlanFacts facts = machine.report.planFacts(plan);
        var host = machine.host;
        var catalog = SampleSelections.CATALOG;
        Path temp = machine.root;
        SizeEstimate estimate = new SizeEstimator(catalog, new PlanRules(catalog)).estimate(plan, facts);

        Path out = Files.createDirectories(temp.resolve("staged-" + track + "-" + String.join("-", targets)));
        StageResult staged = new Stager().run(new StageRequest(new LayoutPlanner(catalog).plan(plan, host), out),
                OperationListener.NONE, CancellationToken.none());
        AuditReport verified = PackageVerifier.standard(catalog).run(new VerifyRequest(staged.packageDir(), plan, host, false),
                OperationListener.NONE, CancellationToken.none());
        assertThat(verified.findings()).filteredOn(Finding::isError).isEmpty();
        // The sample's binaries were built for the preset: more targets than a smaller selection; and
        // they are not signed (nothing here asked for signing).
        assertThat(verified.findings()).filteredOn(f -> f.severity() == Severity.WARNING)
                .allSatisfy(f -> assertThat(f.id()).isIn("build.targets", "sign.unsigned"));
        assertThat(verified.findings()).anySatisfy(f -> assertThat(f.id()).isEqualTo("start.check"));
        assertThat(Math.abs(staged.bytes() - estimate.totalBytes()) / (double) estimate.totalBytes())
                .as("staged %d vs estimate %d", staged.bytes(), estimate.totalBytes()).isLessThanOrEqualTo(0.01);

        Path zip = out.resolve(plan.archiveName() + ".zip");
        ZipResult z = new ZipArchiver().run(ZipRequest.of(staged.packageDir(), zip, plan.archiveName()).withLevel(1),
                OperationListener.NONE, CancellationToken.none());
        assertThat(z.zip()).exists();
        AuditReport zipAudit = new PackageAuditor(catalog).audit(zip, Optional.of(plan));
        assertThat(zipAudit.findings()).filteredOn(Finding::isError).isEmpty();
        assertThat(zipAudit.findings()).extracting(Finding::id).doesNotContain("deps.runtime-loaded");
        FileTreesHelper.deleteQuietly(out);
    }

    // ---- nothing about the kernel libraries appears only after a build ------------------------

    private static final Pattern PER_ARCH = Pattern.compile("^Target (gfx[0-9a-z]+) has .* in (rocblas|hipblaslt)\\\\library");

    /** The (library, arch) pairs the audit's libs.per-arch errors name. */
    static Set<String> auditedGaps(AuditReport report) {
        Set<String> out = new TreeSet<>();
        for (Finding f : report.findings()) {
            if (f.id().equals("libs.per-arch") && f.isError()) {
                Matcher m = PER_ARCH.matcher(f.message());
                assertThat(m.find()).as(f.message()).isTrue();
                out.add(m.group(2) + ":" + m.group(1));
            }
        }
        return out;
    }

    static Stream<Arguments> gapSelections() {
        return Stream.of(
                Arguments.of("rocm7", List.of("gfx1100", "gfx1102"), true),   // 7.1 hipBLASLt has no gfx1102
                Arguments.of("rocm7", List.of("gfx1102"), true),
                Arguments.of("rocm6", List.of("gfx1100", "gfx1103"), false),  // hipBLASLt off: rocBLAS has no gfx1103
                Arguments.of("rocm6", List.of("gfx1151", "gfx1200"), false),
                Arguments.of("rocm6", List.of("gfx1100", "gfx1103"), true),
                Arguments.of("rocm7", List.of("gfx1103", "gfx1201"), true));
    }

    @ParameterizedTest(name = "{0} {1} hipBLASLt {2}")
    @MethodSource("gapSelections")
    void theKernelProblemsTheAuditFindsAreThoseThePlanPredicted(String track, List<String> targets, boolean hipblaslt) throws Exception {
        SampleSelections machine = SampleSelections.get();
        ReleasePlan base = machine.selection(track, targets);
        ReleasePlan plan = base.withOptions(base.options().withHipblaslt(hipblaslt));
        var catalog = SampleSelections.CATALOG;
        Path temp = machine.root;
        PlanFacts facts = machine.report.planFacts(plan);
        KernelSizes kernels = new PlanRules(catalog).kernelSizes(plan, facts);
        Set<String> predicted = new TreeSet<>();
        PlanRules.kernelGaps(plan, kernels).forEach(g -> predicted.add(g.library().folder() + ":" + g.arch()));
        List<Finding> planFindings = new PlanRules(catalog).judge(plan, facts);
        // The plan tells the user about each predicted gap, on the Track step and in 'plan'.
        for (String gap : predicted) {
            String arch = gap.substring(gap.indexOf(':') + 1);
            assertThat(planFindings).anySatisfy(f -> {
                assertThat(f.id()).isEqualTo(PlanRules.ARCH_HIPBLASLT_KERNELS);
                assertThat(f.isError()).isTrue();
                assertThat(f.message()).contains(arch);
            });
        }

        Path out = Files.createDirectories(temp.resolve("gaps-" + track + "-" + String.join("-", targets) + "-" + hipblaslt));
        StageResult staged = new Stager().run(new StageRequest(new LayoutPlanner(catalog).plan(plan, machine.host), out),
                OperationListener.NONE, CancellationToken.none());
        AuditReport audit = new PackageAuditor(catalog).run(new AuditRequest(staged.packageDir(), Optional.of(plan), Optional.of(kernels)),
                OperationListener.NONE, CancellationToken.none());
        assertThat(auditedGaps(audit)).isEqualTo(predicted);
        // No other kernel-library error appears only after staging.
        assertThat(audit.findings()).filteredOn(f -> f.id().startsWith("libs.") && f.isError())
                .allSatisfy(f -> assertThat(f.id()).isEqualTo("libs.per-arch"));
        if (targets.contains("gfx1102") && track.equals("rocm7") || !hipblaslt && targets.contains("gfx1103")) {
            assertThat(predicted).isNotEmpty();
        }
        FileTreesHelper.deleteQuietly(out);
    }

    /** Staged folders are hard links; removing them keeps the temp folder small between cases. */
    static final class FileTreesHelper {
        static void deleteQuietly(Path dir) {
            try {
                FileTrees.delete(dir);
            } catch (IOException ignored) {
                // the @TempDir cleanup removes it later
            }
        }
    }
}
