package dev.hippack.cli;

import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import java.io.PrintWriter;
import java.util.List;

/** Findings as readable lines: severity, rule id, message, then the fix indented below it. */
final class FindingsText {

    private FindingsText() { }

    static void print(PrintWriter out, List<Finding> findings) {
        for (Finding f : findings) {
            out.printf("%-8s %-24s %s%n", f.severity().json(), f.id(), f.message());
            if (f.fix() != null) {
                out.printf("%-8s %-24s fix: %s%n", "", "", f.fix());
            }
        }
        long errors = findings.stream().filter(f -> f.severity() == Severity.ERROR).count();
        long warnings = findings.stream().filter(f -> f.severity() == Severity.WARNING).count();
        long infos = findings.stream().filter(f -> f.severity() == Severity.INFO).count();
        out.println(errors + (errors == 1 ? " error, " : " errors, ") + warnings + (warnings == 1 ? " warning, " : " warnings, ")
                + infos + (infos == 1 ? " note." : " notes."));
    }
}
