package dev.hippack.core.audit;

import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rule readme.track: the package's README.md names its GPU targets, the requirements and a quick
 * start; a ROCm 7 package's README sends RX 7600 (gfx1102) users to the ROCm 6 package.
 *
 * <p>What counts: every target's gfx id appears in the text; the words "requirement" and "quick
 * start" appear (any case); for ROCm 7, "RX 7600" and "ROCm 6" (or "rocm6") appear.
 */
public final class ReadmeCheck implements PackageCheck {

    public static final String README_TRACK = "readme.track";
    /** How a package README states the audio.cpp version, on a line of its own: {@code audio.cpp version: v0.4.3}. */
    public static final String VERSION_LINE = "audio.cpp version: ";


    private static final Pattern GFX = Pattern.compile("(?<![0-9A-Za-z])gfx[0-9]{3,4}[a-z]?(?![0-9A-Za-z])");
    private static final Pattern ROCM6 = Pattern.compile("(?i)rocm[ -]?6");
    private static final Pattern ROCM7 = Pattern.compile("(?i)rocm[ -]?7");
    private static final Pattern RX7600 = Pattern.compile("(?i)rx ?7600");

    @Override
    public List<String> ids() {
        return List.of(README_TRACK);
    }

    @Override
    public List<Finding> check(PackageContents c) {
        List<Finding> findings = new ArrayList<>();
        if (c.readme().isEmpty()) {
            findings.add(new Finding(README_TRACK, Severity.ERROR, "The package has no README.md: users cannot tell "
                    + "which GPUs it serves, what they need installed, or how to start it.",
                    "Stage again; the package README is written with the targets, requirements and quick start.", "README.md"));
            return findings;
        }
        String text = c.readme().get();
        String lower = text.toLowerCase(Locale.ROOT);
        if (!c.targetsFrom().equals(PackageContents.FROM_README)) {
            Set<String> named = new LinkedHashSet<>(allTokens(text));
            List<String> missing = c.targets().stream().filter(t -> !named.contains(t)).toList();
            if (!missing.isEmpty()) {
                findings.add(new Finding(README_TRACK, Severity.ERROR, "README.md does not name the target(s) "
                        + String.join(", ", missing) + ": users of those GPUs cannot tell the package serves them.",
                        "List every target with its example hardware in README.md (stage again).", "README.md"));
            }
        }
        if (!lower.contains("requirement")) {
            findings.add(new Finding(README_TRACK, Severity.WARNING, "README.md has no requirements section "
                    + "(64-bit Windows, a supported AMD GPU, the Adrenalin driver; no ROCm SDK or Visual Studio needed).",
                    "Add a \"Requirements\" section to README.md.", "README.md"));
        }
        if (!lower.contains("quick start") && !lower.contains("quickstart")) {
            findings.add(new Finding(README_TRACK, Severity.WARNING, "README.md has no quick start "
                    + "(how to run audiocpp_cli.exe --backend hip and audiocpp_server.exe).",
                    "Add a \"Quick start\" section to README.md.", "README.md"));
        }
        if (c.generation().isPresent() && c.generation().getAsInt() == 7
                && !(RX7600.matcher(text).find() && (ROCM6.matcher(text).find()))) {
            findings.add(new Finding(README_TRACK, Severity.ERROR, "This is a ROCm 7 package, but README.md does not tell "
                    + "RX 7600 series (gfx1102) users to take the ROCm 6 package; ROCm 7.1's hipBLASLt has no gfx1102 kernels.",
                    "Add: \"RX 7600 series users: use the ROCm 6 package.\"", "README.md"));
        }
        return findings;
    }

    /** A line saying the package lacks a target ("this package has no gfx1102 kernels"). */
    private static final Pattern LACKS_TARGET = Pattern.compile("has no gfx[0-9]{2,4}[a-z]? kernels");

    /**
     * The targets a README names: every gfx id, except on lines that say the package lacks one or
     * talk about the other track's package (a ROCm 7 README names gfx1102 only to send its users to ROCm 6).
     */
    static List<String> targetsNamed(String text, OptionalInt generation) {
        Set<String> out = new LinkedHashSet<>();
        for (String line : text.split("\\R")) {
            if (LACKS_TARGET.matcher(line).find()) {
                // The RX 7600 advice of a package without gfx1102 names the target it lacks.
                continue;
            }
            if (generation.isPresent()) {
                boolean otherTrack = generation.getAsInt() == 7
                        ? ROCM6.matcher(line).find() || RX7600.matcher(line).find()
                        : ROCM7.matcher(line).find();
                if (otherTrack) {
                    continue;
                }
            }
            out.addAll(allTokens(line));
        }
        return List.copyOf(out);
    }

    /** The audio.cpp version a README states ({@link #VERSION_LINE}); empty when it states none. */
    public static Optional<String> versionNamed(String text) {
        for (String line : text.split("\\R")) {
            if (line.startsWith(VERSION_LINE)) {
                String v = line.substring(VERSION_LINE.length()).strip();
                if (!v.isEmpty()) {
                    return Optional.of(v);
                }
            }
        }
        return Optional.empty();
    }

    private static List<String> allTokens(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = GFX.matcher(text);
        while (m.find()) {
            out.add(m.group().toLowerCase(Locale.ROOT));
        }
        return out;
    }
}
