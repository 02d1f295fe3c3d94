#!/bin/sh
# Two images' first windows against each other and the empty window, in one run: for deciding
# whether a change to the first window is worth keeping (bench/README.md, "First window, sixth
# round"). The empty window (image A's bin/java, bench/EmptyWindow.java), image A's wizard and
# image B's wizard are launched in turn, ROUNDS times each, on one Xvfb display, each with a fresh
# config folder, measured as bench/startup.sh measures them; the medians are printed with their
# ratios to the empty window. The machine's noise is about 40 ms between two runs of the same
# image: run it twice, the second time with A and B swapped.
#
# Usage: bench/compare-first-window.sh IMAGE_A IMAGE_B [ROUNDS]   (25 rounds by default; needs Xvfb)
set -eu
[ $# -ge 2 ] || { echo "Usage: $0 IMAGE_A IMAGE_B [ROUNDS]" >&2; exit 2; }
a="$1"; b="$2"; rounds="${3:-25}"
cd "$(dirname "$0")/.."
for image in "$a" "$b"; do
  [ -x "$image/bin/hip-packager" ] || { echo "No image at $image (no bin/hip-packager)." >&2; exit 2; }
done
command -v Xvfb >/dev/null || { echo "Xvfb is not installed (apt-get install xvfb)." >&2; exit 2; }
javac="${JAVA_HOME:+$JAVA_HOME/bin/}javac"
work="$(mktemp -d)"
display=":$(( ($$ % 400) + 500 ))"
Xvfb "$display" -screen 0 1400x1000x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill "$xvfb" 2>/dev/null; rm -rf "$work"' EXIT
"$javac" --system "$a" -d "$work/empty" bench/EmptyWindow.java
sleep 1
kill -0 "$xvfb" 2>/dev/null || { echo "Xvfb could not start on $display." >&2; exit 2; }

launch() {
  cfg="$(mktemp -d -p "$work")"
  t0="$(date +%s%3N)"
  out="$(DISPLAY="$display" XDG_CONFIG_HOME="$cfg" timeout 60 "$@" 2>/dev/null \
        | grep first-window-shown-at-epoch-ms || true)"
  shown="${out##* }"
  [ -n "$shown" ] || { echo "no window was shown by: $*" >&2; exit 1; }
  echo $((shown - t0))
}
empty() { launch "$a/bin/java" -cp "$work/empty" EmptyWindow; }
wizard() { HIP_PACKAGER_JAVA_OPTS="-Dhippack.exitWhenShown=true" launch "$1/bin/hip-packager"; }
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print int((v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }

# One untimed launch of each, so all start with their files in the page cache.
empty >/dev/null; wizard "$a" >/dev/null; wizard "$b" >/dev/null
: > "$work/e"; : > "$work/a"; : > "$work/b"
i=1
while [ "$i" -le "$rounds" ]; do
  empty >> "$work/e"; wizard "$a" >> "$work/a"; wizard "$b" >> "$work/b"
  i=$((i + 1))
done
e="$(median < "$work/e")"; ma="$(median < "$work/a")"; mb="$(median < "$work/b")"
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), load average $(cut -d' ' -f1 /proc/loadavg), $rounds rounds: empty window $e ms;" \
  "A ($a) $ma ms ($(awk "BEGIN { printf \"%.2f\", $ma / $e }")x); B ($b) $mb ms ($(awk "BEGIN { printf \"%.2f\", $mb / $e }")x)"
