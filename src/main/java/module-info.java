/**
 * HIP Packager: one module. {@code open} so Jackson and picocli can reflect on the records and
 * commands of every package without a list of {@code opens} to keep in step. CycloneDX's library
 * is a plain jar, an automatic module here; the runtime image gives it a module-info of the same
 * name (src/main/modules).
 */
@SuppressWarnings("requires-automatic")
open module dev.hippack {
    requires javafx.controls;
    requires org.controlsfx.controls;
    requires org.kordamp.ikonli.javafx;
    requires com.fasterxml.jackson.databind;
    requires org.apache.commons.compress;
    requires info.picocli;
    requires cyclonedx.core.java;
    requires java.logging;

    // The wizard's icon font as an ikonli font pack: ikonli's resolver finds its handler here.
    provides org.kordamp.ikonli.IkonHandler with dev.hippack.ui.common.IconFont;
    provides org.kordamp.ikonli.IkonProvider with dev.hippack.ui.common.IconFontProvider;

    exports dev.hippack.ui.app to javafx.graphics;
    // Exported (Main alone is in it) so that the runtime image resolves this module by default: its
    // CDS archive is dumped without options, and only then holds the application's classes.
    exports dev.hippack;
}
