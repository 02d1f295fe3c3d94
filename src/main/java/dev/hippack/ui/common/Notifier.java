package dev.hippack.ui.common;

import dev.hippack.core.finding.Severity;

/**
 * Tells the user that a long task ended (the build, the zip), even when they are looking at
 * another window or another step. The window shows them in a bar over the step; tests record.
 */
@FunctionalInterface
public interface Notifier {

    /** Ignores every notice: until the application sets one, and in tests that do not care. */
    Notifier NONE = notice -> { };

    void show(Notice notice);

    /** What ended and how: a short title and one or two sentences. */
    record Notice(Severity severity, String title, String text) { }
}
