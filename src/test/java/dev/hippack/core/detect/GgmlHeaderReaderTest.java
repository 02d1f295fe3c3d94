package dev.hippack.core.detect;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class GgmlHeaderReaderTest {

    private final GgmlHeaderReader reader = new GgmlHeaderReader();

    /** The family block as ggml had it before llama.cpp PR #24129 (the shape of jrohde/audio.cpp @ 263d416). */
    static final String BEFORE = """
            #if defined(__GFX11__)
            #define RDNA3
            #endif // defined(__GFX11__)

            #if defined(__gfx1150__) || defined(__gfx1151__)
            #define RDNA3_5
            #endif // defined(__gfx1150__) || defined(__gfx1151__)

            #if defined(RDNA3) && !defined(RDNA3_5)
            #define RDNA3_0
            #endif // defined(RDNA3) && !defined(RDNA3_5)

            #if defined(__gfx1030__) || defined(__gfx1031__) || defined(__gfx1032__) || defined(__gfx1033__) || \\
                defined(__gfx1034__) || defined(__gfx1035__) || defined(__gfx1036__) || defined(__gfx1037__)
            #define RDNA2
            #endif
            """;

    /** The block after the change: gfx1152 and gfx1153 join the condition. */
    static final String AFTER = BEFORE.replace("#if defined(__gfx1150__) || defined(__gfx1151__)\n",
            "#if defined(__gfx1150__) || defined(__gfx1151__) || defined(__gfx1152__) || defined(__gfx1153__)\n");

    @Test
    void theConditionDefiningTheFamilyNamesItsArchitecturesBeforeAndAfterTheChange() {
        assertThat(reader.architecturesDefining(BEFORE, "RDNA3_5")).containsExactly("gfx1150", "gfx1151");
        assertThat(reader.architecturesDefining(AFTER, "RDNA3_5")).containsExactly("gfx1150", "gfx1151", "gfx1152", "gfx1153");
    }

    @Test
    void continuedLinesAreJoinedAndAFamilyFromOtherMacrosNamesNoArchitecture() {
        assertThat(reader.architecturesDefining(BEFORE, "RDNA2")).containsExactly("gfx1030", "gfx1031", "gfx1032", "gfx1033",
                "gfx1034", "gfx1035", "gfx1036", "gfx1037");
        assertThat(reader.architecturesDefining(BEFORE, "RDNA3_0")).isEmpty();
        assertThat(reader.architecturesDefining(BEFORE, "RDNA3")).isEmpty();
        assertThat(reader.architecturesDefining(BEFORE, "RDNA4")).isEmpty();
    }

    @Test
    void commentsAndElseBranchesNameNothingAndAMacroWithALongerNameIsAnother() {
        String header = """
                /* #if defined(__gfx1152__)
                #define RDNA3_5 */
                #if defined(__gfx1152__) // || defined(__gfx1153__)
                #define RDNA3_5_EXTRA
                #elif defined(__gfx1150__)
                #  define RDNA3_5 1
                #else
                #define RDNA3_5
                #endif
                """;
        assertThat(reader.architecturesDefining(header, "RDNA3_5")).containsExactly("gfx1150");
        assertThat(reader.architecturesDefining(header, "RDNA3_5_EXTRA")).containsExactly("gfx1152");
    }

    @Test
    void nestedConditionsCountTheInnermost() {
        String header = """
                #if defined(__GFX11__)
                  #define RDNA3
                  #if defined(__gfx1150__) || defined(__gfx1151__) || defined(__gfx1152__)
                    #define RDNA3_5
                  #endif
                #endif
                """;
        assertThat(reader.architecturesDefining(header, "RDNA3_5")).containsExactly("gfx1150", "gfx1151", "gfx1152");
    }

    @Test
    void windowsLineEndingsAndAnUnbalancedHeaderAreRead() {
        assertThat(reader.architecturesDefining(AFTER.replace("\n", "\r\n"), "RDNA3_5")).contains("gfx1153");
        assertThat(reader.architecturesDefining("#endif\n#define RDNA3_5\n#if defined(__gfx1151__)\n", "RDNA3_5")).isEmpty();
    }
}
