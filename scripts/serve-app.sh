#!/usr/bin/env bash
# Start the Reflex app in production mode on one port: ./scripts/serve-app.sh [PORT]
# Uses bun installed by npm into .tools and keeps Reflex's files inside the repo.
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${1:-${UI4A_PORT:-3000}}"
export UI4A_PORT="$PORT"
export PATH="$PWD/.tools/node_modules/.bin:$PATH"
export REFLEX_USE_SYSTEM_BUN=1
export REFLEX_DIR="$PWD/.reflex-home"
# Reflex picks a package registry by probing mirrors' latency unless NPM_CONFIG_REGISTRY is set;
# npm's own configured registry (its default, or the user's .npmrc) skips that probe.
if [ -z "${NPM_CONFIG_REGISTRY:-}" ] && command -v npm >/dev/null; then
  NPM_CONFIG_REGISTRY="$(npm config get registry)"
  export NPM_CONFIG_REGISTRY
fi
exec .venv/bin/reflex run --env prod --frontend-port "$PORT" --backend-port "$PORT" --loglevel warning
