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

    @Option(names = "--json", description = "Print the findings as JSON.")
    boolean json;

    /**
     * With detection: whether the package name can be made, {@code {version}} from the checkout's
     * version, as stage, package and release will make it; an error naming the problem if not.
     */
    private Optional<Finding> packageName(ReleasePlan plan) throws PackagerException {
        if (!PackageName.usesVersion(plan.archiveName())) {
            return Optional.empty();
        }
        try {
            new PackageResolver().resolve(plan, host(), "archiveName");
            return Optional.empty();
        } catch (PackagerException e) {
            return Optional.of(Finding.error(CheckoutInspector.FINDING_ID, e.getMessage(),
                    "Tag the checkout (git tag v0.4.3) or fetch its tags, or take {version} out of archiveName."));
        }
    }

    @Override
    protected int run() throws PackagerException {
        Catalog catalog = catalog();
        Path file = profileFile(profile);
        ReleasePlan plan = root.profiles().load(file, profile.packageName);
        PlanFacts facts = PlanFacts.unknown();
        List<Finding> findings = new ArrayList<>();
        if (detect || root.demo() || root.hostDir() != null) {
            facts = MachineDetector.standard(catalog).planFacts(host(), plan);
            packageName(plan).ifPresent(findings::add);
        }
        findings.addAll(0, new PlanRules(catalog).judge(plan, facts));
        String kernels = facts.kernels().map(KernelSizes::source).orElse(KernelSizes.CATALOG);
        PrintWriter out = out();
        if (json) {
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
