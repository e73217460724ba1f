#!/usr/bin/env bash
# Installs what is missing and runs the whole test suite:
#   1. without Bevy, in one build with the `cluster` feature: the rules, engines and tools; the
#      online table's server (the server, the lobby and Quick game, the lobby's client, signed
#      records); and two of its processes over PostgreSQL and Redis;
#   2. what Bevy adds (the app's unit tests and the headless app tests);
#   3. a screenshot of every scene, rendered by the game itself under a virtual X server with
#      the CPU Vulkan driver: each must exit 0 and write a PNG of the window's size; then the
#      colour-blind marks check, forty-eight scenes at interface scale 2.0 (three at 1.0) and
#      thirty-three at phone and tablet sizes (three with touch-sized targets) whose panels
#      must lie inside the window and apart
#      (`--layout-check`); and the game's panels read and pressed over AT-SPI, as a Linux screen
#      reader does (`scripts/atspi-check.sh`).
# Prints `N passed, N failed` for the screenshot checks; exits non-zero if anything failed.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh test

# The tests without Bevy and the server's run in one build, with the `cluster` feature (which
# brings in `server`): one build of our crate serves them all, where a build per feature set
# (none, `server`, `cluster`) cost about six minutes more. Without a feature nothing differs but
# two refusals ("built without `server`"), which the clippy pass without features compiles.
echo "== tests without Bevy: the rules, engines and tools (the soak and fuzz tests included:"
echo "   tests/soak.rs, tests/fuzz.rs), the online table's server (tests/server.rs: real WebSocket"
echo "   clients, a SIGKILLed server; tests/finding.rs: the lobby, Quick game, offers;"
echo "   tests/lobby_client.rs; tests/signed_records.rs; the server's own unit tests), and two"
echo "   server processes over PostgreSQL and Redis (tests/cluster.rs)"
cargo test --no-default-features --features cluster
# With Bevy only what it adds: the app's unit tests (in the library's test binary) and the
# headless app tests. The other integration tests use no Bevy and ran above.
echo "== tests with Bevy"
cargo test --lib --test app

echo "== scenes"
cargo build --bin carved-tables
bin="${CARGO_TARGET_DIR:-target}/debug/carved-tables"
if [ ! -x "$bin" ]; then
    echo "scenes: the game binary $bin is missing"
    echo "scenes: 0 passed, 1 failed"
    exit 1
fi
out="$(mktemp -d)"
passed=0
failed=0
for scene in menu settings rules-snelab rules-hive rules-hive-move-hedgehog rules-hive-move-jay@pt rules-chess rules-snelab@pt rules-hive-online@ru rules-snelab-online rules-chess-online@pt snelab snelab@pt snelab-highlights snelab-words snelab-words@pt snelab-blocked snelab-payment snelab-payment-near snelab-ghost snelab-leaving \
    snelab-verdict snelab-verdict-loss snelab-verdict-street snelab-rank snelab-resign \
    online-lobby online-watch online-games online-lobby@pt online-lobby@ru player-page player-page@ru key-export key-export@pt \
    snelab-books snelab-online snelab-online-north snelab-online-verdict hive hive-seating hive-lifted hive-mlp hive-creatures hive-moves hive-words hive-words@ru hive-clock hive-verdict hive-verify hive-lobby hive-lobby-creatures hive-lobby-creatures@ru hive-online-waiting hive-online hive-online-reconnecting hive-online-clock hive-online-rematch chess \
    chess-lobby chess-pass chess-army chess-army-black@ru chess-reveal chess-attack chess-colourblind chess-dice chess-dice-result chess-dice-one@pt chess-dice-one@ru chess-wounded chess-history chess-words chess-words@ru chess-verdict chess@ru \
    chess-cards chess-target chess-window chess-effects chess-ram chess-cancel chess-cards@pt \
    chess-online-building chess-online chess-online@ru chess-online-offer chess-online-offer@ru chess-online-spectate chess-online-spectate@pt chess-online-spectate@ru chess-online-end chess-verify \
    learn-menu learn-menu@pt learn-offer learn-snelab-payment learn-hive-slide learn-hive-slide@ru learn-chess-dice learn-chess-army \
    puzzle-hive puzzle-chess puzzle-chess@pt hint-hive hint-snelab \
    games-list games-list@ru replay-hive replay-chess replay-chess@pt replay-snelab review-hive review-chess review-snelab luck-chess \
    analysis-hive analysis-hive@ru analysis-chess analysis-snelab analysis-snelab@pt \
    pieces-snelab pieces-hive pieces-chess pieces-artist model-viewer; do
    # `name@lang` renders the scene in another language.
    lang=en
    case "$scene" in *@*) lang=${scene#*@} ;; esac
    png="$out/${scene/@/-}.png"
    # A scene that plays a move at the table waits for it to land.
    frames=3
    case "$scene" in snelab-leaving) frames=12 ;; puzzle-chess*) frames=40 ;; esac
    if timeout 300 xvfb-run -a -s "-screen 0 1280x720x24" \
        "$bin" --scene "${scene%@*}" --lang "$lang" --frames "$frames" --screenshot "$png" \
        >"$out/${scene/@/-}.log" 2>&1 && [ -s "$png" ]; then
        # A shader that fails to compile leaves the picture without what it draws, not blank:
        # any error the game logged fails the scene.
        if grep -q " ERROR " <(sed 's/\x1b\[[0-9;]*m//g' "$out/${scene/@/-}.log"); then
            failed=$((failed + 1))
            echo "scene $scene: FAILED (it logged an error)"
            grep " ERROR " <(sed 's/\x1b\[[0-9;]*m//g' "$out/${scene/@/-}.log") | head -n 5
        else
            passed=$((passed + 1))
            echo "scene $scene: ok"
        fi
    else
        failed=$((failed + 1))
        echo "scene $scene: FAILED"
        tail -n 20 "$out/${scene/@/-}.log"
    fi
