#!/usr/bin/env bash
# Smoke test of a built HIP Packager launcher (target/image/bin/hip-packager, or the jpackage
# app image's bin/hip-packager): it starts, opens the wizard on the sample machine until its first
# frame (on a virtual X server, Xvfb), detects the sample machine, runs the stand-in build, packages the sample's
# prebuilt binaries into a zip that unzip and sha256sum accept, and cuts the sample's release of
# both tracks (two zips, one SHA256SUMS, RELEASE-NOTES.md), and audits every zip. The Windows side
# of the same steps is tools/smoke-image.ps1. A command that is missing or fails
# makes the script fail; nothing is skipped.
#
# usage: tools/smoke-image.sh LAUNCHER
set -euo pipefail

launcher=${1:?usage: tools/smoke-image.sh LAUNCHER}
[ -x "$launcher" ] || { echo "smoke-image: $launcher is not an executable launcher (build it with ./mvnw package)" >&2; exit 1; }
for tool in unzip sha256sum; do
  command -v "$tool" >/dev/null || { echo "smoke-image: $tool is missing (apt-get install unzip coreutils)" >&2; exit 1; }
done

work=$(mktemp -d "${TMPDIR:-/tmp}/hip-packager-smoke.XXXXXX")
trap 'rm -rf "$work"' EXIT
# --demo writes its sample machine into Java's temporary folder and removes it at the end: point
# it here, to check that nothing is left behind (JAVA_TOOL_OPTIONS reaches every launcher, the
# jpackage one included).
export JAVA_TOOL_OPTIONS="-Djava.io.tmpdir=$work${JAVA_TOOL_OPTIONS:+ $JAVA_TOOL_OPTIONS}"
# Each run's log goes here instead of the user's log folder; the script checks it was written.
export HIP_PACKAGER_LOG_DIR="$work/logs"

fail() { echo "smoke-image: FAILED: $*" >&2; exit 1; }
step() { echo "smoke-image: $*"; }

# The commands must be listed by --help ("hip-packager package --help" alone proves nothing:
# a help request succeeds even after an unknown word).
help=$("$launcher" --help 2>/dev/null) || fail "--help exited with $?"
commands=$(sed -n '/^Commands:/,$p' <<<"$help")
for command in detect package release diff; do
  grep -Eq "^  ${command}( |\$)" <<<"$commands" || fail "'hip-packager $command' does not exist in $launcher"
done

# Signing from a token (--sign-keystore-type PKCS11) needs the JDK's PKCS#11 provider in the runtime;
# a jlink image has only the modules it was given, so check the one a full JDK always has.
runtime_java="$(dirname "$launcher")/java"
[ -x "$runtime_java" ] || runtime_java="$(dirname "$launcher")/../lib/runtime/bin/java"
if [ -x "$runtime_java" ]; then
  step "the runtime has the PKCS#11 provider (signing from a token)"
  "$runtime_java" --list-modules | grep -q '^jdk.crypto.cryptoki@' || fail "jdk.crypto.cryptoki is not in $runtime_java's runtime"
else
  step "the runtime's java was not found beside $launcher: its PKCS#11 provider was NOT checked"
fi

step "--version"
version=$("$launcher" --version 2>/dev/null | head -n 1) || fail "--version exited with $?"
[[ $version == "hip-packager "* ]] || fail "--version printed: $version"

# The wizard, as a user opens the sample: the launcher with --demo alone (so the image's launcher
# gives it its desktop JVM options), until its first frame; -Dhippack.exitWhenShown goes through
# JAVA_TOOL_OPTIONS, which reaches every launcher. Its settings go to a config folder in $work.
# It exits at its first frame, while detection may still be making the sample: the check further
# down that --demo left no sample behind covers this run too.
step "--demo opens the wizard (its first frame, on Xvfb) past a broken settings file, which it keeps"
command -v Xvfb >/dev/null || fail "Xvfb is missing (apt-get install xvfb): the wizard's start cannot be checked"
n=$(( ($$ % 300) + 700 ))
while [ -e "/tmp/.X11-unix/X$n" ] || [ -e "/tmp/.X$n-lock" ]; do n=$((n + 1)); done
Xvfb ":$n" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill "$xvfb" 2>/dev/null || true; rm -rf "$work"' EXIT
sleep 1
kill -0 "$xvfb" 2>/dev/null || fail "Xvfb could not start on :$n"
# A settings file that is not valid JSON: the wizard starts anyway, and keeps it aside for the user.
mkdir -p "$work/config/hip-packager"
printf '{"theme": "dark",,' > "$work/config/hip-packager/settings.json"
shown=$(DISPLAY=":$n" XDG_CONFIG_HOME="$work/config" JAVA_TOOL_OPTIONS="$JAVA_TOOL_OPTIONS -Dhippack.exitWhenShown=true" \
  timeout 120 "$launcher" --demo 2>"$work/wizard.err" | grep -c '^first-window-shown-at-epoch-ms ' || true)
[ "$shown" = 1 ] || fail "the wizard showed no first window: $(tail -n 20 "$work/wizard.err")"
[ "$(cat "$work/config/hip-packager/settings.json.broken" 2>/dev/null)" = '{"theme": "dark",,' ] \
  || fail "the broken settings file was not kept as settings.json.broken: $(ls -A "$work/config/hip-packager")"
