package dev.hippack.core.demo;

/** One file of the sample machine: its path below some folder ({@code /} separators) and its size. */
public record SampleFile(String relativePath, long bytes) { }
