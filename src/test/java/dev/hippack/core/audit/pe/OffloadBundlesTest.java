package dev.hippack.core.audit.pe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.catalog.Track;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The offload bundle reader on PE files built by tools/pe-fixtures with clang-offload-bundler and
 * lld-link (see offload.txt), and on hostile copies of them.
 */
class OffloadBundlesTest {

    private static final String HOST = "host-x86_64-pc-windows-msvc-";
    private static final String GFX1100 = "hipv4-amdgcn-amd-amdhsa--gfx1100";
    private static final String GFX1151 = "hipv4-amdgcn-amd-amdhsa--gfx1151";

    private final PeReader reader = new PeReader();

    @Test
    void anUncompressedBundleIsFoundThroughItsRegistrationAndListsItsEntries() throws Exception {
        OffloadBundles o = reader.offloadBundles(PeFixtures.test("offload-two-targets.exe"));
        assertThat(o.foundBy()).isEqualTo(OffloadBundles.REGISTRATION);
        assertThat(o.registrations()).isEqualTo(1);
        assertThat(o.bundles()).hasSize(1);
        OffloadBundle b = o.bundles().get(0);
        assertThat(b.compression()).isEqualTo("none");
        assertThat(b.idsRead()).isTrue();
        assertThat(b.ids()).containsExactly(HOST, GFX1100, GFX1151);
        assertThat(o.targets()).containsExactly("gfx1100", "gfx1151");
        assertThat(o.missing(List.of("gfx1151", "gfx1201", "gfx1100"))).containsExactly("gfx1201");
    }

    @Test
    void aZlibCompressedBundleIsInflatedAsFarAsItsHeader() throws Exception {
        OffloadBundles o = reader.offloadBundles(PeFixtures.test("offload-zlib.exe"));
        OffloadBundle b = o.bundles().get(0);
        assertThat(b.compressed()).isTrue();
        assertThat(b.compression()).isEqualTo("zlib");
        assertThat(b.ids()).containsExactly(HOST, GFX1100, GFX1151);
        assertThat(o.targets()).containsExactly("gfx1100", "gfx1151");
        assertThat(o.unread()).isEmpty();
    }

    @Test
    void aZstdCompressedBundleIsFoundButItsTargetsAreNotRead() throws Exception {
        OffloadBundles o = reader.offloadBundles(PeFixtures.test("offload-zstd.exe"));
        assertThat(o.bundles()).hasSize(1);
        OffloadBundle b = o.bundles().get(0);
        assertThat(b.compression()).isEqualTo("zstd");
        assertThat(b.idsRead()).isFalse();
        assertThat(o.unread()).containsExactly(b);
        assertThat(o.targets()).isEmpty();
    }

    @Test
    void aTargetMissingFromOneOfSeveralBundlesIsNotATargetOfTheExecutable() throws Exception {
        OffloadBundles o = reader.offloadBundles(PeFixtures.test("offload-two-bundles.exe"));
        assertThat(o.registrations()).isEqualTo(2);
        assertThat(o.bundles()).extracting(OffloadBundle::gpuTargets)
                .containsExactly(List.of("gfx1100", "gfx1151"), List.of("gfx1100"));
        assertThat(o.targets()).containsExactly("gfx1100");
        assertThat(o.partialTargets()).containsExactly("gfx1151");
        assertThat(o.missing(List.of("gfx1100", "gfx1151"))).containsExactly("gfx1151");
    }

    @Test
    void aBundleWithoutRegistrationIsFoundByItsMagic() throws Exception {
        OffloadBundles o = reader.offloadBundles(PeFixtures.test("offload-unregistered.exe"));
        assertThat(o.foundBy()).isEqualTo(OffloadBundles.MAGIC);
        assertThat(o.registrations()).isZero();
        assertThat(o.targets()).containsExactly("gfx1151");
    }

    @Test
    void anExecutableWithoutGpuCodeHasNoBundle() throws Exception {
        for (String f : List.of("x64-exe-imports.exe", "x86-dll.dll", "arm64-exe.exe", "x64-exe-many-imports.exe")) {
            OffloadBundles o = reader.offloadBundles(PeFixtures.test(f));
            assertThat(o.foundBy()).as(f).isEqualTo(OffloadBundles.NONE);
            assertThat(o.bundles()).as(f).isEmpty();
            assertThat(o.targets()).as(f).isEmpty();
        }
    }

