#!/usr/bin/env bash
# Regenerates the game's sounds in assets/sounds/ (Ogg Vorbis, mono) with sox.
#
#   tools/make-sounds.sh            # from the repository root or anywhere inside it
#
# Needs sox with Ogg Vorbis support (Debian: `apt-get install sox libsox-fmt-all`).
# Everything is synthesised: band-passed noise bursts with fast decays for wood knocks, slides,
# cards and the dice; inharmonic ringing partials for coins; a marimba-like wooden bar (a
# fundamental plus its fourth partial, quickly damped) for the little tunes. `sox -R` seeds the
# noise generators, so a run gives the same sound every time.
set -euo pipefail

cd "$(dirname "$0")/.."
out=assets/sounds
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

RATE=44100
n=0
# tmpf VAR: puts a fresh temporary file name in VAR (no subshell, so the counter advances).
tmpf() {
  n=$((n + 1))
  printf -v "$1" '%s' "$tmp/p$n.wav"
}
gen() { sox -R -V1 -n -r "$RATE" -c 1 "$@"; }

# knock FILE FREQ DUR [DELAY] [VOLUME]: a wooden knock — a band-passed noise click and the
# wood's two strongest modes (FREQ and 2.7×FREQ), all dying away fast.
knock() {
  local f=$1 freq=$2 dur=$3 delay=${4:-0} vol=${5:-1}
  local a b c
  tmpf a; tmpf b; tmpf c
  gen "$a" synth 0.03 whitenoise bandpass "$freq" 1.2q fade l 0.0005 0.03 0.03 gain -6
  gen "$b" synth "$dur" sine "$freq" fade l 0.001 "$dur" "$dur"
  gen "$c" synth "$dur" sine "$(echo "$freq * 2.7" | bc)" fade l 0.001 "$dur" "$(echo "$dur * 0.5" | bc)" gain -8
  sox -V1 -m "$a" "$b" "$c" "$f" pad "$delay" vol "$vol"
}

# bar FILE FREQ DUR [DELAY] [VOLUME]: a marimba-like wooden bar.
bar() {
  local f=$1 freq=$2 dur=$3 delay=${4:-0} vol=${5:-1}
  local a b c
  tmpf a; tmpf b; tmpf c
  gen "$a" synth "$dur" sine "$freq" fade l 0.003 "$dur" "$dur"
  gen "$b" synth "$dur" sine "$(echo "$freq * 3.93" | bc)" fade l 0.001 "$dur" "$(echo "$dur * 0.85" | bc)" gain -10
  gen "$c" synth 0.02 pinknoise bandpass "$freq" 2q fade l 0.0005 0.02 0.02 gain -12
  sox -V1 -m "$a" "$b" "$c" "$f" pad "$delay" vol "$vol"
}

# ring FILE FREQ DUR [DELAY] [VOLUME]: a struck coin — inharmonic partials ringing on.
ring() {
  local f=$1 freq=$2 dur=$3 delay=${4:-0} vol=${5:-1}
  local a b c d
  tmpf a; tmpf b; tmpf c; tmpf d
  gen "$a" synth "$dur" sine "$freq" fade l 0.0005 "$dur" "$dur"
  gen "$b" synth "$dur" sine "$(echo "$freq * 1.58" | bc)" fade l 0.0005 "$dur" "$(echo "$dur * 0.7" | bc)" gain -4
  gen "$c" synth "$dur" sine "$(echo "$freq * 2.31" | bc)" fade l 0.0005 "$dur" "$(echo "$dur * 0.4" | bc)" gain -7
  gen "$d" synth 0.01 whitenoise highpass 3000 fade l 0.0002 0.01 0.01 gain -6
  sox -V1 -m "$a" "$b" "$c" "$d" "$f" pad "$delay" vol "$vol"
}

# finish NAME FILES...: mix, trim the tail, normalise, and write assets/sounds/NAME.ogg.
finish() {
  local name=$1
  shift
  local mixed
  tmpf mixed
  if [ "$#" -gt 1 ]; then
    sox -V1 -m "$@" "$mixed"
  else
    cp "$1" "$mixed"
  fi
  sox -R -V1 "$mixed" -C 3 "$out/$name.ogg" gain -n -3
}

# place: a piece set down, wood on wood — a low knock with a dull body thud.
tmpf a; knock "$a" 780 0.09
tmpf b; gen "$b" synth 0.12 sine 170:120 fade l 0.001 0.12 0.12 gain -4
finish place "$a" "$b"

