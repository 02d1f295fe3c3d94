package dev.hippack.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.launch.RunLog;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The help reads as written sentences. picocli shows the first line of a command's description as
 * its summary in "hip-packager --help", so that line is a whole sentence; and it wraps every line
 * to the terminal itself, so a line of our text ends where a sentence or paragraph ends, never
 * mid-sentence (a hand-made break would show as a ragged line in the middle of a paragraph).
 */
class HelpTextTest {

    /** The end of a sentence, perhaps followed by a closing quote or bracket. */
    private static final Pattern SENTENCE_END = Pattern.compile("[.!?][\"')]*$");

    /** A command of the list under "Commands:": its name, then its summary, continued on deeper-indented lines. */
    private static final Pattern COMMAND_ROW = Pattern.compile("^ {2}(\\S+)\\s+(.*)$");

    private static CommandLine root() {
        return new Cli(r -> { }, RunLog.none("test")).commandLine();
    }

    /** The summary of each command as "hip-packager --help" lists it, rows joined. */
    private static Map<String, String> listedSummaries() {
        String list = root().getHelp().commandList();
        Map<String, String> summaries = new LinkedHashMap<>();
        String current = null;
        for (String line : list.split("\\R")) {
            Matcher row = COMMAND_ROW.matcher(line);
            if (row.matches()) {
                current = row.group(1);
                summaries.put(current, row.group(2).strip());
            } else if (current != null && !line.isBlank()) {
                summaries.merge(current, line.strip(), (a, b) -> a + " " + b);
            }
        }
        return summaries;
    }

    @Test
    void everyCommandsSummaryInTheListIsAWholeSentence() {
        Map<String, String> summaries = listedSummaries();
        assertThat(summaries.keySet()).containsExactlyInAnyOrderElementsOf(root().getSubcommands().keySet());
        assertThat(summaries).allSatisfy((name, summary) -> assertThat(summary).as(name).matches(".*" + SENTENCE_END.pattern()));
    }

    @Test
    void noLineOfTheHelpIsWrappedByHand() {
        List<String> ragged = new ArrayList<>();
        List<CommandSpec> specs = new ArrayList<>();
        specs.add(root().getCommandSpec());
        root().getSubcommands().values().forEach(c -> specs.add(c.getCommandSpec()));
        for (CommandSpec spec : specs) {
            String name = spec.qualifiedName();
            checkLines(name + " description", spec.usageMessage().description(), ragged);
            checkLines(name + " header", spec.usageMessage().header(), ragged);
            // The root's last footer line is the run's log folder, a path that no full stop may follow.
            String[] footer = spec.usageMessage().footer();
            int end = spec.parent() == null ? footer.length - 1 : footer.length;
            checkLines(name + " footer", List.of(footer).subList(0, end).toArray(String[]::new), ragged);
            for (ArgSpec arg : spec.args()) {
                checkLines(name + " " + arg.paramLabel() + " " + (arg.isOption() ? ((CommandLine.Model.OptionSpec) arg).longestName() : ""),
                        arg.description(), ragged);
            }
        }
        assertThat(ragged).isEmpty();
    }

    @Test
    void theCheckFindsALineBrokenMidSentence() {
        List<String> ragged = new ArrayList<>();
        checkLines("example", new String[] {"Estimates the package size of a track, per component and per GPU architecture,",
            "and lists what the plan rules find."}, ragged);
        assertThat(ragged).containsExactly("example: \"Estimates the package size of a track, per component and per GPU architecture,\"");
    }

    /** Every line, and every paragraph a {@code %n} ends, ends a sentence; blank lines space the sections. */
    private static void checkLines(String where, String[] lines, List<String> ragged) {
        for (String line : lines) {
            for (String paragraph : line.split("%n", -1)) {
                if (!paragraph.isBlank() && !SENTENCE_END.matcher(paragraph.strip()).find()) {
                    ragged.add(where + ": \"" + paragraph + "\"");
                }
            }
        }
    }
}
