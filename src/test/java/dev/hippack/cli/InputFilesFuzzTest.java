package dev.hippack.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.demo.SampleEnvironmentWriter;
import dev.hippack.core.host.HostDescription;
import dev.hippack.core.json.JsonLocator;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.profile.ProfileStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every field of a release profile and of host.json, mutated in the ways a hand-edited file
 * goes wrong (null, each wrong JSON type, the right value in the wrong form, empty, huge, nested
 * junk), through the real command line ({@link Cli#execute}, as {@code Main} runs it): each is refused with exit code 2 and a
 * message naming the file and the field, or (the few listed below) accepted as documented;
 * never an unexpected error.
 * <p>
 * The fields come from the records the files become ({@link ReleasePlan}, {@link HostDescription}
 * and what they nest), walked together with a valid document; a record component the document
 * lacks fails the test, so a new field is fuzzed as soon as it exists. Of a list or a map the
 * first element is fuzzed: the others are checked by the same code.
 */
class InputFilesFuzzTest {

    private static final Catalog CATALOG = CatalogLoader.embedded();
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Values a document may leave null or empty on purpose (docs/cli.md: "Release profile", "host.json"). */
    private static final Set<String> PROFILE_ACCEPTS = Set.of(
            "$.source=null", "$.sdk=null", "$.vsInstance=null", "$.outputDir=null",
            // No target is a plan the rules judge (arch.targets, exit 1), as the wizard may save it.
            "$.targets=[]");
    private static final Set<String> HOST_ACCEPTS = Set.of(
            "$.drives=null", "$.workingDirectory=null", "$.env=null", "$.recordedOutputs=null",
            "$.drives={}", "$.env={}", "$.recordedOutputs={}");

    @TempDir
    Path dir;

    /** One place in a document: its path, the Java type it becomes, and how to replace it. */
    private record Field(String path, Type type, JsonNode parent, String key, int index) {
        void set(String rawJson) {
            if (parent instanceof ObjectNode o) {
                o.putRawValue(key, new RawValue(rawJson));
            } else {
                ((ArrayNode) parent).set(index, ((ArrayNode) parent).rawValueNode(new RawValue(rawJson)));
            }
        }
    }

    @Test
    void everyFieldOfAProfileIsCheckedThroughTheCommandLine() throws Exception {
        ReleasePlan plan = ReleasePlan.forTrack(CATALOG.track("rocm6").orElseThrow()).withSource("C:\\src\\audio.cpp")
                .withSdk(SampleEnvironmentWriter.ROCM_ROOT + "\\6.4").withVsInstance(SampleEnvironmentWriter.VS2022_BUILD_TOOLS)
                .withOutputDir("C:\\release").withJobs(8);
        String valid = new ProfileStore(CATALOG).toJson(plan);
        Path file = dir.resolve("fuzzed profile.json");

        List<String> failures = fuzz(valid, ReleasePlan.class, PROFILE_ACCEPTS, file, text -> {
            write(file, text);
            return CliTestSupport.run("plan", "--profile", file.toString());
        });

        assertThat(failures).isEmpty();
    }

    @Test
    void everyFieldOfHostJsonIsCheckedThroughTheCommandLine() throws Exception {
        Path machine = Files.createDirectories(dir.resolve("machine"));
        String valid = JSON.writerWithDefaultPrettyPrinter()
                .writeValueAsString(new SampleEnvironmentWriter(CATALOG).hostDescription());
        Path file = machine.resolve(HostDescription.FILE_NAME);

        List<String> failures = fuzz(valid, HostDescription.class, HOST_ACCEPTS, file, text -> {
            write(file, text);
            return CliTestSupport.run("--host", machine.toString(), "detect", "--json");
        });

        assertThat(failures).isEmpty();
    }

    private List<String> fuzz(String valid, Class<?> type, Set<String> accepts, Path file,
                              Function<String, CliTestSupport.Result> run) throws Exception {
        CliTestSupport.Result baseline = run.apply(valid);
        assertThat(baseline.exitCode()).as("the unmutated document is accepted: %s", baseline.err()).isIn(Cli.OK, Cli.FAILED);

        List<String> failures = new ArrayList<>();
        int cases = 0;
        List<String> paths = new ArrayList<>();
        for (Field field : fields(JSON.readTree(valid), type, "$", null, null, -1)) {
            paths.add(field.path());
            for (String mutation : mutations(field.type())) {
                JsonNode doc = JSON.readTree(valid);
                Field same = fields(doc, type, "$", null, null, -1).stream().filter(f -> f.path().equals(field.path()))
                        .findFirst().orElseThrow();
                same.set(mutation);
                String text = JSON.writerWithDefaultPrettyPrinter().writeValueAsString(doc);
                check(field.path(), mutation, accepts, file, run.apply(text), failures);
                cases++;
            }
        }
        for (String whole : List.of("null", "[]", "7", "{}")) {
            check("$", whole, Set.of(), file, run.apply(whole), failures);
            cases++;
        }
        CliTestSupport.Result empty = run.apply("");
        if (empty.exitCode() != Cli.BAD_INPUT || !empty.err().contains(file.toString()) || empty.err().contains("unexpected error")) {
            failures.add("empty file: exit " + empty.exitCode() + ": " + empty.err());
        }
        // Every component of every record is among the fuzzed paths (the walk fails otherwise),
        // and the count shows the test did what it says.
        assertThat(paths).hasSizeGreaterThan(type.getRecordComponents().length);
        assertThat(cases).isGreaterThan(paths.size() * 6);
        return failures;
    }

    private static void check(String path, String mutation, Set<String> accepts, Path file, CliTestSupport.Result r,
                              List<String> failures) {
        String shown = path + "=" + (mutation.length() > 60 ? mutation.substring(0, 60) + "..." : mutation);
        if (r.err().contains("unexpected error") || r.err().contains("\tat ") || r.err().contains("Exception")) {
            failures.add(shown + ": " + r.err());
        } else if (accepts.contains(path + "=" + mutation)) {
            if (r.exitCode() != Cli.OK && r.exitCode() != Cli.FAILED) {
                failures.add(shown + ": documented as accepted, but exit " + r.exitCode() + ": " + r.err());
            }
        } else if (r.exitCode() != Cli.BAD_INPUT) {
            failures.add(shown + ": exit " + r.exitCode() + " instead of 2: " + r.err());
        } else if (!r.err().contains(file.toString()) || !r.err().contains("at " + path)) {
            failures.add(shown + ": the message does not name " + file.getFileName() + " and " + path + ": " + r.err());
        }
    }

    /** The places of {@code node} (of Java type {@code type}) and everything nested in it, outermost first. */
    private static List<Field> fields(JsonNode node, Type type, String path, JsonNode parent, String key, int index) {
        List<Field> out = new ArrayList<>();
        if (parent != null) {
            out.add(new Field(path, type, parent, key, index));
        }
        Class<?> raw = type instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) type;
        if (raw.isRecord()) {
            for (RecordComponent c : raw.getRecordComponents()) {
                JsonNode child = node.get(c.getName());
                assertThat(child).as("the fuzzed %s has %s", raw.getSimpleName(), JsonLocator.child(path, c.getName()))
                        .isNotNull();
                out.addAll(fields(child, c.getGenericType(), JsonLocator.child(path, c.getName()), node, c.getName(), -1));
            }
        } else if (raw == List.class) {
            assertThat(node.size()).as("the fuzzed %s has an element", path).isPositive();
            Type element = ((ParameterizedType) type).getActualTypeArguments()[0];
            out.addAll(fields(node.get(0), element, JsonLocator.element(path, 0), node, null, 0));
        } else if (raw == Map.class) {
            Iterator<Map.Entry<String, JsonNode>> it = node.properties().iterator();
            assertThat(it.hasNext()).as("the fuzzed %s has an entry", path).isTrue();
            Map.Entry<String, JsonNode> first = it.next();
            Type value = ((ParameterizedType) type).getActualTypeArguments()[1];
            out.addAll(fields(first.getValue(), value, JsonLocator.child(path, first.getKey()), node, first.getKey(), -1));
        }
        return out;
    }

    /**
     * Raw JSON to put in place of a value of {@code type}: null; each wrong kind of JSON value
     * (a string or number holding the right value where that is a coercion: "4" for 4, 0 and
     * "true" for booleans); the right kind empty; a huge string or number; nested junk.
     */
    private static List<String> mutations(Type type) {
        Class<?> raw = type instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) type;
        String kind = raw == String.class || raw.isEnum() ? "string"
                : raw == int.class || raw == long.class ? "number"
                : raw == boolean.class ? "boolean"
                : raw == List.class ? "array" : "object";
        List<String> out = new ArrayList<>(List.of("null"));
        Map<String, String> wrongKinds = Map.of(
                "string", kind.equals("number") ? "\"4\"" : kind.equals("boolean") ? "\"true\"" : "\"x\"",
                "number", kind.equals("boolean") ? "0" : "7",
                "boolean", "true",
                "array", "[\"x\"]",
                "object", "{\"k\": \"v\"}");
        wrongKinds.forEach((k, v) -> {
            if (!k.equals(kind)) {
                out.add(v);
            }
        });
        switch (kind) {
            case "string" -> out.addAll(List.of("\"\"", "\"" + "x".repeat(100_000) + "\""));
            case "number" -> out.addAll(List.of("1e400", "123456789012345678901234567890"));
            case "array" -> out.add("[]");
            case "object" -> out.add("{}");
            default -> { }
        }
        out.add("{\"a\": [{\"b\": [null, 1, \"x\", {\"c\": {}}]}]}");
        return out;
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
