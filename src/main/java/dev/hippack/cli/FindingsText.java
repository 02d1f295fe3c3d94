package dev.hippack.cli;

import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * The one way the command line prints findings: the severity and rule id in columns, the message,
 * then the file and the fix indented below it; and a count line. Every command that reports
 * findings (plan, estimate, detect, build, stage, audit, package) prints them through here.
 */
final class FindingsText {

    private static final String ROW = "%-8s %-24s %s%n";

    private FindingsText() { }

    /** Every finding, notes included. */
    static void print(PrintWriter out, List<Finding> findings) {
        print(out, findings, true);
    }

    /**
     * The findings, without the notes when {@code withNotes} is false (a step's side remarks on
     * stderr, where only what needs attention belongs).
     */
    static void print(PrintWriter out, List<Finding> findings, boolean withNotes) {
        for (Finding f : findings) {
            if (!withNotes && f.severity() == Severity.INFO) {
                continue;
            }
            out.printf(Locale.ROOT, ROW, f.severity().json().toUpperCase(Locale.ROOT), f.id(), f.message());
            if (f.file() != null) {
                out.printf(Locale.ROOT, ROW, "", "", "file: " + f.file());
            }
            if (f.fix() != null) {
                out.printf(Locale.ROOT, ROW, "", "", "fix: " + f.fix());
            }
        }
        out.flush();
    }

    /** "1 error, 2 warnings, 0 notes." */
    static String summary(List<Finding> findings) {
        long errors = count(findings, Severity.ERROR);
        long warnings = count(findings, Severity.WARNING);
        long notes = count(findings, Severity.INFO);
        return plural(errors, "error") + ", " + plural(warnings, "warning") + ", " + plural(notes, "note") + ".";
    }

    /** The findings, then their {@link #summary}. */
    static void printWithSummary(PrintWriter out, List<Finding> findings) {
        print(out, findings);
        out.println(summary(findings));
        out.flush();
    }

    private static long count(List<Finding> findings, Severity severity) {
        return findings.stream().filter(f -> f.severity() == severity).count();
    }

    private static String plural(long n, String word) {
        return n + " " + word + (n == 1 ? "" : "s");
    }
}
