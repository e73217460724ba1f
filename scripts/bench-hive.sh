#!/usr/bin/env bash
# Side-by-side speed of the Ash & Walnut engine (`tables`) and nokamute, a Hive engine built
# apart for the comparison only (never a dependency): perft 7 from the start, and search nodes
# per second on fixed positions at a fixed time per move. Both run one after the other, on one
# core each, in the same run; each figure is the best of ROUNDS (wall clock) and also given per
# second of processor time, which a busy machine disturbs less. See docs/bench-hive.md.
#
# Usage: scripts/bench-hive.sh TABLES NOKAMUTE [ROUNDS] [SECONDS]
#   TABLES    the `tables` binary (cargo build --release --no-default-features --bin tables)
#   NOKAMUTE  the nokamute binary (cargo build --release in its own checkout)
#   ROUNDS    how many times each measurement runs (default 3)
#   SECONDS   the time per search move (default 2)
set -euo pipefail
tables=$1
noka=$2
rounds=${3:-3}
secs=${4:-2}
TIMEFORMAT='%R %U'

# Positions from games of the engine at two levels, and from seeded random games.
positions=(
  'Base;InProgress;Black[5];wA1;bA1 wA1-;wA2 /wA1;bA2 bA1\;wQ \wA1;bQ bA1/;wA2 bA2\;bA3 bA2/;wA2 -bQ'
  'Base;InProgress;Black[10];wA1;bA1 wA1-;wA2 /wA1;bA2 bA1\;wQ \wA1;bQ bA1/;wA2 bA2\;bA3 bA2/;wA2 -bQ;bA2 \wA2;wA1 bA3-;bA2 \wQ;wS1 wA1/;bB1 -bA2;wS1 \bQ;bQ wS1-;wA3 \wS1;bB1 -wQ;wA3 bQ/'
  'Base;InProgress;Black[10];wS1;bA1 wS1-;wA1 \wS1;bA2 bA1\;wQ -wS1;bQ bA1/;wA1 bA2\;bA3 bA2/;wA1 bA3-;bS1 \bQ;wA2 wA1-;bA2 wA2\;wA3 wA2/;bA2 \wA3;wG1 wA2\;bS1 \wQ;wG1 -wA3;bA2 wA3/;wA2 bQ/'
  'Base;InProgress;Black[15];wS1;bA1 wS1-;wA1 \wS1;bA2 bA1\;wQ -wS1;bQ bA1/;wA1 bA2\;bA3 bA2/;wA1 bA3-;bS1 \bQ;wA2 wA1-;bA2 wA2\;wA3 wA2/;bA2 \wA3;wG1 wA2\;bS1 \wQ;wG1 -wA3;bA2 wA3/;wA2 bQ/;bB1 bS1/;wG2 wA1\;bS2 -bB1;wB1 \wA2;bS2 /wQ;wB1 -wA2;bB1 \wS1;wB2 wG2/;bB2 -bS1;wB2 wA3'
  'Base;InProgress;White[7];wG1;bG1 /wG1;wG2 \wG1;bA1 -bG1;wQ wG1\;bQ bG1\;wA1 wQ/;bS1 bQ\;wB1 \wG2;bS1 \wA1;wS1 wG2-;bA2 -bQ'
  'Base;InProgress;White[4];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wA1 \wQ;bA1 bQ/'
)

script() {
  local p
  printf '%s\n' "$@"
  for p in "${positions[@]}"; do
    printf 'newgame %s\nbestmove time 00:00:%02d\n' "$p" "$secs"
  done
  printf 'exit\n'
}

# Prints the wall and processor seconds of a command, then runs nothing else.
timed() { { time "$@" >/dev/null 2>&1; } 2>&1; }

perft_tables() { timed "$tables" perft hive --depth 7; }
perft_listing() { timed "$tables" perft hive --depth 7 --last list; }
perft_noka() { timed sh -c "printf 'newgame Base\nperft 7\nexit\n' | '$noka' uhp"; }

best() { sort -g | head -1; }

echo "perft 7 from the start (181641900 leaves), best of $rounds; wall s, processor s"
echo "(tables counts the last ply's moves; with --last list it lists them, as nokamute does)"
: >/tmp/bench-hive-perft.$$
for _ in $(seq "$rounds"); do
  read -r w u <<<"$(perft_tables)"
  echo "  tables   $w $u"
  echo "tables $w $u" >>/tmp/bench-hive-perft.$$
  read -r w u <<<"$(perft_listing)"
  echo "  tables, listing the last ply $w $u"
  echo "listing $w $u" >>/tmp/bench-hive-perft.$$
  read -r w u <<<"$(perft_noka)"
  echo "  nokamute $w $u"
  echo "nokamute $w $u" >>/tmp/bench-hive-perft.$$
done
for who in tables listing nokamute; do
  w=$(awk -v n=$who '$1==n {print $2}' /tmp/bench-hive-perft.$$ | best)
  u=$(awk -v n=$who '$1==n {print $3}' /tmp/bench-hive-perft.$$ | best)
  echo "perft7 $who best wall $w s, best processor $u s"
done
rm -f /tmp/bench-hive-perft.$$

echo
echo "search: ${#positions[@]} positions, bestmove time ${secs} s each, one thread, best of $rounds"
for _ in $(seq "$rounds"); do
  # tables: `Verbose` writes "depth D nodes N time T s ..." per search on standard error.
  out=$( { time (script 'options set Verbose True' | "$tables" uhp >/dev/null) ; } 2>&1 )
  read -r w u <<<"$(tail -1 <<<"$out")"
  awk -v u="$u" '$1=="depth" {n+=$4; t+=$6; d=d" "$2}
    END {printf "  tables   nodes %d in %.2f s: %.0f nodes/s; %.0f per processor second; depths%s\n", n, t, n/t, n/u, d}' <<<"$out"
  # nokamute --verbose: "Explored N nodes to depth D." and "Partial exploration ... hit M nodes."
  # and "X nodes/sec" per search.
  out=$( { time (script | "$noka" uhp --verbose --num-threads=1 >/dev/null) ; } 2>&1 )
  read -r w u <<<"$(tail -1 <<<"$out")"
  awk -v u="$u" '
    /^Explored/ {e=$2; d=d" "$6}
    /^Partial exploration/ {p=$7}
    /nodes\/sec$/ {m=e+p; n+=m; if ($1>0) t+=m/$1}
    END {printf "  nokamute nodes %d in %.2f s: %.0f nodes/s; %.0f per processor second; depths%s\n", n, t, n/t, n/u, d}' <<<"$out"
done
