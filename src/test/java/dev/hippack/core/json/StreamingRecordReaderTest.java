package dev.hippack.core.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class StreamingRecordReaderTest {

    enum Colour {
        @JsonProperty("dark-red") DARK_RED,
        @JsonProperty("blue") BLUE
    }

    record Part(@JsonProperty(required = true) String name, @JsonProperty(required = true) long bytes) {
        Part {
            if (bytes < 0) {
                throw new IllegalArgumentException("field 'bytes' must be >= 0");
            }
        }
    }

    record Box(@JsonProperty(required = true) int count, @JsonProperty(required = true) double ratio,
               @JsonProperty(required = true) boolean sealed, @JsonProperty(required = true) Colour colour,
               @JsonProperty(required = true) List<Part> parts, String note) { }

    private static Box read(String json) throws Exception {
        return StreamingRecordReader.read(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)), Box.class);
    }

    private static final String GOOD = """
            {"count": 2, "ratio": 0.5, "sealed": true, "colour": "dark-red",
             "parts": [{"name": "a", "bytes": 5000000000}, {"name": "b", "bytes": 0}]}""";

    @Test
    void everyKindOfValueBecomesItsComponentAndAnAbsentOptionalOneIsNull() throws Exception {
        assertThat(read(GOOD)).isEqualTo(new Box(2, 0.5, true, Colour.DARK_RED,
                List.of(new Part("a", 5_000_000_000L), new Part("b", 0)), null));
        assertThat(read(GOOD.replace("}]}", "}], \"note\": null}")).note()).isNull();
        assertThat(read(GOOD.replace("}]}", "}], \"note\": \"n\"}")).note()).isEqualTo("n");
    }

    @Test
    void aValueOfTheWrongKindIsRefusedWithItsPathAndWhatToGive() {
        assertThatThrownBy(() -> read(GOOD.replace("\"count\": 2", "\"count\": \"2\"")))
                .hasMessageContaining("at $.count (line 1").hasMessageContaining("is the text \"2\"; give a whole number");
        assertThatThrownBy(() -> read(GOOD.replace("\"count\": 2", "\"count\": 2.5"))).hasMessageContaining("$.count");
        assertThatThrownBy(() -> read(GOOD.replace("\"count\": 2", "\"count\": 3000000000")))
                .hasMessageContaining("fits an int");
        assertThatThrownBy(() -> read(GOOD.replace("\"sealed\": true", "\"sealed\": 1")))
                .hasMessageContaining("$.sealed").hasMessageContaining("true or false");
        assertThatThrownBy(() -> read(GOOD.replace("dark-red", "DARK_RED")))
                .hasMessageContaining("$.colour").hasMessageContaining("one of \"dark-red\", \"blue\"");
        assertThatThrownBy(() -> read(GOOD.replace("\"name\": \"b\"", "\"name\": [\"b\"]")))
                .hasMessageContaining("at $.parts[1].name (line 2").hasMessageContaining("is an array; give text");
    }

    @Test
    void unknownMissingNullAndRepeatedKeysAreRefused() {
        assertThatThrownBy(() -> read(GOOD.replace("\"count\": 2", "\"count\": 2, \"colur\": \"blue\"")))
                .hasMessageContaining("at $ (line 1").hasMessageContaining("unknown key 'colur'");
        assertThatThrownBy(() -> read(GOOD.replace("\"ratio\": 0.5, ", "")))
                .hasMessageContaining("missing key 'ratio'; it is required (a number)");
        assertThatThrownBy(() -> read(GOOD.replace("\"colour\": \"dark-red\"", "\"colour\": null")))
                .hasMessageContaining("at $.colour").hasMessageContaining("is null; give one of");
        assertThatThrownBy(() -> read(GOOD.replace("\"count\": 2", "\"count\": 2, \"count\": 3")))
                .hasMessageContaining("not valid JSON at line 1").hasMessageContaining("count");
        assertThatThrownBy(() -> read(GOOD.replace("[{\"name\": \"a\"", "[null, {\"name\": \"a\""))).hasMessageContaining("$.parts[0]");
    }

    @Test
    void theRecordsOwnCheckIsReportedAtItsPath() {
        assertThatThrownBy(() -> read(GOOD.replace("\"bytes\": 0", "\"bytes\": -1")))
                .isInstanceOf(StreamingRecordReader.Problem.class)
                .hasMessageContaining("at $.parts[1]").hasMessageContaining("field 'bytes' must be >= 0");
    }

    @Test
    void textThatIsNotOneDocumentIsRefused() {
        assertThatThrownBy(() -> read("")).hasMessage("is empty");
        assertThatThrownBy(() -> read(GOOD + " {}")).hasMessageContaining("more after the document's end");
        assertThatThrownBy(() -> read("{\"count\": 2,")).hasMessageContaining("not valid JSON at line 1");
        assertThatThrownBy(() -> read("[]")).hasMessageContaining("at $ (line 1, column 1): is an array; give an object");
    }
}
