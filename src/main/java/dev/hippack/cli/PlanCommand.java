package dev.hippack.cli;

import dev.hippack.core.PackagerException;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.KernelSizes;
import dev.hippack.core.detect.CheckoutInspector;
import dev.hippack.core.detect.MachineDetector;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.plan.PackageName;
import dev.hippack.core.plan.PlanFacts;
import dev.hippack.core.plan.PlanRules;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.release.PackageResolver;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code hip-packager plan --profile FILE [--detect] [--json]}: every plan rule's findings on a release profile. */
@Command(name = "plan",
        description = {"Judges a release profile by the guide's rules and prints the findings.",
            "With --detect (implied by --host and --demo) the build machine is detected first, so the rules also "
                + "check the scanned SDK kernels, the checkout's build script and the installed MSVC toolsets."},
        footer = {"", "Exit codes: 0 no errors (warnings and notes allowed); 1 an error finding; 2 the profile cannot be read."})
public final class PlanCommand extends BaseCommand {

    /** The {@code --json} output; {@code kernels} says where the kernel facts came from (catalog or measured). */
    public record Report(String profile, String track, String rocmVersion, List<String> targets, String kernels,
            List<Finding> findings) { }

    @Mixin
    ProfileOption profile;

    @Option(names = "--detect", description = "Detect this machine first and judge with what is installed.")
    boolean detect;

    @Mixin
    JsonOption json;

    /** The plan rules' findings on one plan and the facts they were judged with. */
    record Judgement(PlanFacts facts, List<Finding> findings) {

        boolean refused() {
            return findings.stream().anyMatch(Finding::isError);
        }
    }

    /**
     * Judges {@code plan} as {@code plan} does: with the build machine detected when {@code detect}
     * (plan's --detect, implied by --host and --demo), else with the catalog's facts alone. build,
     * package, release and ci-workflow call this before any work, so they refuse exactly what plan prints.
     */
    static Judgement judge(BaseCommand command, ReleasePlan plan, boolean detect) throws PackagerException {
        Catalog catalog = command.catalog();
        PlanFacts facts = PlanFacts.unknown();
        List<Finding> findings = new ArrayList<>();
        if (detect) {
            facts = MachineDetector.standard(catalog).planFacts(command.host(), plan);
            packageName(command, plan).ifPresent(findings::add);
        }
        findings.addAll(0, new PlanRules(catalog).judge(plan, facts));
        return new Judgement(facts, List.copyOf(findings));
    }

    /** Whether plan judges with the build machine detected without --detect: under --host and --demo. */
    static boolean detectsByDefault(HipPackagerCommand root) {
        return root.demo() || root.hostDir() != null;
    }

    /**
     * The plan rules before any work: when they find an error in one of {@code plans}, their findings
     * are printed to stderr as plan prints them and the command stops with bad input (exit 2).
     *
     * @param work what would have been done, for the message: "built", "packaged"
     */
    static void requirePlanRules(BaseCommand command, Path file, List<ReleasePlan> plans, boolean detect, String work)
            throws PackagerException {
        List<String> refused = new ArrayList<>();
        PrintWriter err = command.err();
        for (ReleasePlan plan : plans) {
            Judgement j = judge(command, plan, detect);
            if (j.refused()) {
                err.println("Plan " + file + (plans.size() > 1 ? ", package " + plan.archiveName() : "") + ": track " + plan.track()
                        + " (ROCm " + plan.rocmVersion() + "), " + plan.targets().size() + " targets: " + String.join(", ", plan.targets()));
                FindingsText.printWithSummary(err, j.findings());
                err.println();
                refused.add(plan.archiveName());
            }
        }
        err.flush();
        if (!refused.isEmpty()) {
            throw new PackagerException("the plan rules refuse " + (plans.size() > 1 ? "package " + String.join(", ", refused) + " of " : "")
                    + file + " (the errors above, as 'hip-packager plan' prints them); nothing was " + work
                    + ". Fix the profile and run again.");
        }
    }

    /**
     * With detection: whether the package name can be made, {@code {version}} from the checkout's
     * version, as stage, package and release will make it; an error naming the problem if not.
     */
    private static Optional<Finding> packageName(BaseCommand command, ReleasePlan plan) throws PackagerException {
        if (!PackageName.usesVersion(plan.archiveName())) {
            return Optional.empty();
        }
        try {
            new PackageResolver().resolve(plan, command.host(), "archiveName");
            return Optional.empty();
        } catch (PackagerException e) {
            return Optional.of(Finding.error(CheckoutInspector.FINDING_ID, e.getMessage(),
                    "Tag the checkout (git tag v0.4.3) or fetch its tags, or take {version} out of archiveName."));
        }
    }

    @Override
    protected int run() throws PackagerException {
        Path file = profileFile(profile);
        ReleasePlan plan = root.profiles().load(file, profile.packageName);
        Judgement judgement = judge(this, plan, detect || detectsByDefault(root));
        PlanFacts facts = judgement.facts();
        List<Finding> findings = judgement.findings();
        String kernels = facts.kernels().map(KernelSizes::source).orElse(KernelSizes.CATALOG);
        PrintWriter out = out();
        if (json.on) {
            printJson(new Report(file.toString(), plan.track(), plan.rocmVersion(), plan.targets(), kernels, findings));
        } else {
            out.println("Plan " + file + ": track " + plan.track() + " (ROCm " + plan.rocmVersion() + "), "
                    + plan.targets().size() + " targets: " + String.join(", ", plan.targets()));
            out.println("Kernel facts from the " + kernels + (facts.kernels().isPresent() ? " (" + facts.kernels().get().describe() + ")" : "") + ".");
            out.println();
            FindingsText.printWithSummary(out, findings);
        }
        return Cli.exitCode(findings.stream().anyMatch(Finding::isError));
    }
}
