package dev.hippack.core.detect;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads which GPU architectures a ggml header places in a family: the {@code __gfxNNNN__} macros
 * named by the {@code #if} (or {@code #elif}) under which it defines the family macro, as in
 * ggml's {@code vendors/hip.h}:
 * <pre>
 * #if defined(__gfx1150__) || defined(__gfx1151__)
 * #define RDNA3_5
 * #endif
 * </pre>
 * Only the preprocessor lines are read, with comments removed and {@code \}-continued lines
 * joined; a definition in an {@code #else} branch counts for no architecture, since there the
 * named ones are exactly those left out. No macro is expanded: the header is read as text.
 */
final class GgmlHeaderReader {

    private static final Pattern ARCH_MACRO = Pattern.compile("__(gfx[0-9]{2,4}[a-z]?)__");
    private static final Pattern DIRECTIVE = Pattern.compile("^\\s*#\\s*([a-z]+)\\b(.*)$");

    /** The architectures whose macro the condition around {@code #define <macro>} names, in order; empty when none. */
    List<String> architecturesDefining(String header, String macro) {
        Set<String> out = new LinkedHashSet<>();
        // Each open #if's condition; null for an #else branch, which names the architectures it excludes.
        Deque<String> open = new ArrayDeque<>();
        Pattern defines = Pattern.compile("\\s+" + Pattern.quote(macro) + "(\\s.*)?$");
        for (String line : directives(header)) {
            Matcher m = DIRECTIVE.matcher(line);
            if (!m.matches()) {
                continue;
            }
            String word = m.group(1);
            String rest = m.group(2);
            switch (word) {
                case "if", "ifdef", "ifndef" -> open.push(word.equals("ifndef") ? "" : rest);
                case "elif" -> {
                    if (!open.isEmpty()) {
                        open.pop();
                    }
                    open.push(rest);
                }
                case "else" -> {
                    if (!open.isEmpty()) {
                        open.pop();
                    }
                    open.push("");
                }
                case "endif" -> {
                    if (!open.isEmpty()) {
                        open.pop();
                    }
                }
                case "define" -> {
                    if (defines.matcher(rest).matches() && !open.isEmpty()) {
                        Matcher arch = ARCH_MACRO.matcher(open.peek());
                        while (arch.find()) {
                            out.add(arch.group(1));
                        }
                    }
                }
                default -> { }
            }
        }
        return List.copyOf(out);
    }

    /** The header's lines with comments blanked and continuation lines joined. */
    private static List<String> directives(String header) {
        String text = withoutComments(header);
        List<String> out = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String raw : text.split("\\R", -1)) {
            if (raw.endsWith("\\")) {
                line.append(raw, 0, raw.length() - 1).append(' ');
                continue;
            }
            out.add(line.append(raw).toString());
            line.setLength(0);
        }
        return out;
    }

    /** {@code //} and {@code /* *\/} comments replaced by a space, line breaks inside kept; string literals left alone. */
    private static String withoutComments(String s) {
        StringBuilder out = new StringBuilder(s.length());
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '"') {
                int end = i + 1;
                while (end < s.length() && s.charAt(end) != '"' && s.charAt(end) != '\n') {
                    end += s.charAt(end) == '\\' ? 2 : 1;
                }
                end = Math.min(end + 1, s.length());
                out.append(s, i, end);
                i = end;
            } else if (s.startsWith("//", i)) {
                while (i < s.length() && s.charAt(i) != '\n' && s.charAt(i) != '\r') {
                    i++;
                }
                out.append(' ');
            } else if (s.startsWith("/*", i)) {
                int end = s.indexOf("*/", i + 2);
                end = end < 0 ? s.length() : end + 2;
                for (int k = i; k < end; k++) {
                    char d = s.charAt(k);
                    if (d == '\n' || d == '\r') {
                        out.append(d);
                    }
                }
                out.append(' ');
                i = end;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }
}
