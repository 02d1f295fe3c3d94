#!/usr/bin/env bash
# Zip benchmark: hip-packager zip against Info-ZIP `zip -r -6` and `7z a -tzip -mx=5` on the same
# generated package-like tree (see PackageTreeGenerator.java), in one run on one machine.
#
#   ./mvnw -B -q package -DskipTests      # builds target/image/bin/hip-packager
#   bench/zip-benchmark.sh [WORK_DIR] [SIZE_MB] [ROUNDS]
#
# Defaults: WORK_DIR=/tmp/hip-packager-bench, SIZE_MB=1300, ROUNDS=2. The tree is read once
# before timing so every tool starts from the page cache; the tools run in turn, ROUNDS times,
# and the table reports each tool's fastest round (wall clock) and its summed user+sys CPU in
# that round, so a busy shared machine penalises every tool alike. With BENCH_NICE=N (root) the
# script's own scheduling group (Linux autogroup, one per session; the tools all run in it) gets
# nice N, so on a machine shared with other sessions the three tools get the same larger share of
# the CPUs; without it a busy machine hands this session about one core's fraction and no tool
# can use a second core.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="${1:-/tmp/hip-packager-bench}"
size_mb="${2:-1300}"
rounds="${3:-2}"
hp="$repo/target/image/bin/hip-packager"
name=audiocpp-windows-hip-rocm6

for tool in zip 7z java; do
  command -v "$tool" >/dev/null || { echo "bench: $tool is not installed" >&2; exit 2; }
done
[ -x "$hp" ] || { echo "bench: build the image first: ./mvnw -B -q package -DskipTests" >&2; exit 2; }

mkdir -p "$work"
if [ ! -f "$work/tree.$size_mb.done" ]; then
  rm -rf "$work/tree"
  java "$repo/bench/PackageTreeGenerator.java" "$work/tree/$name" "$size_mb"
  touch "$work/tree.$size_mb.done"
fi
cat $(find "$work/tree" -type f) > /dev/null
tree_bytes=$(du -sb "$work/tree/$name" | cut -f1)

# time_run LABEL OUTPUT COMMAND...: runs COMMAND in $work/tree; appends "label wall user sys bytes".
time_run() {
  local label="$1" out="$2"; shift 2
  rm -f "$out"
  local TIMEFORMAT='%R %U %S' t
  t=$( { time ( cd "$work/tree" && "$@" >/dev/null 2>&1 ) ; } 2>&1 )
  echo "$label $t $(stat -c %s "$out")" >> "$work/results.txt"
  echo "  $label: $t s (wall user sys), $(stat -c %s "$out") bytes" >&2
}

rm -f "$work/results.txt"
nproc_n=$(nproc)
if [ -n "${BENCH_NICE:-}" ] && [ -w /proc/self/autogroup ]; then
  echo "$BENCH_NICE" > /proc/self/autogroup && echo "autogroup: $(cat /proc/self/autogroup)" >&2
fi
echo "timing $rounds round(s) on $tree_bytes bytes ..." >&2
for round in $(seq 1 "$rounds"); do
  time_run hip-packager "$work/hp.zip" "$hp" zip "$name" --out "$work/hp.zip" --force
  time_run zip-r-6 "$work/infozip.zip" zip -r -6 -q "$work/infozip.zip" "$name"
  time_run 7z-mx5 "$work/7z.zip" 7z a -tzip -mx=5 "$work/7z.zip" "$name"
done

python3 - "$work/results.txt" "$tree_bytes" "$nproc_n" "$(uptime)" <<'PY'
import sys
rows = {}
for line in open(sys.argv[1]):
    parts = line.split()
    label, wall, cpu, size = parts[0], float(parts[1]), float(parts[2]) + float(parts[3]), int(parts[4])
    if label not in rows or wall < rows[label][0]:
        rows[label] = (wall, size, cpu)
tree = int(sys.argv[2])
zw, zs, _ = rows["zip-r-6"]
print(f"tree: {tree/1e6:.0f} MB, {sys.argv[3]} cores; {sys.argv[4].strip()}")
print("| tool | wall (s) | wall vs zip -r -6 | CPU user+sys (s) | zip size (MB) | size vs zip -6 | size/content |")
print("|---|---:|---:|---:|---:|---:|---:|")
for label, cmd in (("hip-packager", "`hip-packager zip` (level 6, all cores, verify + SHA-256 included)"),
                   ("zip-r-6", "`zip -r -6` (Info-ZIP)"), ("7z-mx5", "`7z a -tzip -mx=5`")):
    w, s, c = rows[label]
    print(f"| {cmd} | {w:.1f} | {w/zw:.2f} | {c:.1f} | {s/1e6:.1f} | {s/zs:.3f} | {s/tree:.3f} |")
PY
