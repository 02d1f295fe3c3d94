#!/bin/sh
# Takes a screenshot of every wizard step on the sample environment, for the README.
# Runs the jlink image under Xvfb (a real X server and GTK, not the test's Monocle), walks the
# wizard with its hidden screenshot tour (-Dhippack.screenshotDir), and writes PNGs to
# docs/screenshots/ (or the folder given). Usage: ./mvnw -DskipTests package && tools/screenshots.sh [DIR]
set -eu
cd "$(dirname "$0")/.."
out="${1:-docs/screenshots}"
launcher=target/image/bin/hip-packager
[ -x "$launcher" ] || { echo "No image at $launcher: run ./mvnw -DskipTests package first." >&2; exit 2; }
command -v xvfb-run >/dev/null || { echo "xvfb-run is not installed (apt-get install xvfb xauth; JavaFX also needs libgtk-3-0)." >&2; exit 2; }
mkdir -p "$out"
out="$(cd "$out" && pwd -P)"
cfg="$(mktemp -d)"
trap 'rm -rf "$cfg"' EXIT
# A fresh config folder: remembered window sizes of the user must not change the pictures.
XDG_CONFIG_HOME="$cfg" HIP_PACKAGER_JAVA_OPTS="-Dhippack.screenshotDir=$out -Dhippack.standInPaceMillis=5 -Dglass.platform=gtk" \
  timeout 600 xvfb-run -a -s "-screen 0 1400x1000x24" "$launcher" --demo
ls -1 "$out"/*.png
