#!/usr/bin/env bash
# Builds and runs the README's "Using a crate" example as a user would: a new project
# outside the workspace, depending on this clone once by path and once by git.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The first ```rust block after the "## Using a crate" heading.
example="$(awk '/^## Using a crate/ {section = 1}
    section && /^```rust$/ {inside = 1; next}
    inside && /^```$/ {exit}
    inside {print}' "$repo/README.md")"
[ -n "$example" ] || { echo "no example under 'Using a crate' in README.md" >&2; exit 1; }

for source in "path = \"$repo/crates/nim-games\"" "git = \"file://$repo\""; do
    project="$work/user-$( [[ $source == path* ]] && echo path || echo git )"
    cargo new --quiet --bin --vcs none "$project"
    printf 'nim-games = { %s }\n' "$source" >> "$project/Cargo.toml"
    printf '%s\n' "$example" > "$project/src/main.rs"
    echo "-- nim-games = { $source }"
    # The workspace's target directory, so the registry dependencies build once.
    CARGO_TARGET_DIR="$repo/target/user-project" cargo run --quiet --manifest-path "$project/Cargo.toml"
done
