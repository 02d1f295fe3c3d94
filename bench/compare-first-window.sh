#!/bin/sh
# Two images' first windows against each other and the empty window, in one run: for deciding
# whether a change to the first window is worth keeping (docs/design.md §10.7). The empty window
# (image A's bin/java, bench/EmptyWindow.java), image A's wizard and image B's wizard are launched
# in turn, ROUNDS times each, on one Xvfb display, each with a fresh config folder, measured as
# bench/startup.sh measures them; the medians are printed with their ratios to the empty window. The
# machine's noise is about 40 ms between two runs of the same image: run it twice, the second time
# with A and B swapped.
#
# Usage: bench/compare-first-window.sh IMAGE_A IMAGE_B [ROUNDS]   (25 rounds by default; needs Xvfb)
set -eu
[ $# -ge 2 ] || { echo "Usage: $0 IMAGE_A IMAGE_B [ROUNDS]" >&2; exit 2; }
a="$1"; b="$2"; rounds="${3:-25}"
cd "$(dirname "$0")/.."
for image in "$a" "$b"; do
  [ -x "$image/bin/hip-packager" ] || { echo "No image at $image (no bin/hip-packager)." >&2; exit 2; }
done
empty_image="$a"
display_base=500
. bench/first-window-common.sh

empty() { launch "$a/bin/java" -cp "$work/empty" EmptyWindow; }
wizard() { HIP_PACKAGER_JAVA_OPTS="-Dhippack.exitWhenShown=true" launch "$1/bin/hip-packager"; }

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
