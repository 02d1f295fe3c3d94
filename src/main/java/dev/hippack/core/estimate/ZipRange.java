package dev.hippack.core.estimate;

/** The expected zip size: the package total times the catalog's lowest and highest measured ratio. */
public record ZipRange(long low, long high) { }
