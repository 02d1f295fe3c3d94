#!/usr/bin/env bash
# Renders the application icon: PNGs at 16/32/48/256 px and a Windows .ico holding all four.
# A dev-time step; its outputs are committed, so building HIP Packager needs none of these tools.
# Needs rsvg-convert (Debian: librsvg2-bin) and icotool (Debian: icoutils).
set -euo pipefail
cd "$(dirname "$0")"

for tool in rsvg-convert icotool; do
  command -v "$tool" >/dev/null || { echo "render.sh: $tool is missing (apt-get install librsvg2-bin icoutils)" >&2; exit 1; }
done

# 16 px comes from the pixel-grid drawing; the larger sizes scale the detailed one.
rsvg-convert -w 16 -h 16 hip-packager-small.svg -o hip-packager-16.png
for size in 32 48 256; do
  rsvg-convert -w "$size" -h "$size" hip-packager.svg -o "hip-packager-$size.png"
done

# The 256 px image is stored as PNG inside the .ico (--raw), as Windows Vista and later expect.
icotool -c -o hip-packager.ico hip-packager-16.png hip-packager-32.png hip-packager-48.png --raw=hip-packager-256.png

# The wizard loads its window icons from the module's resources.
resources=../src/main/resources/dev/hippack/icons
mkdir -p "$resources"
cp hip-packager-16.png hip-packager-32.png hip-packager-48.png hip-packager-256.png "$resources/"
icotool -l hip-packager.ico
