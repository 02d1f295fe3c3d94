package dev.hippack.core.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import dev.hippack.core.PackagerException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StrictJsonTest {

    enum Mode { @JsonProperty("fast") FAST, SLOW }

    record Inner(boolean on, double ratio) { }

    record Doc(String name, int count, long size, Mode mode, List<String> items, Map<String, String> env, Inner inner,
               @JsonOptional String note) { }

    private final StrictJson json = new StrictJson();

    private static final String VALID = """
            {"name": "a", "count": 1, "size": 2, "mode": "fast", "items": ["x"], "env": {"C:": "y"},
             "inner": {"on": true, "ratio": 2}, "note": null}
            """;

    private Doc read(String text) throws PackagerException {
        return json.read(text.getBytes(StandardCharsets.UTF_8), "doc.json", Doc.class).value();
    }

    @Test
    void aValidDocumentIsBoundAndAWholeNumberIsAFraction() throws Exception {
        Doc d = read(VALID);
        assertThat(d.mode()).isEqualTo(Mode.FAST);
        assertThat(d.inner().ratio()).isEqualTo(2.0);
        assertThat(d.env()).containsEntry("C:", "y");
        assertThat(read(VALID.replace(", \"note\": null", "")).note()).isNull();
    }

    @Test
    void theMapperAloneRefusesEveryCoercion() {
        ObjectMapper m = StrictJson.newMapper();
        assertThatThrownBy(() -> m.readValue("{\"on\": 0, \"ratio\": 1}", Inner.class)).isInstanceOf(MismatchedInputException.class);
        assertThatThrownBy(() -> m.readValue("{\"on\": \"true\", \"ratio\": 1}", Inner.class)).isInstanceOf(MismatchedInputException.class);
        assertThatThrownBy(() -> m.readValue("{\"on\": true, \"ratio\": \"1\"}", Inner.class)).isInstanceOf(MismatchedInputException.class);
        assertThatThrownBy(() -> m.readValue("{\"on\": true, \"ratio\": 1, \"x\": 1}", Inner.class)).isInstanceOf(MismatchedInputException.class);
        assertThatThrownBy(() -> m.readValue("{\"on\": true, \"on\": false, \"ratio\": 1}", Inner.class))
                .hasMessageContaining("Duplicate field 'on'");
    }

    @Test
    void everyProblemNamesTheDocumentLineAndPath() {
        assertThatThrownBy(() -> read(VALID.replace("\"count\": 1", "\"count\": \"1\"")))
                .hasMessage("doc.json, line 1, column 24, at $.count: expected a whole number, found the string \"1\";"
                        + " write the number without quotes: 1.");
        assertThatThrownBy(() -> read(VALID.replace("\"y\"", "null")))
                .hasMessageStartingWith("doc.json, line 1, column ").hasMessageContaining("at $.env[\"C:\"]: is null");
        assertThatThrownBy(() -> read(VALID.replace("\"on\": true", "\"on\": 1")))
                .hasMessageContaining("line 2, column ").hasMessageContaining("at $.inner.on: expected true or false, found the number 1");
        assertThatThrownBy(() -> read(VALID.replace("\"fast\"", "\"medium\"")))
                .hasMessageContaining("at $.mode: is \"medium\"; use one of \"fast\", \"SLOW\"");
        assertThatThrownBy(() -> read(VALID.replace("\"size\": 2", "\"size\": 2, \"sise\": 2")))
                .hasMessageContaining("at $.sise: unknown key 'sise'; the keys are [name, count, size, mode, items, env, inner, note]");
        assertThatThrownBy(() -> read(VALID.replace("\"name\": \"a\", ", "")))
                .hasMessageContaining("line 1, column 1, at $.name: missing key 'name'");
        assertThatThrownBy(() -> read(VALID.replace("\"items\": [\"x\"]", "\"items\": [\"x\", \" \"]")))
                .hasMessageContaining("at $.items[1]: is empty");
        assertThatThrownBy(() -> read(VALID + "{}")).hasMessageContaining("text after the end of the document");
        assertThatThrownBy(() -> read("  ")).hasMessageContaining("doc.json is empty");
        assertThatThrownBy(() -> read(VALID.replace("\"count\": 1", "\"count\": 1, \"count\": 2")))
                .hasMessageContaining("doc.json is not valid JSON, line 1").hasMessageContaining("Duplicate field 'count'");
    }

    @Test
    void pathsQuoteKeysThatAreNotPlainNames() {
        assertThat(JsonLocator.child("$", "env")).isEqualTo("$.env");
        assertThat(JsonLocator.child("$.env", "ProgramFiles(x86)")).isEqualTo("$.env[\"ProgramFiles(x86)\"]");
        assertThat(JsonLocator.child("$.d", "a\"b")).isEqualTo("$.d[\"a\\\"b\"]");
        assertThat(JsonLocator.parent("$.env[\"ProgramFiles(x86)\"]")).isEqualTo("$.env");
        assertThat(JsonLocator.parent("$.targets[3]")).isEqualTo("$.targets");
        assertThat(JsonLocator.parent("$.options")).isEqualTo("$");
        assertThat(JsonLocator.parent("$")).isNull();
    }
}
