# Sourced by the benchmarks that need a display (not run on its own), from the repository's root.
# Set display_base first. It makes the work folder $work and starts one Xvfb server on $display,
# both removed or stopped when the script exits; call xvfb_ready once the server has had a moment
# (after a compilation, say): it stops the script if the server did not start.
command -v Xvfb >/dev/null || { echo "Xvfb is not installed (apt-get install xvfb)." >&2; exit 2; }
work="$(mktemp -d)"
display=":$(( ($$ % 400) + display_base ))"
Xvfb "$display" -screen 0 1400x1000x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill "$xvfb" 2>/dev/null; rm -rf "$work"' EXIT

xvfb_ready() {
  sleep 1
  kill -0 "$xvfb" 2>/dev/null || { echo "Xvfb could not start on $display." >&2; exit 2; }
}
