package dev.hippack.core.json;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a record component that a JSON document may leave out or set to null ("not chosen
 * yet"). Every other component is required and must not be null; list elements and map values
 * are never null. {@link StrictJson} enforces this before the record is bound.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface JsonOptional { }
