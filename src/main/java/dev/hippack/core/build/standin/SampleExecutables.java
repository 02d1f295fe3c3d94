package dev.hippack.core.build.standin;

import dev.hippack.core.audit.pe.OffloadBundle;
import dev.hippack.core.audit.pe.OffloadBundles;
import dev.hippack.core.audit.pe.PeFormatException;
import dev.hippack.core.audit.pe.PeReader;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;

/**
 * The sample's audio.cpp executables made for given GPU targets: the committed PE file
 * ({@code sample/pe/rocmN/}, made by {@code tools/pe-fixtures/build.sh} with room after its one
 * offload bundle) with that bundle written anew for the targets, in the same place, where its
 * registration wrapper points. So an executable "built" for gfx1151 holds gfx1151 code only, as a
 * real build's would, and the audit reads that from the file.
 */
public final class SampleExecutables {

    private SampleExecutables() { }

    /** {@code template} (named {@code name} in messages) with its offload bundle replaced by one for {@code targets}. */
    public static byte[] withTargets(String name, byte[] template, List<String> targets) throws IOException {
        OffloadBundles found;
        try {
            found = new PeReader().offloadBundles(name, template);
        } catch (PeFormatException e) {
            throw new IOException("the sample executable " + e.getMessage() + "; reinstall HIP Packager", e);
        }
        if (found.bundles().size() != 1 || !OffloadBundles.REGISTRATION.equals(found.foundBy())) {
            throw new IOException("the sample executable " + name + " has " + found.bundles().size()
                    + " registered offload bundles, not one; reinstall HIP Packager");
        }
        OffloadBundle slot = found.bundles().get(0);
        byte[] bundle = OffloadBundleWriter.bundle(targets);
        if (bundle.length > slot.room()) {
            throw new IOException("the sample executable " + name + " has room for a bundle of " + slot.room()
                    + " bytes, and " + targets.size() + " targets need " + bundle.length
                    + "; build the sample for fewer targets");
        }
        byte[] out = template.clone();
        int at = Math.toIntExact(slot.fileOffset());
        Arrays.fill(out, at, at + Math.toIntExact(slot.length()), (byte) 0);
        System.arraycopy(bundle, 0, out, at, bundle.length);
        return out;
    }
}
