package dev.hippack.cli;

import dev.hippack.core.PackagerException;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.finding.Finding;
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
import picocli.CommandLine.Spec;

/** {@code hip-packager plan --profile FILE [--json]}: every plan rule's findings on a release profile. */
@Command(name = "plan",
        description = {"Judges a release profile by the guide's rules and prints the findings."},
        footer = {"", "Exit codes: 0 no errors (warnings and notes allowed); 1 an error finding; 2 the profile cannot be read."})
public final class PlanCommand implements Callable<Integer> {

    /** The {@code --json} output. */
    public record Report(String profile, String track, String rocmVersion, List<String> targets, List<Finding> findings) { }

    @Spec
    CommandSpec spec;

    @Option(names = "--profile", required = true, paramLabel = "FILE", description = "The release profile (JSON).")
    Path profile;

    @Option(names = "--json", description = "Print the findings as JSON.")
    boolean json;

    @Override
    public Integer call() throws PackagerException {
        Catalog catalog = CatalogLoader.embedded();
        ReleasePlan plan = new ProfileStore(catalog).load(profile);
        List<Finding> findings = new PlanRules(catalog).judge(plan);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            JsonOutput.print(out, new Report(profile.toString(), plan.track(), plan.rocmVersion(), plan.targets(), findings));
        } else {
            out.println("Plan " + profile + ": track " + plan.track() + " (ROCm " + plan.rocmVersion() + "), "
                    + plan.targets().size() + " targets: " + String.join(", ", plan.targets()));
            out.println();
            FindingsText.print(out, findings);
        }
        out.flush();
        return findings.stream().anyMatch(Finding::isError) ? Cli.FAILED : Cli.OK;
    }
}
