package dev.hippack.core.audit.pe;

/** A file already in memory. */
record ArraySource(byte[] bytes) implements ByteSource {

    @Override
    public long size() {
        return bytes.length;
    }

    @Override
    public void read(long pos, byte[] dst, int len) {
        System.arraycopy(bytes, (int) pos, dst, 0, len);
    }
}
