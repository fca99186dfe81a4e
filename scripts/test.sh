#!/usr/bin/env bash
# Runs the whole test suite. Snapshots are never accepted silently: a missing
# or different snapshot fails (review changes with `cargo insta review`).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export INSTA_UPDATE=no
unset INSTA_FORCE_PASS
cargo test --workspace --all-targets --quiet
