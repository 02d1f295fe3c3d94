package dev.hippack.core.build.standin;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a clang offload bundle as {@code clang-offload-bundler -type=o -bundle-align=4096} does
 * for a HIP fat binary (the format of LLVM's ClangOffloadBundler documentation, "Bundled Code
 * Object Layout"; the alignment clang's HIP driver passes, {@code HIPUtility.cpp}): a host entry of
 * no bytes, then one entry per target, each entry's data aligned to 4096 bytes. The stand-in build
 * has no device compiler, so each target's entry holds {@link #placeholder(String)} instead of an
 * AMDGPU code object: HIP Packager reads only the ids. For the same targets the bytes are those
 * {@code tools/pe-fixtures/build.sh} gets from LLVM's tool (OffloadBundleWriterTest).
 */
public final class OffloadBundleWriter {

    /** The host entry's id as LLVM 19 writes it (the triple, then an empty target id). */
    public static final String HOST_ID = "host-x86_64-pc-windows-msvc-";
    static final int ALIGN = 4096;
    private static final byte[] MAGIC = "__CLANG_OFFLOAD_BUNDLE__".getBytes(StandardCharsets.US_ASCII);

    private OffloadBundleWriter() { }

    /** The entry id of a HIP code object for {@code target} ({@code gfx1151}): offload kind hipv4, triple amdgcn-amd-amdhsa. */
    public static String id(String target) {
        return "hipv4-amdgcn-amd-amdhsa--" + target;
    }

    /** What each target's entry holds in the sample: a line naming it, where a real build has a code object. */
    public static byte[] placeholder(String target) {
        return ("HIP Packager sample: no device code, a stand-in for " + target + "\n").getBytes(StandardCharsets.US_ASCII);
    }

    /** The bundle of a HIP fat binary for {@code targets}, in the order given. */
    public static byte[] bundle(List<String> targets) {
        List<byte[]> ids = new ArrayList<>();
        List<byte[]> data = new ArrayList<>();
        ids.add(HOST_ID.getBytes(StandardCharsets.US_ASCII));
        data.add(new byte[0]);
        for (String t : targets) {
            ids.add(id(t).getBytes(StandardCharsets.US_ASCII));
            data.add(placeholder(t));
        }
        long header = MAGIC.length + 8L;
        for (byte[] id : ids) {
            header += 3 * 8L + id.length;
        }
        long[] offsets = new long[ids.size()];
        long cursor = header;
        for (int i = 0; i < ids.size(); i++) {
            cursor = (cursor + ALIGN - 1) / ALIGN * ALIGN;
            offsets[i] = cursor;
            cursor += data.get(i).length;
        }
        byte[] out = new byte[Math.toIntExact(cursor)];
        System.arraycopy(MAGIC, 0, out, 0, MAGIC.length);
        int at = MAGIC.length;
        at = putU64(out, at, ids.size());
        for (int i = 0; i < ids.size(); i++) {
            at = putU64(out, at, offsets[i]);
            at = putU64(out, at, data.get(i).length);
            at = putU64(out, at, ids.get(i).length);
            System.arraycopy(ids.get(i), 0, out, at, ids.get(i).length);
            at += ids.get(i).length;
        }
        for (int i = 0; i < ids.size(); i++) {
            System.arraycopy(data.get(i), 0, out, (int) offsets[i], data.get(i).length);
        }
        return out;
    }

    private static int putU64(byte[] b, int at, long v) {
        for (int i = 0; i < 8; i++) {
            b[at + i] = (byte) (v >>> (8 * i));
        }
        return at + 8;
    }
}
