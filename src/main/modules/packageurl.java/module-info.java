/**
 * packageurl-java 1.5.0 as a named module for the runtime image (jlink links named modules only);
 * the name is the one Java derives from the jar, so the application's {@code requires} is the same
 * on the module path of the build and in the image. Written from {@code jdeps --generate-module-info}.
 */
module packageurl.java {
    exports com.github.packageurl;
    exports com.github.packageurl.validator;
}