done
# The marks for colour-blind eyes (`--marks-check`, issue 41): each scene with marks of several
# kinds rendered in the colour-safe palette, its marks hidden and the scene rendered again; the
# marks that differ by colour alone must stay apart through the deuteranopia and protanopia
# simulations, in the rendered picture.
for scene in snelab-highlights snelab-payment hive-lifted chess-attack chess-target; do
    log="$out/marks-$scene.log"
    if timeout 300 xvfb-run -a -s "-screen 0 1280x720x24" \
        "$bin" --scene "$scene" --lang en --frames 3 --marks-check \
        --screenshot "$out/marks-$scene.png" >"$log" 2>&1 \
        && grep -q "marks check: " "$log" \
        && ! grep -q " ERROR " <(sed 's/\x1b\[[0-9;]*m//g' "$log"); then
        passed=$((passed + 1))
        echo "marks check $scene: ok ($(sed -n 's/.*marks check: //p' "$log" | head -n1))"
    else
        failed=$((failed + 1))
        echo "marks check $scene: FAILED"
        grep -E "marks check|ERROR" "$log" | tail -n 5
    fi
done
# The interface at scale 2.0 at 1280×720 (issue 41): each table's scenes drawn with every panel
# judged (`--layout-check`): inside the window, and none over another. The online status strip
# is checked in its states (a bank's two clocks, watching, reconnecting); some scenes are checked
# in Portuguese or Russian, whose words are the longest. A scene written `name@lang%1` is judged
# at scale 1.0 instead (the menu's cards and Settings, whose long words once ran off there), and
# one written `name#WxH` at scale 1.0 in a window of that size (issue 42: a phone upright,
# 390×844, or on its side, 844×390, and a tablet, 820×1180), `name#WxH+touch` with touch-sized
# targets as well.
for scene in menu settings snelab snelab-payment snelab-verdict hive hive-lobby hive-clock hive-verdict \
    chess chess-lobby chess-army chess-cards chess-dice chess-verdict learn-snelab-payment \
    learn-hive-slide replay-chess analysis-hive chess-online hive-online snelab-online games-list \
    chess-online-offer@ru chess-online-spectate@pt hive-online-reconnecting hive-online-reconnecting@pt \
    hive-online@pt hive-clock@ru hive-verdict@ru replay-chess@ru menu@ru settings@pt snelab@pt chess-lobby@ru \
    online-lobby online-watch online-games@ru player-page key-export@pt hint-hive hint-chess@ru \
    learn-chess-check learn-chess-seize@ru learn-chess-army@pt puzzle-chess analysis-chess analysis-chess@pt \
    menu@ru%1 settings@pt%1 settings%1 hive-verify%1 snelab-books hive-verify@pt \
    menu#390x844 menu@ru#390x844 snelab#390x844 hive-lobby#390x844 chess-lobby@pt#390x844 \
    snelab-payment#390x844 hive#390x844 chess#390x844 chess-cards#390x844 learn-hive-slide#390x844 \
    online-watch#390x844 online-lobby#390x844 player-page#390x844 chess@ru#390x844 \
    games-list#390x844 learn-menu@ru#390x844 rules-hive#390x844 hive-verify@pt#390x844 \
    snelab-books#390x844 replay-hive#390x844 review-chess@ru#390x844 chess-online#390x844 \
    chess-online-offer@pt#390x844 \
    menu#844x390 snelab-payment#844x390 hive#844x390 chess-cards#844x390 \
    menu#820x1180 hive#820x1180 chess-cards#820x1180 \
    snelab#390x844+touch hive#390x844+touch chess-cards#390x844+touch; do
    scale=2
    size=1280x720
    # `…+touch`: with touch-sized targets (`--touch`), as on a phone.
    touch=()
    case "$scene" in *+touch) touch=(--touch); scene=${scene%+touch} ;; esac
    # `name#WxH`: a window of that size (a phone upright or on its side, a tablet) at scale 1.0.
    case "$scene" in *'#'*) size=${scene#*#}; scene=${scene%%#*}; scale=1 ;; esac
    case "$scene" in *%*) scale=${scene#*%}; scene=${scene%\%*} ;; esac
    lang=en
    case "$scene" in *@*) lang=${scene#*@} ;; esac
    name="scale$scale-${scene/@/-}-$size${touch[*]:+-touch}"
    log="$out/$name.log"
    if timeout 300 xvfb-run -a -s "-screen 0 1280x1200x24" \
        "$bin" --scene "${scene%@*}" --lang "$lang" --frames 10 --ui-scale "$scale" --layout-check \
        --size "$size" "${touch[@]}" --screenshot "$out/$name.png" >"$log" 2>&1 \
        && grep -q "layout check: " "$log" \
        && ! grep -q " ERROR " <(sed 's/\x1b\[[0-9;]*m//g' "$log"); then
        passed=$((passed + 1))
        echo "scale $scale $size${touch[*]:+ touch} $scene: ok ($(sed -n 's/.*layout check: //p' "$log" | head -n1))"
    else
        failed=$((failed + 1))
        echo "scale $scale $size${touch[*]:+ touch} $scene: FAILED"
        grep -E -A8 "layout check|ERROR" "$log" | tail -n 12
    fi
done
# The desktop's screen reader path (issue 41): the game's panels reach AT-SPI, the accessibility
# bus a Linux screen reader (Orca) reads, with their names; and a press made there, as a screen
# reader's user makes it, plays the move, which the table then announces.
if bash scripts/atspi-check.sh "$bin" hive-words "Your move" "All my moves" "Just played" "The table" \
    --press "Place Hare 3 to the left of the walnut Hare 1" \
    --then "Walnut: Place Hare 3 to the left of the walnut Hare 1" >"$out/atspi.log" 2>&1; then
    passed=$((passed + 1))
    echo "screen reader (AT-SPI) hive-words: ok ($(grep -c "^atspi:" "$out/atspi.log") steps)"
else
    failed=$((failed + 1))
    echo "screen reader (AT-SPI) hive-words: FAILED"
    grep -v "dbind-WARNING" "$out/atspi.log" | tail -n 20
fi
# A missing file must make the screenshot run fail, not hang or crash.
if timeout 300 xvfb-run -a -s "-screen 0 1280x720x24" \
    "$bin" --scene menu --frames 2 --screenshot /proc/no/such/dir/x.png \
    >"$out/bad.log" 2>&1; then
    failed=$((failed + 1))
    echo "unwritable screenshot path: FAILED (exit 0)"
elif grep -q "screenshot failed" "$out/bad.log"; then
    passed=$((passed + 1))
    echo "unwritable screenshot path: ok (non-zero exit, reported)"
else
    failed=$((failed + 1))
    echo "unwritable screenshot path: FAILED (no screenshot error reported)"
    tail -n 20 "$out/bad.log"
fi
echo "scenes: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
