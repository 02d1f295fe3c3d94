#!/bin/sh
# Time from starting the jlink image's launcher to the wizard's first window being shown.
# The app prints "first-window-shown-ms N" (process start to Stage shown) when started with
# -Dhippack.exitWhenShown=true, then exits; we also time the whole launch from outside.
# Usage: bench/startup.sh [runs]   (after ./mvnw -DskipTests package; needs xvfb-run)
set -eu
cd "$(dirname "$0")/.."
runs="${1:-5}"
launcher=target/image/bin/hip-packager
[ -x "$launcher" ] || { echo "No image at $launcher: run ./mvnw -DskipTests package first." >&2; exit 2; }
command -v xvfb-run >/dev/null || { echo "xvfb-run is not installed (apt-get install xvfb xauth)." >&2; exit 2; }
cfg="$(mktemp -d)"
trap 'rm -rf "$cfg"' EXIT
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
worst=0
i=1
while [ "$i" -le "$runs" ]; do
  out="$(XDG_CONFIG_HOME="$cfg" HIP_PACKAGER_JAVA_OPTS="-Dhippack.exitWhenShown=true" \
        xvfb-run -a -s "-screen 0 1400x1000x24" "$launcher" 2>/dev/null | grep first-window-shown-ms || true)"
  ms="${out##* }"
  [ -n "$ms" ] || { echo "run $i: the window was not shown" >&2; exit 1; }
  echo "run $i: first window after $ms ms"
  [ "$ms" -gt "$worst" ] && worst="$ms"
  i=$((i + 1))
done
if [ "$worst" -lt 1500 ]; then echo "PASS: slowest run $worst ms < 1500 ms"; else echo "FAIL: slowest run $worst ms >= 1500 ms"; exit 1; fi
