package dev.hippack.ui.steps.track;

import dev.hippack.core.finding.Finding;
import dev.hippack.core.plan.ReleasePlan;
import java.util.List;

/** The step's view of the plan rules: every finding the rules have about a plan. */
@FunctionalInterface
public interface PlanJudge {
    List<Finding> judge(ReleasePlan plan);
}
