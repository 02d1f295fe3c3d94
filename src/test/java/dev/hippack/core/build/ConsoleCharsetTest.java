package dev.hippack.core.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ConsoleCharsetTest {

    @Test
    void chcpOutputGivesTheCodePageInAnyLanguage() {
        assertThat(ConsoleCharset.parseChcp("Active code page: 850\r\n")).contains(850);
        assertThat(ConsoleCharset.parseChcp("Aktive Codepage: 850.\r\n")).contains(850);
        assertThat(ConsoleCharset.parseChcp("Page de codes active : 65001")).contains(65001);
        assertThat(ConsoleCharset.parseChcp("nothing here")).isEmpty();
    }

    @Test
    void codePagesMapToJavaCharsets() {
        assertThat(ConsoleCharset.fromCodePage(850)).contains(Charset.forName("IBM850"));
        assertThat(ConsoleCharset.fromCodePage(1252)).contains(Charset.forName("windows-1252"));
        assertThat(ConsoleCharset.fromCodePage(65001)).contains(StandardCharsets.UTF_8);
        assertThat(ConsoleCharset.fromCodePage(1)).isEmpty();
    }

    @Test
    void detectAlwaysGivesACharset() {
        assertThat(ConsoleCharset.detect()).isNotNull();
    }
}
