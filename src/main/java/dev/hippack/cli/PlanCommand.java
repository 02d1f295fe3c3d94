package dev.hippack.cli;

import dev.hippack.core.PackagerException;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.catalog.KernelSizes;
import dev.hippack.core.detect.MachineDetector;
import dev.hippack.core.detect.MachineReport;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.plan.PlanFacts;
import dev.hippack.core.plan.PlanRules;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.profile.ProfileStore;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code hip-packager plan --profile FILE [--detect] [--json]}: every plan rule's findings on a release profile. */
@Command(name = "plan",
        description = {"Judges a release profile by the guide's rules and prints the findings.",
            "With --detect (implied by --host and --demo) the build machine is detected first, so the rules",
            "also check the scanned SDK kernels, the checkout's build script and the installed MSVC toolsets."},
        footer = {"", "Exit codes: 0 no errors (warnings and notes allowed); 1 an error finding; 2 the profile cannot be read."})
public final class PlanCommand implements Callable<Integer> {

    /** The {@code --json} output; {@code kernels} says where the kernel facts came from (catalog or measured). */
    public record Report(String profile, String track, String rocmVersion, List<String> targets, String kernels,
            List<Finding> findings) { }

    @Spec
    CommandSpec spec;

    @ParentCommand
    HipPackagerCommand root;

    @Option(names = "--profile", paramLabel = "FILE",
            description = "The release profile (JSON). With --demo it defaults to the sample's profiles/rocm6.json.")
    Path profile;

    @Option(names = "--detect", description = "Detect this machine first and judge with what is installed.")
    boolean detect;

    @Option(names = "--json", description = "Print the findings as JSON.")
    boolean json;

    @Override
    public Integer call() throws PackagerException {
        Catalog catalog = CatalogLoader.embedded();
        Path file = root.profileOrDemoDefault(profile);
        ReleasePlan plan = new ProfileStore(catalog).load(file);
        PlanFacts facts = PlanFacts.unknown();
        if (detect || root.demo() || root.hostDir() != null) {
            MachineReport report = MachineDetector.standard(catalog).detect(root.host(), plan.source());
            facts = report.planFacts(plan);
        }
        List<Finding> findings = new PlanRules(catalog).judge(plan, facts);
        String kernels = facts.kernels().map(KernelSizes::source).orElse(KernelSizes.CATALOG);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            JsonOutput.print(out, new Report(file.toString(), plan.track(), plan.rocmVersion(), plan.targets(), kernels, findings));
        } else {
            out.println("Plan " + file + ": track " + plan.track() + " (ROCm " + plan.rocmVersion() + "), "
                    + plan.targets().size() + " targets: " + String.join(", ", plan.targets()));
            out.println("Kernel facts from the " + kernels + (facts.kernels().isPresent() ? " (" + facts.kernels().get().describe() + ")" : "") + ".");
            out.println();
            FindingsText.print(out, findings);
        }
        out.flush();
        return findings.stream().anyMatch(Finding::isError) ? Cli.FAILED : Cli.OK;
    }
}
