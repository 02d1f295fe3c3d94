package dev.hippack.core.build;

import java.util.List;

/**
 * Writes an argument list as one Windows command line that a user can paste into PowerShell or
 * cmd: an argument is put in double quotes when it holds a space or a character either shell
 * treats specially, with backslashes before a quote doubled as the Windows argument parser
 * (CommandLineToArgvW) expects, so {@code C:\ROCm\6.4\} stays one argument.
 */
public final class WindowsCommandLine {

    private WindowsCommandLine() { }

    public static String join(List<String> args) {
        StringBuilder sb = new StringBuilder();
        for (String a : args) {
            if (sb.length() > 0) {
                sb.append(' ');
            }
            sb.append(quote(a));
        }
        return sb.toString();
    }

    public static String quote(String arg) {
        if (!arg.isEmpty() && arg.chars().noneMatch(c -> " \t\"&|<>^;,()'`$%@{}[]#".indexOf(c) >= 0)) {
            return arg;
        }
        StringBuilder sb = new StringBuilder("\"");
        int backslashes = 0;
        for (int i = 0; i < arg.length(); i++) {
            char c = arg.charAt(i);
            if (c == '\\') {
                backslashes++;
                continue;
            }
            if (c == '"') {
                sb.append("\\".repeat(backslashes * 2 + 1)).append('"');
            } else {
                sb.append("\\".repeat(backslashes)).append(c);
            }
            backslashes = 0;
        }
        sb.append("\\".repeat(backslashes * 2)).append('"');
        return sb.toString();
    }
}
