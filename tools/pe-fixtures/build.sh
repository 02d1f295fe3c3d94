#!/usr/bin/env bash
# Builds the small real PE files HIP Packager's tests and sample environment use, from
# fixtures.txt, with Debian's LLVM 14 tools (apt-get install llvm-14 lld-14). The outputs are
# committed; run this again only after changing fixtures.txt or the stubs.
#
# Each imported DLL gets a one-function import library made by llvm-dlltool; the program is
# one stub per machine; lld-link pulls each import in with /include:__imp_<symbol> and makes
# delay imports with /delayload. /Brepro keeps the outputs byte-identical between runs.
#
# Executables listed in offload.txt also carry GPU code as HIP builds lay it out: clang offload
# bundles made by clang-offload-bundler (Debian's clang-tools-19; LLVM 14 has no compressed
# bundles) in section .hip_fatbin, each with its registration wrapper in .hipFatBinSegment (see
# offload.txt and README.md for the sources).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
MC="${LLVM_MC:-$(command -v llvm-mc-14 || command -v llvm-mc)}"
DLLTOOL="${LLVM_DLLTOOL:-$(command -v llvm-dlltool-14 || command -v llvm-dlltool)}"
LINK="${LLD_LINK:-$(command -v lld-link-14 || command -v lld-link)}"
RC="${LLVM_RC:-$(command -v llvm-rc-14 || command -v llvm-rc)}"
BUNDLER="${CLANG_OFFLOAD_BUNDLER:-$(command -v clang-offload-bundler-19 || command -v /usr/lib/llvm-19/bin/clang-offload-bundler || command -v clang-offload-bundler)}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

declare -A triple=([x64]=x86_64-pc-windows-msvc [x86]=i686-pc-windows-msvc [arm64]=aarch64-pc-windows-msvc)
declare -A dllmachine=([x64]=i386:x86-64 [x86]=i386 [arm64]=arm64)
declare -A linkmachine=([x64]=x64 [x86]=x86 [arm64]=arm64)
declare -A prefix=([x64]="" [x86]="_" [arm64]="")

for m in x64 x86 arm64; do
  "$MC" -triple "${triple[$m]}" -filetype=obj "$here/stub-$m.s" -o "$work/stub-$m.obj"
done

# The import symbol of a DLL: fx_ and the file name with every other character made an underscore.
symbol() { printf 'fx_%s' "$(printf '%s' "$1" | tr -c 'A-Za-z0-9' '_')"; }

implib() { # machine dll -> path of its import library (made once)
  local m="$1" dll="$2" sym lib
  sym="$(symbol "$dll")"
  lib="$work/$m-$sym.lib"
  if [ ! -f "$lib" ]; then
    printf 'LIBRARY %s\nEXPORTS\n%s\n' "$dll" "$sym" > "$work/$m-$sym.def"
    "$DLLTOOL" -m "${dllmachine[$m]}" -d "$work/$m-$sym.def" -l "$lib"
  fi
  printf '%s' "$lib"
}

count=0
# A VERSIONINFO resource, so the audit can compare a CRT DLL's version with the build toolset.
version_res() { # version -> path of a compiled .res
  local v="$1" commas res
  commas="${v//./,}"
  res="$work/version-$v.res"
  if [ ! -f "$res" ]; then
    cat > "$work/version-$v.rc" <<RC
1 VERSIONINFO
FILEVERSION $commas
PRODUCTVERSION $commas
FILEOS 0x40004
FILETYPE 2
BEGIN
  BLOCK "StringFileInfo"
  BEGIN
    BLOCK "040904B0"
    BEGIN
      VALUE "FileVersion", "$v"
      VALUE "ProductVersion", "$v"
    END
  END
  BLOCK "VarFileInfo"
  BEGIN
    VALUE "Translation", 0x409, 1200
  END
END
RC
    "$RC" -no-preprocess -fo "$res" "$work/version-$v.rc"
  fi
  printf '%s' "$res"
}

# The entry each target's code object stands in for holds this text; HIP Packager's stand-in build
# writes the same (OffloadBundleWriter.placeholder), so a sample executable it relinks is
# byte-identical to one built here for the same targets.
placeholder() { printf 'HIP Packager sample: no device code, a stand-in for %s\n' "$1"; }

