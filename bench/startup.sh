#!/bin/sh
# Time from starting the jlink image's launcher to the wizard's first window being shown.
# With -Dhippack.exitWhenShown=true the app prints "first-window-shown-at-epoch-ms N" (the wall
# clock when the Stage was shown and one pulse had run) and exits; this script takes the wall
# clock just before it starts the launcher and prints the difference. One Xvfb server is started
# first and shared by all runs, so its own start-up is not counted. The same number of runs with
# class-data sharing off follows, for comparison.
# Usage: bench/startup.sh [runs] [image]   (after ./mvnw -DskipTests package; needs Xvfb)
set -eu
cd "$(dirname "$0")/.."
runs="${1:-5}"
image="${2:-target/image}"
launcher="$image/bin/hip-packager"
[ -x "$launcher" ] || { echo "No image at $launcher: run ./mvnw -DskipTests package first." >&2; exit 2; }
command -v Xvfb >/dev/null || { echo "Xvfb is not installed (apt-get install xvfb)." >&2; exit 2; }
cfg="$(mktemp -d)"
display=":$(( ($$ % 400) + 100 ))"
Xvfb "$display" -screen 0 1400x1000x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill "$xvfb" 2>/dev/null; rm -rf "$cfg"' EXIT
sleep 1
kill -0 "$xvfb" 2>/dev/null || { echo "Xvfb could not start on $display." >&2; exit 2; }
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
# One launch; prints the milliseconds from the launch to the first window.
launch() {
  t0="$(date +%s%3N)"
  out="$(DISPLAY="$display" XDG_CONFIG_HOME="$cfg" HIP_PACKAGER_JAVA_OPTS="-Dhippack.exitWhenShown=true $1" \
        timeout 60 "$launcher" 2>/dev/null | grep first-window-shown-at-epoch-ms || true)"
  shown="${out##* }"
  [ -n "$shown" ] || { echo "the window was not shown" >&2; exit 1; }
  echo $((shown - t0))
}
worst=0
i=1
while [ "$i" -le "$runs" ]; do
  ms="$(launch "")"
  echo "run $i: first window after $ms ms"
  [ "$ms" -gt "$worst" ] && worst="$ms"
  i=$((i + 1))
done
# The same image with class-data sharing off, in the same run: what the image's CDS archive saves.
without=0
i=1
while [ "$i" -le "$runs" ]; do
  ms="$(launch "-Xshare:off")"
  echo "run $i without CDS (-Xshare:off): first window after $ms ms"
  [ "$ms" -gt "$without" ] && without="$ms"
  i=$((i + 1))
done
echo "slowest: $worst ms with the image's CDS archive, $without ms without it"
if [ "$worst" -lt 1500 ]; then echo "PASS: slowest run $worst ms < 1500 ms"; else echo "FAIL: slowest run $worst ms >= 1500 ms"; exit 1; fi
