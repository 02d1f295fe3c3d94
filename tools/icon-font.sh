#!/bin/sh
# Regenerates src/main/resources/dev/hippack/ui/icons/hip-packager-icons.ttf: the wizard's icon
# font, the glyphs that Icons.Glyph names (its code points, read from Icons.java) cut out of the
# Material Design Icons font of the ikonli pack (ikonli-materialdesign2-pack, its version from
# pom.xml, taken from the local Maven repository), renamed "HIP Packager Icons".
#
# Why: ikonli's pack font has about 7,000 glyphs (1.3 MB); reading it (a copy to a temporary file,
# then parsing) took about 35 ms of CPU beside the FX thread while the first window was built, on
# every start (docs/design.md §10.5). The cut holds only ours, a few KB.
# The font is Pictogrammers' Material Design Icons (https://github.com/Templarian/MaterialDesign-Webfont),
# under the Pictogrammers Free License (Apache License 2.0 terms for the icons and the font): see
# src/main/resources/dev/hippack/ui/icons/NOTICE.
#
# Rerun after adding or changing a glyph in Icons.java, and commit the font; IconsTest fails until
# the font has every glyph. Needs python3-fonttools and unzip.
# Usage: tools/icon-font.sh   (after ./mvnw dependency:resolve has put the pack in ~/.m2)
set -eu
cd "$(dirname "$0")/.."
py=""
for candidate in python3 /usr/bin/python3; do
  if "$candidate" -c 'import fontTools.subset' 2>/dev/null; then py="$candidate"; break; fi
done
[ -n "$py" ] || { echo "fontTools is not installed (apt-get install python3-fonttools)." >&2; exit 2; }
version="$(sed -n 's:.*<ikonli.version>\(.*\)</ikonli.version>.*:\1:p' pom.xml)"
jar="${MAVEN_REPO:-$HOME/.m2/repository}/org/kordamp/ikonli/ikonli-materialdesign2-pack/$version/ikonli-materialdesign2-pack-$version.jar"
[ -f "$jar" ] || { echo "No $jar: run ./mvnw -B dependency:resolve first." >&2; exit 2; }
out=src/main/resources/dev/hippack/ui/icons/hip-packager-icons.ttf
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
unzip -q -o "$jar" 'META-INF/resources/materialdesign2/*/fonts/materialdesignicons-webfont.ttf' -d "$work"
source_font="$(find "$work" -name materialdesignicons-webfont.ttf | head -n 1)"
# Icons.java: STEP_DONE("mdi2c-check-circle", 0xF05E0), ... -> U+F05E0,...
unicodes="$(sed -n 's/^ *[A-Z_]*("mdi2[a-z]-[a-z0-9-]*", 0x\([0-9A-F]*\)).*$/U+\1/p' src/main/java/dev/hippack/ui/common/Icons.java | sort -u | paste -sd, -)"
[ -n "$unicodes" ] || { echo "No glyphs found in Icons.java." >&2; exit 1; }
mkdir -p "$(dirname "$out")"
"$py" -m fontTools.subset "$source_font" --unicodes="$unicodes" --output-file="$work/cut.ttf" \
  --layout-features='' --no-hinting --name-IDs='*' --name-languages='*' --drop-tables+=FFTM
"$py" - "$work/cut.ttf" "$out" <<'EOF'
import sys
from fontTools.ttLib import TTFont
font = TTFont(sys.argv[1], recalcTimestamp=False)
names = {1: "HIP Packager Icons", 3: "HIP Packager Icons", 4: "HIP Packager Icons", 6: "HIPPackagerIcons",
         10: "Glyphs of Material Design Icons (Pictogrammers, Apache License 2.0), cut for HIP Packager"}
for record in font["name"].names:
    if record.nameID in names:
        record.string = names[record.nameID]
for nid, text in names.items():
    if not any(r.nameID == nid for r in font["name"].names):
        font["name"].setName(text, nid, 3, 1, 0x409)
font.save(sys.argv[2])
EOF
echo "$out: $(echo "$unicodes" | tr ',' '\n' | wc -l) glyphs, $(wc -c < "$out") bytes (from $(basename "$jar"))"