    @Test
    void theSampleExecutablesCarryTheirTracksTargets() throws Exception {
        for (Track track : CatalogLoader.embedded().tracks()) {
            for (String exe : List.of("audiocpp_cli.exe", "audiocpp_server.exe")) {
                Path p = PeFixtures.sample("rocm" + track.generation() + "/" + exe);
                OffloadBundles o = reader.offloadBundles(p);
                assertThat(o.foundBy()).as(p.toString()).isEqualTo(OffloadBundles.REGISTRATION);
                assertThat(o.targets()).as(p.toString()).containsExactlyElementsOf(track.targets());
                // Room for the stand-in build to write a bundle of more targets in the same place.
                assertThat(o.bundles().get(0).room()).isGreaterThanOrEqualTo(17 * 4096L);
            }
        }
    }

    @Test
    void aZipEntryStreamGivesWhatTheFileGives() throws Exception {
        for (String f : List.of("offload-two-bundles.exe", "offload-zlib.exe", "offload-zstd.exe", "x64-exe-imports.exe")) {
            Path p = PeFixtures.test(f);
            byte[] bytes = Files.readAllBytes(p);
            OffloadBundles streamed = reader.offloadBundles(p.toString(), bytes.length, () -> new ByteArrayInputStream(bytes));
            assertThat(streamed).isEqualTo(reader.offloadBundles(p));
            assertThat(reader.offloadBundles(p.toString(), bytes)).isEqualTo(streamed);
        }
    }

    @Test
    void entryIdsNameTheirProcessor() {
        assertThat(OffloadBundle.gpuTarget(GFX1100)).contains("gfx1100");
        assertThat(OffloadBundle.gpuTarget("hipv4-amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-")).contains("gfx90a");
        assertThat(OffloadBundle.gpuTarget("hip-amdgcn-amd-amdhsa-gfx906")).contains("gfx906");
        assertThat(OffloadBundle.gpuTarget(HOST)).isEmpty();
        assertThat(OffloadBundle.gpuTarget("openmp-amdgcn-amd-amdhsa--gfx1100")).isEmpty();
        assertThat(OffloadBundle.gpuTarget("hipv4-spirv64-amd-amdhsa--amdgcnspirv")).isEmpty();
        assertThat(OffloadBundle.gpuTarget("hipv4")).isEmpty();
    }

    // --- hostile copies of the fixtures: each damage is named, never thrown as anything else ---

    @Test
    void anEntryCountBeyondTheCapIsDamage() throws Exception {
        Fixture f = Fixture.of(reader, "offload-two-targets.exe");
        f.putU64(24, 1L << 40);
        assertThatThrownBy(() -> f.read(reader)).isInstanceOf(PeFormatException.class)
                .hasMessageContaining("declares 1099511627776 entries");
        f.putU64(24, 0);
        assertThatThrownBy(() -> f.read(reader)).hasMessageContaining("declares 0 entries");
    }

    @Test
    void anEntryOutsideTheBundleIsDamage() throws Exception {
        Fixture f = Fixture.of(reader, "offload-two-targets.exe");
        int entry2 = 32 + (24 + HOST.length()) + (24 + GFX1100.length());
        f.putU64(entry2, 0x7FFF_FFFF_FFFF_FFF0L);
        assertThatThrownBy(() -> f.read(reader)).isInstanceOf(PeFormatException.class)
                .hasMessageContaining("entry 2 (" + GFX1151 + ")").hasMessageContaining("past the bundle's");
        Fixture g = Fixture.of(reader, "offload-two-targets.exe");
        g.putU64(entry2 + 8, -1L);
        assertThatThrownBy(() -> g.read(reader)).hasMessageContaining("entry 2");
    }

