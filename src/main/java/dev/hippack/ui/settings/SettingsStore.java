package dev.hippack.ui.settings;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.hippack.core.io.AtomicFile;
import dev.hippack.core.io.WriteChannels;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads and writes {@link AppSettings}. Reading never fails: a missing, unreadable or broken
 * file gives the defaults (and the broken file is left alone for the user to look at until the
 * next save). Writing goes through {@link AtomicFile}: a temporary file renamed over the old one,
 * so a crash mid-write never leaves half a file, and a link at the settings' name is not followed.
 */
public final class SettingsStore {

    private final Path file;
    private final ObjectMapper mapper = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    public SettingsStore(Path file) {
        this.file = file;
    }

    public Path file() {
        return file;
    }

    public AppSettings load() {
        try {
            if (!Files.isRegularFile(file)) {
                return AppSettings.defaults();
            }
            AppSettings s = mapper.readValue(file.toFile(), AppSettings.class);
            return s == null ? AppSettings.defaults() : s;
        } catch (IOException | RuntimeException e) {
            return AppSettings.defaults();
        }
    }

    /** Saves; returns false (and keeps the old file) when the folder cannot be written. */
    public boolean save(AppSettings settings) {
        try {
            Files.createDirectories(file.getParent());
            AtomicFile.write(file, mapper.writeValueAsBytes(settings), true, WriteChannels.DEFAULT);
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