kill "$xvfb" 2>/dev/null || true

step "--demo detect --json"
"$launcher" --demo detect --json >"$work/detect.json" 2>"$work/detect.err" \
  || fail "--demo detect --json exited with $?: $(cat "$work/detect.err")"
[[ $(head -c 1 "$work/detect.json") == "{" ]] || fail "--demo detect --json printed no JSON object: $(head -c 200 "$work/detect.json")"

# The stand-in build runs as a child JVM started from the runtime's own bin/java: in the app image
# the process's executable is the launcher, which would hand the JVM options to main.
step "--demo build --stand-in-pace 0"
"$launcher" --demo build --stand-in-pace 0 >"$work/build.out" 2>"$work/build.err" \
  || fail "--demo build exited with $?: $(tail -n 20 "$work/build.err")"

step "--demo package --skip-build --out $work/out"
"$launcher" --demo package --skip-build --out "$work/out" >"$work/package.out" 2>"$work/package.err" \
  || fail "--demo package --skip-build exited with $?: $(tail -n 20 "$work/package.err")"

step "--demo release --skip-build --out $work/release"
"$launcher" --demo release --skip-build --out "$work/release" >"$work/release.out" 2>"$work/release.err" \
  || fail "--demo release --skip-build exited with $?: $(tail -n 20 "$work/release.err")"

shopt -s nullglob
step "--demo removed its sample machines"
left=("$work"/hip-packager-demo-*)
[ ${#left[@]} -eq 0 ] || fail "--demo left its temporary sample behind: ${left[*]}"

zips=("$work"/out/*.zip)
[ ${#zips[@]} -eq 1 ] || fail "expected one zip in $work/out, found ${#zips[@]}: $(ls -A "$work/out" 2>&1)"
[ -f "$work/out/SHA256SUMS" ] || fail "no SHA256SUMS beside ${zips[0]}"

step "unzip -t $(basename "${zips[0]}")"
unzip -tq "${zips[0]}" >/dev/null || fail "unzip -t rejected ${zips[0]}"
step "sha256sum -c SHA256SUMS"
(cd "$work/out" && sha256sum -c --strict SHA256SUMS >/dev/null) || fail "sha256sum -c SHA256SUMS failed in $work/out"

step "the release: two zips, one SHA256SUMS, RELEASE-NOTES.md"
released=("$work"/release/*.zip)
[ ${#released[@]} -eq 2 ] || fail "expected the rocm6 and rocm7 zips in $work/release, found ${#released[@]}: $(ls -A "$work/release" 2>&1)"
[ "$(wc -l <"$work/release/SHA256SUMS")" -eq 2 ] || fail "SHA256SUMS of the release does not list exactly its two zips"
(cd "$work/release" && sha256sum -c --strict SHA256SUMS >/dev/null) || fail "sha256sum -c SHA256SUMS failed in $work/release"
grep -q 'RX 7600 series (gfx1102)' "$work/release/RELEASE-NOTES.md" || fail "RELEASE-NOTES.md lacks the gfx1102 advice"

for zip in "${zips[@]}" "${released[@]}"; do
  step "audit $(basename "$zip")"
  "$launcher" audit "$zip" >"$work/audit.out" 2>"$work/audit.err" \
    || fail "audit $zip exited with $?: $(tail -n 20 "$work/audit.out" "$work/audit.err")"
done

# The runtime's class-data-sharing archive must hold the JavaFX classes (the first window's speed
# depends on it) and must map: -Xshare:on makes the JVM refuse to start otherwise.
bin=$(dirname "$launcher")
java=""
for candidate in "$bin/java" "$bin/../lib/runtime/bin/java"; do
  [ -x "$candidate" ] && { java=$candidate; break; }
done
[ -n "$java" ] || fail "no Java runtime beside $launcher"
step "CDS archive of $java"
# Asking the runtime to start javafx.application.Application as a program loads that class
# (then fails: it has no main method). With -Xshare:on the JVM refuses to start without a
# usable archive; the class-load log says whether the class came from it. Works on JDK 17 to 25.
shared=$("$java" -Xshare:on -Xlog:class+load=info -m javafx.graphics/javafx.application.Application 2>&1 || true)
grep -q 'javafx\.application\.Application source: shared objects file' <<<"$shared" \
  || fail "the runtime's CDS archive does not map or lacks the JavaFX classes (was the image built from src/main/cds/hip-packager.classlist?): $(head -n 3 <<<"$shared")"

# The application is linked into the runtime, so the archive holds its classes as well.
shared=$("$java" -Xshare:on -Xlog:class+load=info -m dev.hippack/dev.hippack.Main --version 2>&1 || true)
grep -q 'dev\.hippack\.Main source: shared objects file' <<<"$shared" \
  || fail "the runtime's CDS archive lacks the application's classes (is dev.hippack linked into the runtime?): $(grep -m 1 'dev\.hippack\.Main' <<<"$shared")"

step "run logs in \$HIP_PACKAGER_LOG_DIR"
logs=("$work"/logs/hip-packager-*.log)
[ ${#logs[@]} -ge 5 ] || fail "expected a log file per run in $work/logs, found ${#logs[@]}"
grep -q 'started with arguments \[--demo, package' "${logs[@]}" || fail "no run log names the package run: $(ls -A "$work/logs")"

step "OK ($version)"
