package dev.hippack.ui.steps;

import dev.hippack.core.PackagerException;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.plan.PlanFacts;
import dev.hippack.core.plan.PlanRules;
import dev.hippack.core.plan.ReleasePlan;
import java.util.List;
import java.util.function.Function;

/** The steps' view of the plan rules: every finding the rules have about a plan (Track and Build both ask). */
@FunctionalInterface
public interface PlanJudge {

    List<Finding> judge(ReleasePlan plan);

    /**
     * The engine's rules with the facts detection found. A plan the rules cannot read at all (an
     * unknown id) becomes one error finding rather than an exception.
     */
    static PlanJudge of(PlanRules rules, Function<ReleasePlan, PlanFacts> facts) {
        return plan -> {
            try {
                return rules.judge(plan, facts.apply(plan));
            } catch (PackagerException e) {
                return List.of(Finding.error("plan.input", e.getMessage(), "Choose a known track and architectures."));
            }
        };
    }
}
