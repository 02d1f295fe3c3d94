# Sourced by bench/startup.sh and bench/compare-first-window.sh (not run on its own): the shared
# set-up for timing first windows. Set empty_image (the image whose bin/java and modules the
# empty window uses) and display_base before sourcing. Through bench/xvfb-common.sh it makes the
# work folder $work and starts one Xvfb server on $display for all launches; it compiles
# bench/EmptyWindow.java into $work/empty against the image, and defines:
#   launch CMD...  one launch with a fresh config folder (a copy of $config_from's files when that
#                  is set); prints the milliseconds from just before the start to the window's
#                  "first-window-shown-at-epoch-ms" line
#   median         the median of the numbers on stdin
. bench/xvfb-common.sh
javac="${JAVA_HOME:+$JAVA_HOME/bin/}javac"
# The baseline, compiled against the image's own modules (javac --system).
"$javac" --system "$empty_image" -d "$work/empty" bench/EmptyWindow.java
xvfb_ready

launch() {
  cfg="$(mktemp -d -p "$work")"
  [ -z "${config_from:-}" ] || cp -R "$config_from/." "$cfg/"
  t0="$(date +%s%3N)"
  out="$(DISPLAY="$display" XDG_CONFIG_HOME="$cfg" timeout 60 "$@" 2>/dev/null \
        | grep first-window-shown-at-epoch-ms || true)"
  shown="${out##* }"
  [ -n "$shown" ] || { echo "no window was shown by: $*" >&2; exit 1; }
  echo $((shown - t0))
}

median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print int((v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
