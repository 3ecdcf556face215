#!/usr/bin/env bash
# The engine on a clock with a four-piece table set whose files are out of
# the page cache: it opens the tables when it starts (headers and
# indexes), and each probe of its searches reads a block, so a match at
# 300 ms a move from positions one capture above the set has no move late
# and none forfeited. Builds LEEvLEE (two elephants a side, as a game
# starts) and the tables it turns into (149 M numbers, about two minutes
# of CPU and 1 GB) in a folder of its own with the release binary. Run by
# .ci/run; removes its folder whatever happens.
set -euo pipefail
cd "$(dirname "$0")/../.."

fail() {
    echo "tests/tables4: FAILED: $*" >&2
    exit 1
}

cargo build --release --quiet || fail "cargo build --release failed"
target=${CARGO_TARGET_DIR:-target}
congo=$(cd "$target/release" && pwd)/congo

work=$(mktemp -d "${TMPDIR:-/tmp}/congo-tables4.XXXXXX")
trap 'rm -rf "$work"' EXIT
tables=$work/tables

"$congo" tb generate "$tables" LvL LEvL LEvLE LEEvL LEEvLE LEEvLEE --threads 2 \
    2>"$work/generate.err" || fail "tb generate: $(tail -n 3 "$work/generate.err")"

# Out of the page cache: written back, then dropped (posix_fadvise, by
# GNU dd's nocache); where dd cannot, fresh copies are the coldest there
# is.
for file in "$tables"/*.ctb?; do
    sync "$file"
    dd if="$file" iflag=nocache count=0 status=none 2>/dev/null ||
        { cp "$file" "$file.copy" && mv "$file.copy" "$file"; }
done
if command -v fincore >/dev/null; then
    resident=$(fincore --bytes --noheadings --output RES "$tables/LEEvLEE.ctbw" | tr -d ' ')
    echo "tests/tables4: LEEvLEE.ctbw has $resident bytes in the page cache before the match"
fi

# A black zebra more than the set, which white's elephant can take at
# once: every search of the first move probes LEEvLEE all through.
cat >"$work/openings.fen" <<'FENS'
2l3e/2e4/5z1/7/5E1/E6/4L2 w 1
7/4lz1/5E1/7/7/3L3/e4eE w 1
FENS
"$congo" match --games 4 --concurrency 1 --movetime 300 --max-plies 24 --tb "$tables" \
    --openings "$work/openings.fen" --record "$work/games.rec" \
    -- "$congo" engine --tb "$tables" -- "$congo" engine --tb "$tables" \
    >"$work/match.out" 2>"$work/match.err" || fail "the match failed: $(tail -n 3 "$work/match.err")"
[ "$(grep -c . "$work/games.rec")" -eq 4 ] || fail "4 games expected: $(cat "$work/games.rec")"
! grep -E "late within the margin|forfeit|gave no move" "$work/games.rec" "$work/match.out" >&2 ||
    fail "a move came late (above)"
# The games came down to the set, which decided them.
grep -q "by the endgame tables" "$work/games.rec" ||
    fail "no game reached LEEvLEE: $(cut -f 5- "$work/games.rec")"
echo "tests/tables4: 4 games at 300 ms a move with LEEvLEE cold: no move late"