    @Test
    void anIdLengthOfZeroOrBeyondTheCapIsDamage() throws Exception {
        Fixture f = Fixture.of(reader, "offload-two-targets.exe");
        f.putU64(32 + 16, 0);
        assertThatThrownBy(() -> f.read(reader)).hasMessageContaining("entry 0").hasMessageContaining("id of 0 bytes");
        f.putU64(32 + 16, 1L << 33);
        assertThatThrownBy(() -> f.read(reader)).hasMessageContaining("id of 8589934592 bytes");
    }

    @Test
    void aBundleCutShortBySectionOrFileEndIsDamage() throws Exception {
        Fixture f = Fixture.of(reader, "offload-two-targets.exe");
        byte[] cut = Arrays.copyOf(f.bytes, (int) f.bundle.fileOffset() + 40);
        assertThatThrownBy(() -> reader.offloadBundles("cut.exe", cut)).isInstanceOf(PeFormatException.class)
                .hasMessageStartingWith("cut.exe: is truncated");
    }

    @Test
    void aRegistrationPointingAtNoBundleIsDamage() throws Exception {
        Fixture f = Fixture.of(reader, "offload-two-targets.exe");
        // Overwrite the bundle's magic: the wrapper now points at data that is no bundle.
        f.put(0, "__NOT_AN_OFFLOAD_BUNDLE_".getBytes(StandardCharsets.US_ASCII));
        assertThatThrownBy(() -> f.read(reader)).isInstanceOf(PeFormatException.class)
                .hasMessageContaining("HIP fat binary registration").hasMessageContaining("holds no offload bundle");
    }

    @Test
    void anUnknownCompressionMethodIsReportedAsUnread() throws Exception {
        Fixture f = Fixture.of(reader, "offload-zlib.exe");
        f.putU16(6, 9);
        OffloadBundles o = f.read(reader);
        assertThat(o.bundles().get(0).compression()).isEqualTo("method 9");
        assertThat(o.unread()).hasSize(1);
        assertThat(o.targets()).isEmpty();
    }

    @Test
    void anUnknownCompressedVersionIsReportedAsUnread() throws Exception {
        Fixture f = Fixture.of(reader, "offload-zlib.exe");
        f.putU16(4, 7);
        assertThat(f.read(reader).bundles().get(0).compression()).isEqualTo("version 7");
    }

    @Test
    void corruptZlibDataOrSizesBeyondTheSectionAreDamage() throws Exception {
        Fixture f = Fixture.of(reader, "offload-zlib.exe");
        f.put(24, new byte[] {0x00, 0x00, 0x00, 0x00});
        assertThatThrownBy(() -> f.read(reader)).isInstanceOf(PeFormatException.class).hasMessageContaining("zlib data");
        Fixture g = Fixture.of(reader, "offload-zlib.exe");
        g.putU32(8, 0x7FFF_FFFF);
        assertThatThrownBy(() -> g.read(reader)).hasMessageContaining("declares 2147483647 bytes");
        Fixture h = Fixture.of(reader, "offload-zlib.exe");
        h.putU32(12, 10);
        assertThatThrownBy(() -> h.read(reader)).hasMessageContaining("too few for a bundle header");
    }

    /** A fixture's bytes with its first bundle located, to damage in place. */
    static final class Fixture {
        final byte[] bytes;
        final OffloadBundle bundle;

        private Fixture(byte[] bytes, OffloadBundle bundle) {
            this.bytes = bytes;
            this.bundle = bundle;
        }

        static Fixture of(PeReader reader, String name) throws Exception {
            Path p = PeFixtures.test(name);
            return new Fixture(Files.readAllBytes(p), reader.offloadBundles(p).bundles().get(0));
        }

        OffloadBundles read(PeReader reader) throws PeFormatException {
            return reader.offloadBundles("damaged.exe", bytes);
        }

        void put(int at, byte[] b) {
            System.arraycopy(b, 0, bytes, (int) bundle.fileOffset() + at, b.length);
        }

        void putU16(int at, int v) {
            putLe(at, v, 2);
        }

        void putU32(int at, long v) {
            putLe(at, v, 4);
        }

        void putU64(int at, long v) {
            putLe(at, v, 8);
        }

        private void putLe(int at, long v, int n) {
            for (int i = 0; i < n; i++) {
                bytes[(int) bundle.fileOffset() + at + i] = (byte) (v >>> (8 * i));
            }
        }
    }
}
