#!/usr/bin/env bash
# Records the profiles that guide every release build of `bod`
# (.cargo/bod.profdata, read through .cargo/rustc-pgo, and, with BOLT at
# hand, .cargo/bod.fdata.gz, read through .cargo/bolt-link), then builds
# with them.
#
#   bash benches/pgo.sh     # then commit .cargo/bod.profdata* and .cargo/bod.fdata*
#
# Run it after changing code the games run: a release build with a stale
# profile still plays the same games, but the compiler warns "function
# control flow change detected (hash mismatch)" for each function changed,
# builds those without guidance, and `bod sim` runs slower. The BOLT
# profile fits one program exactly: any change to the program's code makes
# it stale, and the build then warns "... recorded on another program".
#
# Three steps, and a fourth with BOLT, the same source throughout:
#   1. build `bod` instrumented to count its branches and calls
#      (target/pgo/generate);
#   2. train: simulate games of every shipped ruleset (seed 7, not the
#      benchmark's seed 1), merge the counts into .cargo/bod.profdata (the
#      functions that ran only), and note the compiler that can read it in
#      .cargo/bod.profdata.rustc;
#   3. `cargo build --release`, which now reads the new profile, and check
#      that it plays the instrumented build's games byte for byte;
#   4. with BOLT (`.cargo/bolt-link --find`; Debian: `apt-get install
#      bolt-19`): instrument that program with BOLT, play the same training
#      games, merge their counts into .cargo/bod.fdata.gz and note the
#      program and the BOLT they fit in .cargo/bod.fdata.for; then build
#      again, which lays the program out by them, and check its games too.
#      Without BOLT the old BOLT profile is removed.
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

echo "== 1/4 instrumented build (target/pgo/generate)"
# A `--config` list joins the flags of .cargo/config.toml (a RUSTFLAGS
# variable would replace them); the wrapper leaves a recording build alone.
CARGO_TARGET_DIR="$root/generate" cargo build --release --locked --bin bod \
    --config "build.rustflags = ['-Cprofile-generate=$counts']"
# Build scripts ran instrumented too: only the games' counts train.
rm -f "$counts"/*.profraw

# The training games, played by program $1 (the rest of the arguments go
# to each simulation): both profiles are taken on the same games.
train() {
    local program=$1
    shift
    for ruleset in basic pro faq major; do
        "$program" sim --ruleset "$ruleset" --games 2000 --seed 7 "$@" >/dev/null
    done
    "$program" play --seed 7 >/dev/null
}

echo "== 2/4 training games"
trainer=$root/generate/release/bod
train "$trainer"
"$profdata" merge --sparse -o .cargo/bod.profdata "$counts"/*.profraw
rustc -vV >.cargo/bod.profdata.rustc

echo "== 3/4 release build, guided by the new profile (target/release)"
# The old BOLT profile fits the old program only. The profile guides every
# crate of the build, and cargo does not know it: all are built again, as
# from a clean checkout (whose program the BOLT profile must fit).
rm -f .cargo/bod.fdata.gz .cargo/bod.fdata.for
cargo clean --release
cargo build --release --locked --bin bod

# The same games: a game's log from each build must match byte for byte.
plain=$(mktemp)
built=$(mktemp)
build_log=$(mktemp)
trap 'rm -f "$plain" "$built" "$build_log"' EXIT
"$trainer" play --ruleset pro --seed 3 --log "$plain" >/dev/null
same_games() {
    target/release/bod play --ruleset pro --seed 3 --log "$built" >/dev/null
    if ! cmp -s "$plain" "$built"; then
        echo "the $1 build plays a different game than the instrumented one" >&2
        exit 1
    fi
}
same_games guided

if ! bolt=$(.cargo/bolt-link --find); then
    echo "recorded .cargo/bod.profdata; built target/release/bod (no BOLT at hand: not laid out by it)"
    exit 0
fi
echo "== 4/4 BOLT profile (.cargo/bod.fdata.gz), then the release build laid out by it"
bolt_root=$root/bolt
rm -rf "$bolt_root"
mkdir -p "$bolt_root/counts"
"$bolt" target/release/bod -o "$bolt_root/bod" -instrument \
    -instrumentation-file="$bolt_root/counts/bod" -instrumentation-file-append-pid >/dev/null
train "$bolt_root/bod" --threads 1
"$(dirname "$(readlink -f "$bolt")")/merge-fdata" "$bolt_root"/counts/*.fdata 2>/dev/null |
    gzip -9n >.cargo/bod.fdata.gz
printf '%s\n%s\n' "$(.cargo/bolt-link --version-of "$bolt")" \
    "$(.cargo/bolt-link --fingerprint target/release/bod)" >.cargo/bod.fdata.for
# Only the program is linked again.
touch src/main.rs
cargo build --release --locked --bin bod 2>&1 | tee "$build_log"
if grep -q "not laid out by BOLT" "$build_log"; then
    echo "the release build was not laid out by the new BOLT profile" >&2
    exit 1
fi
same_games "BOLT-laid-out"
echo "recorded .cargo/bod.profdata and .cargo/bod.fdata.gz; built target/release/bod"
