package dev.hippack.ui.steps.build;

import java.util.Locale;
import java.util.regex.Pattern;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.control.TextFormatter;
import javafx.util.StringConverter;

/**
 * The text of the Jobs spinner: "auto" for 0 (the build script chooses, no {@code -Jobs} is
 * passed), else the number. Only digits or "auto" can be typed, so nothing typed there can fail
 * to convert (a letter used to throw on Enter or Tab and show the internal-error dialog); when
 * the spinner commits (Enter, or leaving the field) the text becomes the value it was taken as:
 * "au" or an empty field is auto, 999 is the largest number the spinner allows.
 */
final class JobsField {

    static final String AUTO = "auto";
    /** What the field may hold while typing: up to three digits, or the start of "auto". */
    private static final Pattern TYPED = Pattern.compile("\\d{0,3}|(?i)a|au|aut|auto");

    private JobsField() { }

    static void install(Spinner<Integer> spinner) {
        spinner.getEditor().setTextFormatter(new TextFormatter<>(change ->
                TYPED.matcher(change.getControlNewText()).matches() ? change : null));
        spinner.getValueFactory().setConverter(new StringConverter<>() {
            @Override
            public String toString(Integer value) {
                return value == null || value == 0 ? AUTO : value.toString();
            }

            /** Called when the spinner commits what was typed: the text is put back as the value it becomes. */
            @Override
            public Integer fromString(String text) {
                String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
                int value = t.isEmpty() || AUTO.startsWith(t) ? 0 : Integer.parseInt(t);
                int allowed = Math.max(0, Math.min(value, max(spinner)));
                spinner.getEditor().setText(toString(allowed));
                return allowed;
            }
        });
        spinner.getEditor().setText(spinner.getValueFactory().getConverter().toString(spinner.getValue()));
    }

    private static int max(Spinner<Integer> spinner) {
        return spinner.getValueFactory() instanceof SpinnerValueFactory.IntegerSpinnerValueFactory f
                ? f.getMax() : Integer.MAX_VALUE;
    }
}
