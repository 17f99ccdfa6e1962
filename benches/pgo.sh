#!/usr/bin/env bash
# A profile-guided release build of `bod`, for the fastest `bod sim`.
#
#   bash benches/pgo.sh            # builds target/pgo/release/bod
#   target/pgo/release/bod sim --games 10000 --seed 1 --threads 2
#
# Three steps, the same source throughout, so the games are the same games
# as the plain release build's (the script checks this on one log):
#   1. build `bod` instrumented to count its branches and calls;
#   2. train: simulate games of every shipped ruleset (seed 7, not the
#      benchmark's seed 1) and merge the counts into one profile;
#   3. build again with that profile, which lays the hot code out together
#      and the cold code apart, and guides inlining.
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
# RUSTFLAGS replaces the flags of .cargo/config.toml: they are named again.
codegen="-Cllvm-args=-min-jump-table-entries=8"
counts=$root/counts
rm -rf "$counts"
mkdir -p "$counts"

echo "== 1/3 instrumented build (target/pgo/generate)"
RUSTFLAGS="$codegen -Cprofile-generate=$counts" CARGO_TARGET_DIR="$root/generate" \
    cargo build --release --locked --bin bod
# Build scripts ran instrumented too: only the games' counts train.
rm -f "$counts"/*.profraw

echo "== 2/3 training games"
trainer=$root/generate/release/bod
for ruleset in basic pro faq major; do
    "$trainer" sim --ruleset "$ruleset" --games 2000 --seed 7 >/dev/null
done
"$trainer" play --seed 7 >/dev/null
"$profdata" merge -o "$root/bod.profdata" "$counts"/*.profraw

echo "== 3/3 optimized build (target/pgo/release)"
RUSTFLAGS="$codegen -Cprofile-use=$root/bod.profdata" CARGO_TARGET_DIR="$root" \
    cargo build --release --locked --bin bod

# The same games: a game's log from both builds must match byte for byte.
plain=$(mktemp)
guided=$(mktemp)
trap 'rm -f "$plain" "$guided"' EXIT
"$trainer" play --ruleset pro --seed 3 --log "$plain" >/dev/null
"$root/release/bod" play --ruleset pro --seed 3 --log "$guided" >/dev/null
if ! cmp -s "$plain" "$guided"; then
    echo "the profile-guided build plays a different game than the instrumented one" >&2
    exit 1
fi
echo "built $root/release/bod"
