package dev.hippack.ui.steps.track;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The embedded catalog plus a third track, a future ROCm 7.2 ("rocm72"), made the way a
 * maintainer would add one: a track entry in tracks.json and its ROCm version's kernel sizes in
 * kernel-sizes.json (here those of 7.1), and nothing else.
 */
final class ThirdTrackCatalog {

    static final String ID = "rocm72";
    static final String VERSION = "7.2";

    private ThirdTrackCatalog() { }

    static Catalog load() throws Exception {
        ObjectMapper json = new ObjectMapper();
        return new CatalogLoader(name -> {
            try (InputStream in = CatalogLoader.class.getResourceAsStream("/dev/hippack/catalog/" + name)) {
                JsonNode root = json.readTree(in);
                if (name.equals(CatalogLoader.TRACKS)) {
                    ArrayNode tracks = (ArrayNode) root.get("tracks");
                    ObjectNode t = tracks.get(1).deepCopy();
                    t.put("id", ID).put("rocmVersion", VERSION).put("buildDir", "build\\hip72")
                            .put("packageName", "audiocpp-windows-hip-" + ID);
                    tracks.add(t);
                } else if (name.equals(CatalogLoader.KERNEL_SIZES)) {
                    ArrayNode libs = (ArrayNode) root.get("libraries");
                    // Kernel sizes are per ROCm version (what the SDK ships), not per track.
                    for (JsonNode lib : libs.deepCopy()) {
                        if (lib.get("rocmVersion").asText().equals("7.1")) {
                            libs.add(((ObjectNode) lib).put("rocmVersion", VERSION));
                        }
                    }
                }
                return new ByteArrayInputStream(json.writeValueAsBytes(root));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }).load();
    }
}