# slide: felted wood sliding on wood — soft band-passed noise swelling and fading.
tmpf a
gen "$a" synth 0.42 brownnoise bandpass 650 0.9q tremolo 23 25 fade q 0.08 0.42 0.2
tmpf b; gen "$b" synth 0.42 pinknoise bandpass 2300 1.5q fade q 0.1 0.42 0.2 gain -16
finish slide "$a" "$b"

# capture: the taker's clack on the piece, then the taken piece lifted and dropped aside.
tmpf a; knock "$a" 1150 0.08 0 1
tmpf b; knock "$b" 620 0.10 0.16 0.7
tmpf c; knock "$c" 700 0.08 0.27 0.4
finish capture "$a" "$b" "$c"

# pay: pieces set aside as a payment — two light, quick taps of small wood on wood.
tmpf a; knock "$a" 1500 0.05 0 0.8
tmpf b; knock "$b" 1320 0.05 0.11 0.6
finish pay "$a" "$b"

# coin: two coins clinking and ringing out.
tmpf a; ring "$a" 2350 0.45 0 1
tmpf b; ring "$b" 2710 0.4 0.07 0.7
finish coin "$a" "$b"

# dice: about one second of two dice rattling on a wooden table, settling.
parts=()
i=0
for spec in \
  0.000:2600:1.0 0.035:1900:0.9 0.090:3100:0.8 0.130:2200:1.0 0.205:2800:0.8 \
  0.260:1700:0.9 0.330:3300:0.7 0.385:2400:0.8 0.470:2000:0.7 0.540:2900:0.6 \
  0.620:2300:0.6 0.700:1800:0.5 0.770:2600:0.4 0.850:2100:0.35 0.905:2500:0.25; do
  IFS=: read -r t f v <<<"$spec"
  i=$((i + 1))
  tmpf c
  gen "$c" synth 0.025 whitenoise bandpass "$f" 1.3q fade l 0.0003 0.025 0.025
  tmpf d
  knock "$d" "$(echo "$f / 2.4" | bc)" 0.045 0 0.6
  tmpf e
  sox -V1 -m "$c" "$d" "$e" pad "$t" vol "$v"
  parts+=("$e")
done
tmpf clicks
sox -V1 -m "${parts[@]}" "$clicks" gain -n -1
tmpf bed
gen "$bed" synth 1.0 brownnoise lowpass 350 fade q 0.02 1.0 0.3 gain -n
tmpf dice
sox -V1 -m -v 1 "$clicks" -v 0.06 "$bed" "$dice"
finish dice "$dice"

# wound: a dull blow — a thud with a falling pitch and a crack of splintering wood.
tmpf a; gen "$a" synth 0.3 sine 150:55 fade l 0.002 0.3 0.3
tmpf b; gen "$b" synth 0.12 whitenoise bandpass 1400 0.8q fade l 0.001 0.12 0.12 gain -3
tmpf c; knock "$c" 480 0.12 0.01 0.8
finish wound "$a" "$b" "$c"

# heal: two soft wooden bars rising a fifth.
tmpf a; bar "$a" 523.25 0.5 0 0.8
tmpf b; bar "$b" 783.99 0.6 0.14 0.8
finish heal "$a" "$b"

# card: a card drawn and laid down — a paper swish and a light snap.
tmpf a; gen "$a" synth 0.2 whitenoise highpass 1800 lowpass 7000 fade q 0.05 0.2 0.12 gain -4
tmpf b; gen "$b" synth 0.02 whitenoise bandpass 3500 1q fade l 0.0003 0.02 0.02 pad 0.17
finish card "$a" "$b"

# win: a rising arpeggio on wooden bars (C E G C).
tmpf a; bar "$a" 523.25 0.5 0.00
tmpf b; bar "$b" 659.25 0.5 0.12
tmpf c; bar "$c" 783.99 0.5 0.24
tmpf d; bar "$d" 1046.5 0.8 0.36
finish win "$a" "$b" "$c" "$d"

# lose: a falling minor figure on lower bars (G E-flat C).
tmpf a; bar "$a" 392.00 0.5 0.00
tmpf b; bar "$b" 311.13 0.5 0.18
tmpf c; bar "$c" 261.63 0.9 0.36
finish lose "$a" "$b" "$c"

# tick: one tick of a wooden clock.
tmpf a; knock "$a" 2200 0.035
finish tick "$a"

# lowtime: a hurried tick-tock, higher and brighter.
tmpf a; knock "$a" 2600 0.05 0 1
tmpf b; knock "$b" 1900 0.06 0.13 0.9
finish lowtime "$a" "$b"

