#!/usr/bin/env bash
# System packages the tests need: Debian's Chromium (Playwright drives it; its own
# browser download does not work offline). Installs only what is missing.
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" -eq 0 ]; then
  SUDO=""
elif command -v sudo >/dev/null 2>&1; then
  SUDO="sudo"
else
  echo "setup: Chromium is missing; install it with: apt-get install -y chromium" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium >/dev/null
command -v chromium >/dev/null
