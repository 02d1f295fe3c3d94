#!/bin/sh
# Time from starting the jlink image's launcher to the wizard's first window being shown.
# With -Dhippack.exitWhenShown=true the app prints "first-window-shown-at-epoch-ms N" (the wall
# clock when the Stage was shown and one pulse had run) and exits; this script takes the wall
# clock just before it starts the launcher and prints the difference. One Xvfb server is started
# first and shared by all runs, so its own start-up is not counted.
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
worst=0
i=1
while [ "$i" -le "$runs" ]; do
  t0="$(date +%s%3N)"
  out="$(DISPLAY="$display" XDG_CONFIG_HOME="$cfg" HIP_PACKAGER_JAVA_OPTS="-Dhippack.exitWhenShown=true" \
        timeout 60 "$launcher" 2>/dev/null | grep first-window-shown-at-epoch-ms || true)"
  shown="${out##* }"
  [ -n "$shown" ] || { echo "run $i: the window was not shown" >&2; exit 1; }
  ms=$((shown - t0))
  echo "run $i: first window after $ms ms"
  [ "$ms" -gt "$worst" ] && worst="$ms"
  i=$((i + 1))
done
if [ "$worst" -lt 1500 ]; then echo "PASS: slowest run $worst ms < 1500 ms"; else echo "FAIL: slowest run $worst ms >= 1500 ms"; exit 1; fi