# lift: a piece lifted off the table — a light, short wooden tick whose pitch rises.
tmpf a; knock "$a" 1600 0.035 0 0.6
tmpf b; gen "$b" synth 0.08 sine 900:2200 fade l 0.002 0.08 0.07 gain -5
finish lift "$a" "$b"

# jump: a piece leaping over others — a quick whoosh through the air, then it lands.
tmpf a
gen "$a" synth 0.2 pinknoise highpass 500 lowpass 3200 fade q 0.12 0.2 0.08 gain -5
tmpf b; knock "$b" 820 0.09 0.19 1
tmpf c; gen "$c" synth 0.1 sine 180:125 fade l 0.001 0.1 0.1 gain -6 pad 0.19
finish jump "$a" "$b" "$c"

# climb: a piece stepping up onto (or down off) a stack — two small knocks, the second higher.
tmpf a; knock "$a" 900 0.06 0 0.75
tmpf b; knock "$b" 1250 0.06 0.12 0.8
finish climb "$a" "$b"

# pass: a turn passed — two soft bars on the same note, the second quieter.
tmpf a; bar "$a" 440 0.3 0 0.8
tmpf b; bar "$b" 440 0.4 0.17 0.55
finish pass "$a" "$b"

# timeout: the clock ran out — a short, firm falling figure (F E-flat C), each bar struck with
# a knock.
tmpf a; bar "$a" 698.46 0.22 0.00
tmpf b; bar "$b" 622.25 0.22 0.10
tmpf c; bar "$c" 523.25 0.45 0.20
tmpf d; knock "$d" 698.46 0.05 0.00 0.5
tmpf e; knock "$e" 622.25 0.05 0.10 0.5
tmpf f; knock "$f" 523.25 0.06 0.20 0.5
finish timeout "$a" "$b" "$c" "$d" "$e" "$f"

# draw: a drawn game — G coming to rest on C and the C below, with no third: neither the
# win's major tune nor the lose's minor one.
tmpf a; bar "$a" 392.00 0.6 0.00 0.85
tmpf b; bar "$b" 523.25 1.0 0.26
tmpf c; bar "$c" 261.63 1.0 0.26 0.45
finish draw "$a" "$b" "$c"

# settle: the carved dice coming to rest after the rattle — three small wooden knocks, each
# softer and closer to the last, as a die rocks onto its face.
parts=()
for spec in 0.000:1050:1.0 0.085:1180:0.65 0.140:990:0.35; do
  IFS=: read -r t f v <<<"$spec"
  tmpf c
  gen "$c" synth 0.02 whitenoise bandpass "$(echo "$f * 2.4" | bc)" 1.3q fade l 0.0003 0.02 0.02 gain -4
  tmpf d
  knock "$d" "$f" 0.05
  tmpf e
  sox -V1 -m "$c" "$d" "$e" pad "$t" vol "$v"
  parts+=("$e")
done
finish settle "${parts[@]}"

# miss: an attack that failed — a dull, soft thud under two short, muted bars falling a third
# (A F).
tmpf a; gen "$a" synth 0.16 sine 130:85 fade l 0.002 0.16 0.16 gain -3
tmpf b; bar "$b" 440.00 0.16 0.00 0.55
tmpf c; bar "$c" 349.23 0.26 0.10 0.45
finish miss "$a" "$b" "$c"

# check: a king in check — two sharp knocked bars leaping up a tritone (A E-flat), a warning
# rather than the clock's plain ticks.
tmpf a; bar "$a" 880.00 0.18 0.00
tmpf b; bar "$b" 1244.51 0.3 0.09
tmpf c; knock "$c" 1500 0.04 0.00 0.8
tmpf d; knock "$d" 1500 0.04 0.09 0.9
finish check "$a" "$b" "$c" "$d"

# promote: a pawn promoted — a quick rising flourish of three bars (D F-sharp A).
tmpf a; bar "$a" 587.33 0.25 0.00 0.75
tmpf b; bar "$b" 739.99 0.25 0.07 0.8
tmpf c; bar "$c" 880.00 0.5 0.14
finish promote "$a" "$b" "$c"

# mate: checkmate — two firm strikes on D, each with a knock, closing on the G and the G
# below: a short final cadence, before the table's win or lose tune.
tmpf a; bar "$a" 587.33 0.18 0.00
tmpf b; bar "$b" 587.33 0.18 0.11
tmpf c; bar "$c" 392.00 0.7 0.24
tmpf d; bar "$d" 196.00 0.7 0.24 0.5
tmpf e; knock "$e" 587.33 0.05 0.00 0.5
tmpf f; knock "$f" 587.33 0.05 0.11 0.5
tmpf g; knock "$g" 392.00 0.06 0.24 0.6
finish mate "$a" "$b" "$c" "$d" "$e" "$f" "$g"

