/**
 * cyclonedx-core-java as a named module for the runtime image (jlink links named modules only);
 * the name is the one Java derives from the jar, so the application's {@code requires} is the same
 * on the module path of the build and in the image. Written from {@code jdeps --generate-module-info},
 * less the schema validator (com.networknt.schema), which only the parsers use and the image does not
 * hold. Open, as an automatic module is, for Jackson to read the model.
 */
open module cyclonedx.core.java {
    requires org.apache.commons.codec;
    requires org.apache.commons.collections4;
    requires org.apache.commons.io;
    requires org.apache.commons.lang3;
    requires transitive com.fasterxml.jackson.annotation;
    requires transitive com.fasterxml.jackson.core;
    requires transitive com.fasterxml.jackson.databind;
    requires transitive com.fasterxml.jackson.dataformat.xml;
    requires transitive java.xml;
    requires transitive packageurl.java;
    exports org.cyclonedx;
    exports org.cyclonedx.exception;
    exports org.cyclonedx.generators;
    exports org.cyclonedx.generators.json;
    exports org.cyclonedx.generators.xml;
    exports org.cyclonedx.model;
    exports org.cyclonedx.model.attestation;
    exports org.cyclonedx.model.attestation.affirmation;
    exports org.cyclonedx.model.attestation.evidence;
    exports org.cyclonedx.model.component;
    exports org.cyclonedx.model.component.crypto;
    exports org.cyclonedx.model.component.crypto.enums;
    exports org.cyclonedx.model.component.data;
    exports org.cyclonedx.model.component.evidence;
    exports org.cyclonedx.model.component.modelCard;
    exports org.cyclonedx.model.component.modelCard.consideration;
    exports org.cyclonedx.model.component.modelCard.consideration.consumption;
    exports org.cyclonedx.model.component.modelCard.consideration.consumption.co2;
    exports org.cyclonedx.model.component.modelCard.consideration.consumption.energy;
    exports org.cyclonedx.model.definition;
    exports org.cyclonedx.model.formulation;
    exports org.cyclonedx.model.formulation.common;
    exports org.cyclonedx.model.formulation.task;
    exports org.cyclonedx.model.formulation.trigger;
    exports org.cyclonedx.model.formulation.workspace;
    exports org.cyclonedx.model.license;
    exports org.cyclonedx.model.metadata;
    exports org.cyclonedx.model.organization;
    exports org.cyclonedx.model.vulnerability;
    exports org.cyclonedx.parsers;
    exports org.cyclonedx.util;
    exports org.cyclonedx.util.deserializer;
    exports org.cyclonedx.util.introspector;
    exports org.cyclonedx.util.mixin;
    exports org.cyclonedx.util.serializer;
}
