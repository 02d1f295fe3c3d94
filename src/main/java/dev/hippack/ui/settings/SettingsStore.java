package dev.hippack.ui.settings;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.hippack.core.io.AtomicFile;
import dev.hippack.core.io.WriteChannels;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Reads and writes {@link AppSettings}. Reading never fails: a missing file gives the defaults.
 * A file that is there but cannot be read as settings gives the defaults too, and is never
 * overwritten: one that is not valid settings JSON is first renamed to
 * {@code settings.json.broken} (or {@code .broken-2}, ...), so the user keeps what they had and the
 * next save writes a fresh file; one that cannot even be opened is left where it is, and
 * {@link #save} then leaves it alone. {@link #problem()} says what happened, for the user.
 * Writing goes through {@link AtomicFile}: a temporary file renamed over the old one, so a crash
 * mid-write never leaves half a file, and a link at the settings' name is not followed.
 */
public final class SettingsStore {

    /** The suffix of a settings file that could not be read, kept beside the new one. */
    public static final String BROKEN_SUFFIX = ".broken";
    /** The most kept-aside copies looked for before giving up on a new name. */
    private static final int MAX_KEPT = 50;

    private final Path file;
    private String problem;
    /** Set when the file could not be read and could not be moved aside: saving would overwrite it. */
    private boolean keepFile;

    public SettingsStore(Path file) {
        this.file = file;
    }

    public Path file() {
        return file;
    }

    public AppSettings load() {
        problem = null;
        keepFile = false;
        if (!Files.isRegularFile(file)) {
            return AppSettings.defaults();
        }
        try (InputStream in = Files.newInputStream(file)) {
            return SettingsJson.read(in);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            return broken(e.getOriginalMessage().lines().findFirst().orElse("not valid JSON")
                    + (at == null ? "" : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")"));
        } catch (RuntimeException e) {
            return broken(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        } catch (IOException e) {
            keepFile = true;
            problem = "Your settings file " + file + " could not be opened (" + e.getMessage() + "). HIP Packager started with its "
                    + "defaults and will not write over that file; fix its permissions, or move it away, to have settings remembered.";
            return AppSettings.defaults();
        }
    }

    /** What the last {@link #load} found wrong with the file, for the user; empty when it was read or missing. */
    public Optional<String> problem() {
        return Optional.ofNullable(problem);
    }

    /** Saves; returns false (and keeps the old file) when the folder cannot be written or the file is one kept for the user. */
    public boolean save(AppSettings settings) {
        if (keepFile) {
            return false;
        }
        try {
            Files.createDirectories(file.getParent());
            AtomicFile.write(file, SettingsJson.write(settings), true, WriteChannels.DEFAULT);
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** The defaults, after moving the unreadable file aside (or, failing that, keeping it from being saved over). */
    private AppSettings broken(String why) {
        Optional<Path> kept = keepAside();
        keepFile = kept.isEmpty();
        problem = "Your settings file " + file + " could not be read: " + why + ". HIP Packager started with its defaults"
                + kept.map(k -> "; the file was kept as " + k.getFileName() + " beside it.")
                        .orElse(" and will not write over that file; move it away to have settings remembered.");
        return AppSettings.defaults();
    }

    private Optional<Path> keepAside() {
        for (int i = 1; i <= MAX_KEPT; i++) {
            Path aside = file.resolveSibling(file.getFileName() + BROKEN_SUFFIX + (i == 1 ? "" : "-" + i));
            try {
                // No REPLACE_EXISTING: an earlier kept copy is never replaced.
                return Optional.of(Files.move(file, aside));
            } catch (FileAlreadyExistsException e) {
                // Try the next name.
            } catch (IOException | RuntimeException e) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }
}
