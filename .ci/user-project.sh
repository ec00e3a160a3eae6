#!/usr/bin/env bash
# Builds and runs the README's "Using a crate" example as a user would: a new project
# outside the workspace, depending on this clone once by path and once by git; then builds
# each library crate's examples in a project whose only dependency is that crate. Given the
# folder of `cargo xtask dist` (`.ci/user-project.sh target/dist`), instead once on the
# released `.crate` files, unpacked, as a registry would serve them.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
dist="${1:+$(cd "$1" && pwd)}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The first ```rust block after the "## Using a crate" heading.
example="$(awk '/^## Using a crate/ {section = 1}
    section && /^```rust$/ {inside = 1; next}
    inside && /^```$/ {exit}
    inside {print}' "$repo/README.md")"
[ -n "$example" ] || { echo "no example under 'Using a crate' in README.md" >&2; exit 1; }

# A new project at $1 whose dependency on nim-games is $2 (and whose manifest ends with
# $3), running the example.
run_example() {
    local project="$1" source="$2" manifest_tail="${3:-}"
    cargo new --quiet --bin --vcs none "$project"
    printf 'nim-games = { %s }\n%s' "$source" "$manifest_tail" >> "$project/Cargo.toml"
    printf '%s\n' "$example" > "$project/src/main.rs"
    echo "-- nim-games = { $source }"
    # The workspace's target directory, so the registry dependencies build once.
    CARGO_TARGET_DIR="$repo/target/user-project" cargo run --quiet --manifest-path "$project/Cargo.toml"
}

# The features a crate declares (its [features] table's keys), as a TOML list.
features_of() {
    awk '/^\[features\]/ {inside = 1; next}
        /^\[/ {inside = 0}
        inside && /^[a-z0-9_-]+ *=/ {printf "%s\"%s\"", (n++ ? ", " : ""), $1}' "$1/Cargo.toml"
}

# Every library crate's examples, each crate's built in a new project whose only
# dependency is that crate (every feature on): what its docs show compiles with it alone.
build_crate_examples() {
    local crate project name
    for crate in "$repo"/crates/*/; do
        crate="${crate%/}"
        name="$(basename "$crate")"
        [ -f "$crate/src/lib.rs" ] && [ -d "$crate/examples" ] || continue
        ls "$crate"/examples/*.rs >/dev/null 2>&1 || continue
        project="$work/only-$name"
        cargo new --quiet --lib --vcs none "$project"
        printf '%s = { path = "%s", features = [%s] }\n' "$name" "$crate" "$(features_of "$crate")" \
            >> "$project/Cargo.toml"
        mkdir "$project/examples"
        cp "$crate"/examples/*.rs "$project/examples/"
        echo "-- $(ls "$project/examples" | wc -l) examples of $name, with $name as the only dependency"
        CARGO_TARGET_DIR="$repo/target/user-project" cargo build --quiet --examples \
            --manifest-path "$project/Cargo.toml"
    done
}

if [ -z "$dist" ]; then
    run_example "$work/user-path" "path = \"$repo/crates/nim-games\""
    run_example "$work/user-git" "git = \"file://$repo\""
    build_crate_examples
    exit 0
fi

# The released crates: nim-games by its version, and every packaged crate patched in
# from its unpacked .crate, since they are not on crates.io (a patch that the project
# does not use is only a warning).
version="$(sed -n 's/^version = "\(.*\)"$/\1/p' "$repo/Cargo.toml" | head -1)"
mkdir "$work/crates"
for package in "$dist"/*.crate; do
    tar -xzf "$package" -C "$work/crates"
done
patches="$(printf '\n[patch.crates-io]\n'
    for unpacked in "$work"/crates/*/; do
        name="$(basename "$unpacked")"
        printf '%s = { path = "%s" }\n' "${name%-"$version"}" "$unpacked"
    done)"
echo "-- the crates patched in from $(ls "$dist"/*.crate | wc -l) .crate files of version $version"
run_example "$work/user-crate" "version = \"=$version\"" "$patches"
