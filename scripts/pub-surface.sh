#!/usr/bin/env bash
# The public surface of the `harness` crate, counted from its source: the `pub` items (functions,
# methods, types, traits, constants, modules) and `pub` fields, and what is `pub(crate)`.
# Usage: scripts/pub-surface.sh [SRC] (default harness/src).
set -euo pipefail
src="${1:-$(dirname "$0")/../harness/src}"
items=$(grep -rE '^\s*pub (fn|struct|enum|const|static|trait|type|mod|unsafe fn)\b' "$src" | wc -l)
fields=$(grep -rE '^\s*pub [a-z_][a-z0-9_]*\s*:' "$src" | wc -l)
private=$(grep -rE '^\s*pub\(crate\) ' "$src" | wc -l)
echo "pub items: $items"
echo "pub fields: $fields"
echo "pub(crate) items and fields: $private"