bundle_file() { # targets(+ separated) compression -> path of the bundle
  local targets="$1" compression="$2" ids inputs t f out
  out="$work/bundle-${targets//+/_}-$compression.hipfb"
  if [ -f "$out" ]; then printf '%s' "$out"; return; fi
  ids="host-x86_64-pc-windows-msvc"
  inputs="-input=/dev/null"
  IFS=+ read -r -a ts <<< "$targets"
  for t in "${ts[@]}"; do
    f="$work/code-$t.txt"
    placeholder "$t" > "$f"
    ids="$ids,hipv4-amdgcn-amd-amdhsa--$t"
    inputs="$inputs -input=$f"
  done
  # -type=o with a host input that is no object file gives the plain binary bundle, and
  # -bundle-align=4096 is what clang's HIP driver passes (HIPUtility.cpp, constructHIPFatbinCommand).
  case "$compression" in
    none) "$BUNDLER" -type=o -bundle-align=4096 "-targets=$ids" $inputs "-output=$out" ;;
    zstd) "$BUNDLER" -type=o -bundle-align=4096 -compress "-targets=$ids" $inputs "-output=$out" ;;
    zlib) # Debian's bundler compresses with zstd; the zlib form is written to the same header (version 2).
      "$BUNDLER" -type=o -bundle-align=4096 "-targets=$ids" $inputs "-output=$out.plain"
      python3 - "$out.plain" "$out" <<'PY'
import hashlib, struct, sys, zlib
data = open(sys.argv[1], 'rb').read()
packed = zlib.compress(data, 6)
md5 = hashlib.md5(data).digest()
# CCOB, version 2, method 0 (zlib), total size, uncompressed size, MD5's low 64 bits (LLVM's "truncated MD5").
header = b'CCOB' + struct.pack('<HHII', 2, 0, 24 + len(packed), len(data)) + md5[:8]
open(sys.argv[2], 'wb').write(header + packed)
PY
      ;;
    *) echo "offload.txt: unknown compression '$compression'" >&2; exit 2 ;;
  esac
  printf '%s' "$out"
}

hip_object() { # output -> path of an object holding its bundles and their registrations, or nothing
  local out="$1" line registered compression slot bundles i b s obj
  line="$(awk -v o="$out" '$1 == o { print; exit }' "$here/offload.txt")"
  [ -n "$line" ] || return 0
  read -r _ registered compression slot bundles <<< "$line"
  s="$work/hip-$count.s"
  obj="$work/hip-$count.obj"
  : > "$s"
  IFS=, read -r -a bs <<< "$bundles"
  i=0
  for b in "${bs[@]}"; do
    f="$(bundle_file "$b" "$compression")"
    {
      printf '  .section .hip_fatbin,"dr"\n  .p2align 12\nhip_fatbin_%d:\n  .incbin "%s"\n' "$i" "$f"
      # A slot: room for the stand-in build to write a bundle of more targets in its place.
      if [ "$slot" -gt 0 ]; then printf '  .fill %d, 1, 0\n' "$((slot - $(stat -c %s "$f")))"; fi
      if [ "$registered" = yes ]; then
        printf '  .section .hipFatBinSegment,"dr"\n  .p2align 3\n  .long 0x48495046\n  .long 1\n  .quad hip_fatbin_%d\n  .quad 0\n' "$i"
      fi
    } >> "$s"
    i=$((i + 1))
  done
  "$MC" -triple x86_64-pc-windows-msvc -filetype=obj "$s" -o "$obj"
  printf '%s' "$obj"
}

while read -r out machine kind imports delays version; do
  case "$out" in ''|'#'*) continue ;; esac
  case "$out" in
    test/*) dest="$repo/src/test/resources/pe/${out#test/}" ;;
    sample/*) dest="$repo/src/main/resources/dev/hippack/sample/pe/${out#sample/}" ;;
    *) echo "fixtures.txt: '$out' must start with test/ or sample/" >&2; exit 2 ;;
  esac
  mkdir -p "$(dirname "$dest")"
  args=(/nologo /Brepro /nodefaultlib "/machine:${linkmachine[$machine]}" "/out:$dest" "$work/stub-$machine.obj")
  [ "$machine" = x86 ] && args+=(/safeseh:no)
  if [ "$kind" = dll ]; then
    args+=(/dll /entry:DllMain "/export:fixture_export" "/implib:$work/last.lib")
  else
    args+=(/entry:mainCRTStartup /subsystem:console)
  fi
  for list in "$imports" "$delays"; do
    [ "$list" = "-" ] && continue
    IFS=, read -r -a dlls <<< "$list"
    for d in "${dlls[@]}"; do
      args+=("$(implib "$machine" "$d")" "/include:__imp_${prefix[$machine]}$(symbol "$d")")
    done
  done
  if [ -n "${version:-}" ] && [ "$version" != "-" ]; then
    args+=("$(version_res "$version")")
  fi
  if [ "$delays" != "-" ]; then
    IFS=, read -r -a dlls <<< "$delays"
    for d in "${dlls[@]}"; do args+=("/delayload:$d"); done
  fi
  hip="$(hip_object "$out")"
  [ -n "$hip" ] && args+=("$hip")
  "$LINK" "${args[@]}"
  count=$((count + 1))
done < "$here/fixtures.txt"
echo "built $count PE files"
