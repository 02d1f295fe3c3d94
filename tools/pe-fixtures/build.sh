#!/usr/bin/env bash
# Builds the small real PE files HIP Packager's tests and sample environment use, from
# fixtures.txt, with Debian's LLVM 14 tools (apt-get install llvm-14 lld-14). The outputs are
# committed; run this again only after changing fixtures.txt or the stubs.
#
# Each imported DLL gets a one-function import library made by llvm-dlltool; the program is
# one stub per machine; lld-link pulls each import in with /include:__imp_<symbol> and makes
# delay imports with /delayload. /Brepro keeps the outputs byte-identical between runs.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
MC="${LLVM_MC:-$(command -v llvm-mc-14 || command -v llvm-mc)}"
DLLTOOL="${LLVM_DLLTOOL:-$(command -v llvm-dlltool-14 || command -v llvm-dlltool)}"
LINK="${LLD_LINK:-$(command -v lld-link-14 || command -v lld-link)}"
RC="${LLVM_RC:-$(command -v llvm-rc-14 || command -v llvm-rc)}"

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
  "$LINK" "${args[@]}"
  count=$((count + 1))
done < "$here/fixtures.txt"
echo "built $count PE files"
