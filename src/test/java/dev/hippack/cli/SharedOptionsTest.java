package dev.hippack.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.launch.RunLog;
import java.lang.reflect.Field;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The options many commands share ({@code --json}, {@code --force}, {@code --out DIR}) are declared
 * once, as mixins: a command that takes one takes it from its mixin, so the flag's name, label and
 * help read the same in every command.
 */
class SharedOptionsTest {

    private static final Map<String, CommandLine> COMMANDS = new Cli(r -> { }, RunLog.none("test")).commandLine().getSubcommands();

    /** The class that declares the option's field, per command that has the option. */
    private static Map<String, Class<?>> declaredBy(String option) {
        Map<String, Class<?>> out = new TreeMap<>();
        COMMANDS.forEach((name, cl) -> {
            OptionSpec o = cl.getCommandSpec().findOption(option);
            if (o != null && o.userObject() instanceof Field f) {
                out.put(name, f.getDeclaringClass());
            }
        });
        return out;
    }

    @Test
    void everyJsonFlagComesFromTheMixin() {
        Map<String, Class<?>> json = declaredBy("--json");
        assertThat(json.keySet()).contains("audit", "detect", "diff", "estimate", "package", "pe", "plan", "release", "stage", "zip");
        assertThat(json.values()).containsOnly(JsonOption.class);
    }

    @Test
    void everyForceFlagComesFromTheMixin() {
        Map<String, Class<?>> force = declaredBy("--force");
        assertThat(force.keySet()).contains("ci-workflow", "package", "release", "zip");
        assertThat(force.values()).containsOnly(ForceOption.class);
    }

    @Test
    void everyOutputFolderComesFromTheMixinAndOutputFilesKeepTheirOwnLabel() {
        Map<String, String> labels = new TreeMap<>();
        Map<String, Class<?>> out = declaredBy("--out");
        out.forEach((name, declaring) -> labels.put(name, COMMANDS.get(name).getCommandSpec().findOption("--out").paramLabel()));
        assertThat(labels).containsEntry("stage", "DIR").containsEntry("package", "DIR").containsEntry("release", "DIR")
                .containsEntry("zip", "FILE.zip").containsEntry("ci-workflow", "FILE");
        labels.forEach((name, label) -> assertThat(out.get(name)).as(name)
                .isEqualTo(label.equals("DIR") ? OutDirOption.class : COMMANDS.get(name).getCommand().getClass()));
    }
}
