package dev.hippack.core.estimate;

/**
 * The kernel bytes one target architecture adds to the package (its arch-less share is not
 * included; that is counted once, in the library's component). {@code derived} as in
 * {@link ComponentSize}.
 */
public record ArchSize(String arch, long rocblasBytes, long hipblasltBytes, boolean derived) {

    public long totalBytes() {
        return rocblasBytes + hipblasltBytes;
    }
}
