#!/usr/bin/env bash
# `scenery lsp` with Neovim's built-in client, headless (docs/editors.md#neovim): diagnostics,
# an edit typed into the buffer, and a rename written to disk, on a copy of the Shop.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v nvim > /dev/null; then
  { apt-get update -qq && apt-get install -y -qq neovim; } > /dev/null 2>&1 || { echo "error: neovim is needed for the editor check" >&2; exit 1; }
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -R Scenes/Shop "$work/Shop"
export SCENERY="$PWD/.build/debug/scenery" APP="$work/Shop" LOG="$work/checks.log"
# Neovim's exit code is the script's verdict; its lines say what was checked.
status=0
timeout 120 nvim --headless -u NONE -i NONE -n -c "luafile .ci/lsp/neovim.lua" > "$work/nvim.log" 2>&1 || status=$?
cat "$LOG" 2> /dev/null || true
[ "$status" = 0 ] || { echo "error: the Neovim check failed (exit $status)" >&2; exit 1; }
"$SCENERY" validate --strict "$APP"
echo "neovim $(nvim --version | head -1 | cut -d' ' -f2): diagnostics, an incremental edit and a rename checked"
