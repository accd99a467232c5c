#!/usr/bin/env bash
# A session at a terminal as a person sees it (docs/cli.md#scenery-run): tmux runs
# `scenery run` in a pseudo-terminal, send-keys types, capture-pane reads the screen.
# Checked: the legend of words under every frame, the cue under the first, the prompt on
# the line typed on, a button's title pressing it, and the legend drawn dim in colour.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v tmux > /dev/null; then
  apt-get install -y -qq tmux > /dev/null || { echo "error: tmux is needed for the terminal check" >&2; exit 1; }
fi
scenery="$PWD/.build/debug/scenery"
state=$(mktemp -d)
socket="scenery-check-$$"
trap 'tmux -L "$socket" kill-server 2> /dev/null || true; rm -rf "$state"' EXIT

screen() { tmux -L "$socket" capture-pane -p "$@" -t check; }
# Waits until the screen shows a line matching $1 (grep -E), or fails after 10 s.
await() {
  for _ in $(seq 100); do
    screen | grep -qE "$1" && return 0
    sleep 0.1
  done
  echo "error: the screen never showed '$1'; it shows:" >&2
  screen >&2
  exit 1
}

tmux -L "$socket" new-session -d -s check -x 80 -y 60 \
  "TERM=xterm-256color '$scenery' run Scenes/Shop --state-dir '$state' --width 60; sleep 60"
await '^words: email text · help$'
await "^Type a word above and its arguments, or a button's title; 'help' explains\.$"
await '^> ?$'
tmux -L "$socket" send-keys -t check 'email ada@example.com' Enter
await '^Email: \[ada@example.com\]$'
tmux -L "$socket" send-keys -t check 'Sign in' Enter
await '^== Catalog ==$'
await '^words: load \[query\] \(Search\) · open row \(a row of the list\)$'
await '^       logout \(Sign out \(ada@example.com\)\) · help$'
# In colour, the legend is dim (SGR 2); the frame is not.
screen -e | grep -q $'\e\\[2mwords: load' || { echo "error: the legend is not drawn dim" >&2; screen -e >&2; exit 1; }
screen -e | grep -q $'^== Catalog ==' || { echo "error: the frame is styled" >&2; exit 1; }
tmux -L "$socket" send-keys -t check 'quit' Enter

# At a terminal without --now, now() is the system's clock (docs/manifest.md#ids-and-time):
# two stamps a second and more apart differ, and a '>> clock' line moves it by its offset.
clock_app=$(mktemp -d)
trap 'tmux -L "$socket" kill-server 2> /dev/null || true; rm -rf "$state" "$clock_app"' EXIT
mkdir -p "$clock_app/scenes"
echo '{"formatVersion": 1, "name": "Clock", "entry": "Main"}' > "$clock_app/app.json"
echo '{"formatVersion": 1, "scene": "Main", "useCases": {"tick": {"interactor": []}}, "view": [{"type": "text", "text": "at @{now()}"}, {"type": "button", "title": "Tick", "action": "tick"}]}' > "$clock_app/scenes/Main.json"
tmux -L "$socket" new-session -d -s clock -x 80 -y 40 "'$scenery' run '$clock_app' --state-dir '$state/clock'; sleep 60"
clock_screen() { tmux -L "$socket" capture-pane -p -t clock; }
for _ in $(seq 100); do clock_screen | grep -q '^at 20' && break; sleep 0.1; done
first=$(clock_screen | grep '^at 20' | tail -1)
sleep 1.5
tmux -L "$socket" send-keys -t clock 'tick' Enter
for _ in $(seq 100); do [ "$(clock_screen | grep -c '^at 20')" -ge 2 ] && break; sleep 0.1; done
second=$(clock_screen | grep '^at 20' | tail -1)
[ -n "$first" ] && [ "$first" != "$second" ] || { echo "error: now() did not move at a terminal: '$first' then '$second'" >&2; clock_screen >&2; exit 1; }
tmux -L "$socket" send-keys -t clock 'quit' Enter
echo "terminal: legend, cue, prompt, a button's title and the moving clock checked in tmux"

# explore at a terminal says how far it got, a line every tenth of the walks, on standard
# error (docs/explore.md#progress-and-the-summary); piped, it prints only its findings, the
# places no walk reached and the summary.
explore_out=$(mktemp -d)
trap 'tmux -L "$socket" kill-server 2> /dev/null || true; rm -rf "$state" "$clock_app" "$explore_out"' EXIT
tmux -L "$socket" new-session -d -s explore -x 160 -y 40 \
  "'$scenery' explore Scenes/Orders --walks 20 --output '$explore_out/found'; sleep 60"
explore_screen() { tmux -L "$socket" capture-pane -p -t explore; }
for _ in $(seq 300); do explore_screen | grep -q '^explored Scenes/Orders: 20 walks' && break; sleep 0.1; done
explore_screen | grep -q '^explore: 2/20 walks, [0-9]* actions, 0 failures so far$' \
  || { echo "error: explore showed no progress at a terminal" >&2; explore_screen >&2; exit 1; }
explore_screen | grep -q '^explore: 20/20 walks' || { echo "error: explore's progress stopped short" >&2; explore_screen >&2; exit 1; }
piped=$("$scenery" explore Scenes/Orders --walks 20 --output "$explore_out/found" 2>&1)
printf '%s\n' "$piped" | tail -1 | grep -q '^explored Scenes/Orders: 20 walks' \
  && ! printf '%s\n' "$piped" | grep -v -e '^not reached: ' -e '^explored ' | grep -q . \
  || { echo "error: piped explore printed more than its findings and summary: $piped" >&2; exit 1; }
echo "terminal: explore's progress shows at a terminal and not when piped"
