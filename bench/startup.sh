#!/bin/sh
# The wizard's first window against an empty JavaFX window, both from the jlink image, in the
# same run, on the same display (issue 16: the wizard within 1.3x of the empty window).
#
# The empty window is bench/EmptyWindow.java (a Stage with one Label, at the wizard's default
# size of 1180x780), compiled here against the image and started with the image's own bin/java;
# the wizard is the image's launcher with no arguments, as a double-click starts it (a fresh
# config folder, detection of this machine starting in the background as usual). Both measure
# "the window appears" with the same code: when the Stage is shown they wait for the scene's next
# layout pulse, then print the wall clock ("first-window-shown-at-epoch-ms N") after that pulse
# and exit. This script takes the wall clock just before it starts each process and prints the
# difference. One Xvfb server is started first and shared by all runs, so its own start-up is not
# counted. The two are run alternately (empty, wizard, empty, wizard, ...), ROUNDS times each;
# the medians are compared. PASS when median(wizard) <= 1.3 x median(empty).
#
# The same rounds also time the wizard's second start, as a user starts it every day after the
# first: its config folder holds the settings file a first start wrote when its window closed (one
# start before the rounds writes it; each timed start reads a copy). It must pass the same target.
#
# The launcher starts the wizard with desktop JVM options (bin/hip-packager: the client compiler
# only and the serial collector, and one compiler thread on a machine of one or two cores; this
# script asks the launcher for them, bench/desktop-options.sh). The verdict is against the empty window as issue 16 defines it,
# started by bin/java with the JVM's defaults; for a like-for-like view the same rounds also time
# the empty window with the launcher's options, and the script prints that ratio beside the verdict.
#
# Usage: bench/startup.sh [ROUNDS] [IMAGE]   (7 rounds and target/image by default; builds the
#        image with ./mvnw -B -q package -DskipTests if it is missing; needs Xvfb)
set -eu
cd "$(dirname "$0")/.."
rounds="${1:-7}"
image="${2:-target/image}"
launcher="$image/bin/hip-packager"
if [ ! -x "$launcher" ]; then
  echo "No image at $launcher: building it (./mvnw -B -q package -DskipTests)."
  ./mvnw -B -q package -DskipTests >/dev/null
fi
[ -x "$launcher" ] || { echo "No image at $launcher after the build." >&2; exit 2; }
empty_image="$image"
display_base=100
. bench/first-window-common.sh
# The wizard's desktop JVM options, read from the launcher itself (empty if it sets none).
desktop_opts="$(bench/desktop-options.sh "$image")"
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'); load average before: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores"
echo "image: $image ($("$image/bin/java" -version 2>&1 | head -n 1)); the launcher's desktop JVM options: ${desktop_opts:-none}"

empty() { launch "$image/bin/java" -cp "$work/empty" EmptyWindow; }
empty_desktop() { launch "$image/bin/java" $desktop_opts -cp "$work/empty" EmptyWindow; }
wizard() { HIP_PACKAGER_JAVA_OPTS="-Dhippack.exitWhenShown=true" launch "$launcher"; }
returning="$work/returning"
wizard_again() { config_from="$returning" wizard; }

# The config folder of a user's second start: what a first start leaves there when its window closes.
mkdir -p "$returning"
DISPLAY="$display" XDG_CONFIG_HOME="$returning" HIP_PACKAGER_JAVA_OPTS="-Dhippack.exitWhenShown=true" \
  timeout 60 "$launcher" >/dev/null 2>&1 || true
[ -f "$returning/hip-packager/settings.json" ] || { echo "The first start wrote no settings file into $returning." >&2; exit 1; }

# One untimed launch of each first, so both start with the image's files in the page cache.
empty >/dev/null
wizard >/dev/null
wizard_again >/dev/null
empty_desktop >/dev/null
: > "$work/empty.ms"
: > "$work/wizard.ms"
: > "$work/again.ms"
: > "$work/same.ms"
i=1
while [ "$i" -le "$rounds" ]; do
  e="$(empty)"
  w="$(wizard)"
  a="$(wizard_again)"
  s="$(empty_desktop)"
  echo "$e" >> "$work/empty.ms"
  echo "$w" >> "$work/wizard.ms"
  echo "$a" >> "$work/again.ms"
  echo "$s" >> "$work/same.ms"
  echo "round $i: empty window $e ms, wizard $w ms, wizard's second start $a ms, empty window with the desktop options $s ms"
  i=$((i + 1))
done
range() { echo "$(sort -n "$1" | head -n1)-$(sort -n "$1" | tail -n1)"; }
me="$(median < "$work/empty.ms")"
mw="$(median < "$work/wizard.ms")"
ma="$(median < "$work/again.ms")"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "median of $rounds: empty window $me ms (range $(range "$work/empty.ms")), wizard $mw ms (range $(range "$work/wizard.ms")), wizard's second start $ma ms (range $(range "$work/again.ms"))"
ms="$(median < "$work/same.ms")"
echo "like for like: the empty window with the desktop options ($desktop_opts) $ms ms (range $(range "$work/same.ms")); wizard/that = $(awk -v w="$mw" -v e="$ms" 'BEGIN { printf "%.2f", w / e }')"
failed=0
verdict() { # NAME MEDIAN
  r="$(awk -v w="$2" -v e="$me" 'BEGIN { printf "%.2f", w / e }')"
  if awk -v w="$2" -v e="$me" 'BEGIN { exit !(w <= 1.3 * e) }'; then
    echo "PASS: $1/empty = $r <= 1.30"
  else
    echo "FAIL: $1/empty = $r > 1.30"
    failed=1
  fi
}
verdict wizard "$mw"
verdict "wizard's second start" "$ma"
exit "$failed"
