#!/bin/sh
# Prints the JVM options the image's launcher gives the wizard on this machine (the desktop
# options, and the compiler thread count it chooses from the cores here), by running a copy of
# bin/hip-packager beside a stand-in java that prints its arguments. The benchmarks start their
# harnesses with these, so they always match what the launcher does.
# Usage: bench/desktop-options.sh [IMAGE]   (target/image by default)
set -eu
image="${1:-target/image}"
[ -f "$image/bin/hip-packager" ] || { echo "No launcher at $image/bin/hip-packager." >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir "$work/bin"
cp "$image/bin/hip-packager" "$work/bin/hip-packager"
printf '#!/bin/sh\necho "$@"\n' > "$work/bin/java"
chmod +x "$work/bin/hip-packager" "$work/bin/java"
HIP_PACKAGER_JAVA_OPTS="" "$work/bin/hip-packager" | sed 's/ *-m dev\.hippack\/.*$//'