# card-drawn: a card drawn into a hand — a short, light paper slide and a soft tap as it lands.
tmpf a; gen "$a" synth 0.13 pinknoise highpass 2600 lowpass 9000 fade q 0.03 0.13 0.08 gain -7
tmpf b; gen "$b" synth 0.015 whitenoise bandpass 4200 1q fade l 0.0003 0.015 0.015 gain -4 pad 0.11
finish card-drawn "$a" "$b"

# window-tick: one second of a response window running out — a small, high wooden tock.
tmpf a; knock "$a" 3100 0.03 0 0.7
tmpf b; bar "$b" 1567.98 0.09 0 0.35
finish window-tick "$a" "$b"

# cancel: an artifact cancelled — a paper swish played backwards, then two soft bars falling a
# fourth (E B), as the board goes back.
tmpf a; gen "$a" synth 0.3 whitenoise highpass 1500 lowpass 7000 fade q 0.22 0.3 0.04 gain -5 reverse
tmpf b; bar "$b" 659.25 0.25 0.26 0.7
tmpf c; bar "$c" 493.88 0.5 0.38 0.6
finish cancel "$a" "$b" "$c"

# warp: a piece carried off its path (Teleport, Knight's Leap, File Shift) — an airy shimmer
# rising, then a landing knock.
tmpf a; gen "$a" synth 0.32 sine 500:1900 tremolo 18 60 fade q 0.05 0.32 0.1 gain -9
tmpf b; gen "$b" synth 0.32 pinknoise highpass 1200 lowpass 6000 fade q 0.2 0.32 0.1 gain -10
tmpf c; knock "$c" 760 0.09 0.31 0.9
finish warp "$a" "$b" "$c"

# march: pieces stepping together (Mass Attack, Acceleration, King's Stride) — three quick
# knocks in a marching rhythm, the last the firmest.
tmpf a; knock "$a" 820 0.07 0.00 0.6
tmpf b; knock "$b" 860 0.07 0.12 0.7
tmpf c; knock "$c" 780 0.09 0.24 1
finish march "$a" "$b" "$c"

# stone: stone set down or broken (Statue, Barricade, Demolition) — a heavy, low thud with grit.
tmpf a; gen "$a" synth 0.35 sine 95:55 fade l 0.002 0.35 0.35
tmpf b; gen "$b" synth 0.22 brownnoise lowpass 900 fade l 0.001 0.22 0.22 gain -4
tmpf c; gen "$c" synth 0.18 whitenoise bandpass 2600 0.7q fade l 0.001 0.18 0.16 gain -14
finish stone "$a" "$b" "$c"

# blast: Explosive Ram — a deep boom rolling away, with crackle on top.
tmpf a; gen "$a" synth 0.9 sine 70:32 fade l 0.003 0.9 0.9
tmpf b; gen "$b" synth 0.9 brownnoise lowpass 500 fade l 0.002 0.9 0.8 gain -2
tmpf c; gen "$c" synth 0.35 whitenoise highpass 2200 tremolo 37 90 fade l 0.001 0.35 0.3 gain -12
finish blast "$a" "$b" "$c"

# rise: a pawn rising from the reserve (Zombie Pawn, Resurrection) — a low sweep upward and a
# knock as it stands.
tmpf a; gen "$a" synth 0.45 sine 140:420 fade q 0.12 0.45 0.1 gain -6
tmpf b; gen "$b" synth 0.45 brownnoise bandpass 400 1q fade q 0.3 0.45 0.1 gain -8
tmpf c; knock "$c" 700 0.08 0.43 0.9
finish rise "$a" "$b" "$c"

# ward: a piece warded or held (Shield, Heir, Restriction) — a bright struck chime.
tmpf a; ring "$a" 1318.5 0.6 0 0.6
tmpf b; bar "$b" 659.25 0.4 0 0.5
finish ward "$a" "$b"

# dart: Poison Dart — a thin whistle falling, and a small hit.
tmpf a; gen "$a" synth 0.14 sine 2600:1400 fade l 0.002 0.14 0.1 gain -10
tmpf b; gen "$b" synth 0.14 whitenoise highpass 3500 fade q 0.1 0.14 0.04 gain -12
tmpf c; knock "$c" 1700 0.04 0.13 0.8
finish dart "$a" "$b" "$c"

ls -l "$out"/*.ogg
