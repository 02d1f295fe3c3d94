package dev.hippack.core.profile;

import java.util.List;

/**
 * An exported GitHub Actions workflow.
 *
 * @param yaml     the workflow file's text
 * @param releases one entry per matrix track: the plan the runner packages
 * @param notes    what the export changed from the profile and why (e.g. a target the track lacks)
 */
public record CiWorkflow(String yaml, List<RunnerRelease> releases, List<String> notes) {

    public CiWorkflow {
        releases = List.copyOf(releases);
        notes = List.copyOf(notes);
    }
}
