#!/bin/sh
# The log-view flood (src/jmh/java/dev/hippack/bench/LogViewStress.java) in the jlink image, the
# way a user runs the wizard: the image's runtime and CDS archive, which hold the application
# module, the JVM options the launcher gives the wizard (read from bin/hip-packager), and a real
# X server (Xvfb) with JavaFX's GTK backend. Each run is followed by the same
# flood into a plain TextArea (the usual way to show a log), for comparison. The Maven variant
# (./mvnw -Pjmh test-compile exec:exec@log-stress) runs the harness headless on Monocle; add
# -Dstress.jvm=-Dstress.view=textarea there for the baseline.
# Usage: ./mvnw -DskipTests package && bench/log-stress.sh [runs]   (needs Xvfb and a JDK's javac)
# STRESS_OPTS passes -D options to the harness (e.g. "-Dstress.rate=200000 -Dstress.seconds=5").
set -eu
cd "$(dirname "$0")/.."
runs="${1:-3}"
image=target/image
[ -x "$image/bin/java" ] || { echo "No image at $image: run ./mvnw -DskipTests package first." >&2; exit 2; }
command -v javac >/dev/null || { echo "javac is not on the PATH (a JDK 17 is needed to compile the harness)." >&2; exit 2; }
exports="--add-exports dev.hippack/dev.hippack.ui.run=ALL-UNNAMED --add-exports dev.hippack/dev.hippack.ui.common=ALL-UNNAMED --add-exports dev.hippack/dev.hippack.core.progress=ALL-UNNAMED"
display_base=500
. bench/xvfb-common.sh
# Compiled against the image itself (its modules, the application's among them).
javac --system "$image" -d "$work" --add-modules javafx.controls,dev.hippack $exports \
  src/jmh/java/dev/hippack/bench/LogViewStress.java
xvfb_ready
# The wizard's desktop JVM options, as bin/hip-packager gives them to the wizard (empty if none).
desktop_opts="$(bench/desktop-options.sh "$image")"
echo "JVM options of the wizard's launcher: ${desktop_opts:-none}"
stress() {
  # shellcheck disable=SC2086
  DISPLAY="$display" "$image/bin/java" $desktop_opts -Xmx512m ${STRESS_OPTS:-} "$@" --add-modules dev.hippack $exports \
    -Djava.io.tmpdir="$work" -cp "$work" dev.hippack.bench.LogViewStress 2>/dev/null
}
status=0
i=1
while [ "$i" -le "$runs" ]; do
  echo "run $i: the log view"
  stress || status=1
  # The comparison, in the same run: the same flood into a plain TextArea.
  echo "run $i: the baseline"
  stress -Dstress.view=textarea || status=1
  i=$((i + 1))
done
exit "$status"
