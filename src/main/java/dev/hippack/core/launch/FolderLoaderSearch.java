package dev.hippack.core.launch;

import dev.hippack.core.audit.DllNames;
import dev.hippack.core.audit.pe.PeFormatException;
import dev.hippack.core.audit.pe.PeInfo;
import dev.hippack.core.audit.pe.PeReader;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.RuntimeLoadedDll;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Follows, for one executable, what the Windows loader would look for when it starts from its
 * package folder with PATH reduced to Windows' own folders: every DLL it imports or delay-loads,
 * transitively, and every DLL one of them opens at run time (the catalog's
 * {@code runtimeLoaded}), each either a Windows system DLL or a file in the folder. Reads the PE
 * files; runs nothing, so it works on any OS.
 */
final class FolderLoaderSearch {

    /**
     * A DLL the executable needs that the folder does not hold.
     *
     * @param dll          the name as the importer or the catalog spells it
     * @param neededBy     the file that imports or loads it
     * @param runtimeLoaded true when {@code neededBy} opens it with LoadLibrary rather than importing it
     */
    record Missing(String dll, String neededBy, boolean runtimeLoaded) { }

    /**
     * What was found for one executable.
     *
     * @param missing    DLLs neither in the folder nor Windows'
     * @param unreadable files of the folder that could not be read as PE files, with the problem
     */
    record Result(List<Missing> missing, Map<String, String> unreadable) {

        boolean complete() {
            return missing.isEmpty() && unreadable.isEmpty();
        }
    }

    private final Catalog catalog;
    private final PeReader reader;

    FolderLoaderSearch(Catalog catalog, PeReader reader) {
        this.catalog = catalog;
        this.reader = reader;
    }

    Result search(Path folder, String exe) throws IOException {
        Map<String, Path> files = new LinkedHashMap<>();
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(folder)) {
            for (Path p : dir) {
                if (Files.isRegularFile(p)) {
                    files.put(p.getFileName().toString().toLowerCase(Locale.ROOT), p);
                }
            }
        }
        List<Missing> missing = new ArrayList<>();
        Map<String, String> unreadable = new LinkedHashMap<>();
        Deque<Path> queue = new ArrayDeque<>();
        Set<String> seen = new HashSet<>();
        Path start = files.get(exe.toLowerCase(Locale.ROOT));
        if (start == null) {
            throw new IOException(exe + " is not in " + folder);
        }
        queue.add(start);
        seen.add(exe.toLowerCase(Locale.ROOT));
        while (!queue.isEmpty()) {
            Path pe = queue.poll();
            String name = pe.getFileName().toString();
            PeInfo info;
            try {
                info = reader.read(pe);
            } catch (PeFormatException e) {
                unreadable.put(name, e.problem());
                continue;
            }
            List<String[]> needs = new ArrayList<>();
            for (String dll : info.allDependencies()) {
                needs.add(new String[] {dll, "import"});
            }
            for (RuntimeLoadedDll loaded : catalog.loadedAtRunTimeBy(name)) {
                needs.add(new String[] {loaded.dll(), "runtime"});
            }
            for (String[] need : needs) {
                String dll = need[0];
                String key = dll.toLowerCase(Locale.ROOT);
                if (DllNames.isSystem(dll) || !seen.add(key)) {
                    continue;
                }
                Path found = files.get(key);
                if (found == null) {
                    missing.add(new Missing(dll, name, need[1].equals("runtime")));
                } else {
                    queue.add(found);
                }
            }
        }
        return new Result(List.copyOf(missing), Map.copyOf(unreadable));
    }
}
