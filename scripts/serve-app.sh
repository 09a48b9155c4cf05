#!/usr/bin/env bash
# Start the Reflex app in production mode on one port: ./scripts/serve-app.sh [PORT]
# Uses bun from the npm registry (.tools) and keeps Reflex's files inside the repo.
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${1:-${UI4A_PORT:-3000}}"
export UI4A_PORT="$PORT"
export PATH="$PWD/.tools/node_modules/.bin:$PATH"
export REFLEX_USE_SYSTEM_BUN=1
export REFLEX_DIR="$PWD/.reflex-home"
# Pointing npm at its ordinary registry skips Reflex's mirror-latency probe.
export npm_config_registry="${npm_config_registry:-https://registry.npmjs.org/}"
exec .venv/bin/reflex run --env prod --frontend-port "$PORT" --backend-port "$PORT" --loglevel warning
