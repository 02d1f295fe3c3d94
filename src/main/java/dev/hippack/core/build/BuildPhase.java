package dev.hippack.core.build;

/** Where a build run is, as far as its log tells. */
public enum BuildPhase {
    STARTING("Starting"),
    CONFIGURE("Configuring with CMake"),
    COMPILE("Compiling"),
    LINK("Linking"),
    FINISHED("Finished");

    private final String label;

    BuildPhase(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
