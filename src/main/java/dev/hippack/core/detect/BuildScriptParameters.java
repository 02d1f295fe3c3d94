package dev.hippack.core.detect;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the parameter names from a PowerShell script's {@code param(...)} block: the block is
 * found outside comments and strings, split at its top-level commas, and each part's first
 * {@code $Name} is the parameter (attributes such as {@code [Parameter(Mandatory)]} and default
 * values are skipped).
 */
public final class BuildScriptParameters {

    private static final Pattern VARIABLE = Pattern.compile("\\$([A-Za-z_][A-Za-z0-9_]*)");

    /** The parameter names in declaration order; empty when the script has no param block. */
    public List<String> parse(String script) {
        String code = blankCommentsAndStrings(script);
        Matcher start = Pattern.compile("(?i)(?<![A-Za-z0-9_-])param\\s*\\(").matcher(code);
        if (!start.find()) {
            return List.of();
        }
        int open = start.end() - 1;
        int depth = 0;
        int close = -1;
        for (int i = open; i < code.length(); i++) {
            char c = code.charAt(i);
            if (c == '(' || c == '[' || c == '{') {
                depth++;
            } else if (c == ')' || c == ']' || c == '}') {
                depth--;
                if (depth == 0) {
                    close = i;
                    break;
                }
            }
        }
        if (close < 0) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        int partStart = open + 1;
        depth = 0;
        for (int i = open + 1; i <= close; i++) {
            char c = code.charAt(i);
            if (c == '(' || c == '[' || c == '{') {
                depth++;
            } else if ((c == ')' || c == ']' || c == '}') && depth > 0) {
                depth--;
            } else if ((c == ',' && depth == 0) || i == close) {
                String part = code.substring(partStart, i);
                Matcher v = VARIABLE.matcher(stripBrackets(part));
                if (v.find()) {
                    out.add(v.group(1));
                }
                partStart = i + 1;
            }
        }
        return out;
    }

    /** Removes {@code [...]} attribute and type groups so a variable inside them is not taken. */
    private static String stripBrackets(String part) {
        StringBuilder sb = new StringBuilder();
        int depth = 0;
        for (char c : part.toCharArray()) {
            if (c == '[') {
                depth++;
            } else if (c == ']') {
                depth = Math.max(0, depth - 1);
            } else if (depth == 0) {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    /** Replaces comments and string contents with spaces, keeping offsets. */
    static String blankCommentsAndStrings(String s) {
        StringBuilder sb = new StringBuilder(s);
        int i = 0;
        int n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            if (c == '<' && i + 1 < n && s.charAt(i + 1) == '#') {
                int end = s.indexOf("#>", i + 2);
                end = end < 0 ? n : end + 2;
                blank(sb, i, end);
                i = end;
            } else if (c == '#') {
                int end = s.indexOf('\n', i);
                end = end < 0 ? n : end;
                blank(sb, i, end);
                i = end;
            } else if (c == '"' || c == '\'') {
                int j = i + 1;
                while (j < n) {
                    char d = s.charAt(j);
                    if (c == '"' && d == '`') {
                        j += 2;
                        continue;
                    }
                    if (d == c) {
                        if (j + 1 < n && s.charAt(j + 1) == c) {
                            j += 2;
                            continue;
                        }
                        break;
                    }
                    j++;
                }
                blank(sb, i + 1, Math.min(j, n));
                i = Math.min(j + 1, n);
            } else {
                i++;
            }
        }
        return sb.toString();
    }

    private static void blank(StringBuilder sb, int from, int to) {
        for (int k = from; k < to; k++) {
            if (sb.charAt(k) != '\n') {
                sb.setCharAt(k, ' ');
            }
        }
    }
}
