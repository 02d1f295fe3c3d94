#!/bin/sh
# Takes a screenshot of every wizard step on the sample environment, for docs/wizard.md and the README: each step at
# 1024x700 (the smallest size the wizard is laid out for) and 1600x1000, in the light and the dark
# theme, named THEME-WxH-N-STEP.png (light-1024x700-2-track.png); then again from the Track step on
# with "All tracks, one package each" chosen, named release-THEME-WxH-N-STEP.png.
# Runs the jlink image under Xvfb (a real X server and GTK, not the test's Monocle), walks the
# wizard with its hidden screenshot tour (-Dhippack.screenshotDir), and writes PNGs to
# docs/screenshots/ (or the folder given), replacing the PNGs there.
# Usage: ./mvnw -DskipTests package && tools/screenshots.sh [DIR]
set -eu
cd "$(dirname "$0")/.."
out="${1:-docs/screenshots}"
launcher=target/image/bin/hip-packager
[ -x "$launcher" ] || { echo "No image at $launcher: run ./mvnw -DskipTests package first." >&2; exit 2; }
command -v xvfb-run >/dev/null || { echo "xvfb-run is not installed (apt-get install xvfb xauth; JavaFX also needs libgtk-3-0)." >&2; exit 2; }
mkdir -p "$out"
out="$(cd "$out" && pwd -P)"
rm -f "$out"/*.png
cfg="$(mktemp -d)"
trap 'rm -rf "$cfg"' EXIT
# A fresh config folder: remembered window sizes of the user must not change the pictures.
for release in false true; do
  rm -rf "$cfg"/*
  XDG_CONFIG_HOME="$cfg" HIP_PACKAGER_JAVA_OPTS="-Dhippack.screenshotDir=$out -Dhippack.screenshotRelease=$release -Dhippack.standInPaceMillis=5 -Dglass.platform=gtk" \
    timeout 900 xvfb-run -a -s "-screen 0 1920x1200x24" "$launcher" --demo
done
count=$(ls -1 "$out"/*.png | wc -l)
# 5 steps x 2 sizes x 2 themes, and 4 steps of the release: fewer means the tour stopped at a step it could not complete.
[ "$count" -eq 36 ] || { echo "Expected 36 screenshots, got $count in $out" >&2; exit 1; }
ls -1 "$out"/*.png
