#!/usr/bin/env bash
# Records the profile that guides every release build of `bod`
# (.cargo/bod.profdata, read through .cargo/rustc-pgo), then builds with it.
#
#   bash benches/pgo.sh     # then commit .cargo/bod.profdata*
#
# Run it after changing code the games run: a release build with a stale
# profile still plays the same games, but the compiler warns "function
# control flow change detected (hash mismatch)" for each function changed,
# builds those without guidance, and `bod sim` runs slower.
#
# Three steps, the same source throughout:
#   1. build `bod` instrumented to count its branches and calls
#      (target/pgo/generate);
#   2. train: simulate games of every shipped ruleset (seed 7, not the
#      benchmark's seed 1), merge the counts into .cargo/bod.profdata (the
#      functions that ran only), and note the compiler that can read it in
#      .cargo/bod.profdata.rustc;
#   3. `cargo build --release`, which now reads the new profile, and check
#      that it plays the instrumented build's games byte for byte.
# It needs the toolchain's llvm-profdata: `rustup component add llvm-tools`.
set -euo pipefail
cd "$(dirname "$0")/.."

sysroot=$(rustc --print sysroot)
host=$(rustc -vV | sed -n 's/^host: //p')
profdata="$sysroot/lib/rustlib/$host/bin/llvm-profdata"
if [[ ! -x $profdata ]]; then
    echo "llvm-profdata not found at $profdata" >&2
    echo "hint: rustup component add llvm-tools" >&2
    exit 1
fi

root=$PWD/target/pgo
counts=$root/counts
rm -rf "$counts"
mkdir -p "$counts"

echo "== 1/3 instrumented build (target/pgo/generate)"
# A `--config` list joins the flags of .cargo/config.toml (a RUSTFLAGS
# variable would replace them); the wrapper leaves a recording build alone.
CARGO_TARGET_DIR="$root/generate" cargo build --release --locked --bin bod \
    --config "build.rustflags = ['-Cprofile-generate=$counts']"
# Build scripts ran instrumented too: only the games' counts train.
rm -f "$counts"/*.profraw

echo "== 2/3 training games"
trainer=$root/generate/release/bod
for ruleset in basic pro faq major; do
    "$trainer" sim --ruleset "$ruleset" --games 2000 --seed 7 >/dev/null
done
"$trainer" play --seed 7 >/dev/null
"$profdata" merge --sparse -o .cargo/bod.profdata "$counts"/*.profraw
rustc -vV >.cargo/bod.profdata.rustc

echo "== 3/3 release build, guided by the new profile (target/release)"
cargo build --release --locked --bin bod

# The same games: a game's log from both builds must match byte for byte.
plain=$(mktemp)
guided=$(mktemp)
trap 'rm -f "$plain" "$guided"' EXIT
"$trainer" play --ruleset pro --seed 3 --log "$plain" >/dev/null
target/release/bod play --ruleset pro --seed 3 --log "$guided" >/dev/null
if ! cmp -s "$plain" "$guided"; then
    echo "the guided build plays a different game than the instrumented one" >&2
    exit 1
fi
echo "recorded .cargo/bod.profdata; built target/release/bod"
