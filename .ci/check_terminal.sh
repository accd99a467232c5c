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
echo "terminal: legend, cue, prompt and a button's title checked in tmux"
