#!/usr/bin/env python3
"""An Artifact Chess client written from docs/protocol.md alone.

It opens a table against the server's easy bot, builds a fixed legal army of its colour,
commits to it (random salt and value), reveals, checks the bot's reveal against its
commitment, checks the first position it is shown (its own hand, the bot's hidden), lets the
clock play `--clock-turns` of its turns (so the record has dice), resigns, and then checks the
record with the page's formulas: fingerprint, colour rule, both commitments, the server's salt
and zero value of the bot, the dice key, the deal and every die up to the first Trophy or
Zombie Pawn. A spectator connection checks what a spectator is told.

Prints PASS, or FAIL and the first failed check; exits 0 or 1. Needs the `websockets` package.
"""

import argparse
import asyncio
import hashlib
import json
import secrets
import sys
import urllib.request

import websockets

# The deck's order (docs/protocol.md, "Artifact Chess's actions").
DECK = [
    "file-shift", "teleport", "acceleration", "knights-leap", "kings-stride", "seize",
    "restriction", "cancel", "statue", "heir", "mass-attack", "explosive-ram", "zombie-pawn",
    "resurrection", "barricade", "demolition", "balm", "poison-dart", "shield", "fury",
    "scouting", "trophy",
]

# A fixed legal army per colour: 11 points, one pawn advanced a rank.
ARMIES = {
    "w": [("R", "a1"), ("N", "b1"), ("K", "e1"), ("P", "d2"), ("P", "f2"), ("P", "e3")],
    "b": [("R", "a8"), ("N", "b8"), ("K", "e8"), ("P", "d7"), ("P", "f7"), ("P", "e6")],
}

POINTS = {"P": 1, "N": 3, "B": 3, "R": 5, "K": 0}
LIMITS = {"P": 8, "N": 2, "B": 2, "R": 2, "K": 1}


class Failed(Exception):
    pass


def check(cond, what):
    if not cond:
        raise Failed(what)


def sha256(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


def is_hex64(s) -> bool:
    return isinstance(s, str) and len(s) == 64 and all(c in "0123456789abcdef" for c in s)


# --- Armies -------------------------------------------------------------------------------

def square_index(sq: str) -> int:
    """a1 = 0, b1 = 1, …, h8 = 63: rank first, then file."""
    return (int(sq[1]) - 1) * 8 + (ord(sq[0]) - ord("a"))


def army_text(colour: str, pieces) -> str:
    ordered = sorted(pieces, key=lambda p: square_index(p[1]))
    return colour + ":" + ",".join(role + sq for role, sq in ordered)


def parse_army(text: str):
    colour, _, rest = text.partition(":")
    check(colour in ("w", "b"), f"army text {text!r} does not start with w: or b:")
    pieces = []
    for word in rest.split(",") if rest else []:
        check(len(word) == 3 and word[0] in POINTS and word[1] in "abcdefgh" and word[2] in "12345678",
              f"army text {text!r}: {word!r} is not a role letter and a square")
        pieces.append((word[0], word[1:]))
    return colour, pieces


def army_problem(colour: str, pieces):
    """The first building rule the army breaks (the page's list), or None."""
    squares = [sq for _, sq in pieces]
    if len(set(squares)) != len(squares):
        return "a square twice"
    count = {r: sum(1 for role, _ in pieces if role == r) for r in POINTS}
    if count["K"] != 1:
        return "not exactly one king"
    for r, n in LIMITS.items():
        if count[r] > n:
            return f"too many {r}"
    if sum(POINTS[r] for r, _ in pieces) > 15:
        return "over 15 points"
    home, pawn, advanced = (1, 2, 3) if colour == "w" else (8, 7, 6)
    ahead = 0
    for role, sq in pieces:
        rank = int(sq[1])
        if role == "P":
            if rank not in (pawn, advanced):
                return f"pawn on {sq}"
            ahead += rank == advanced
        elif rank != home:
            return f"{role} on {sq}"
    if ahead > 1:
        return "more than one pawn advanced"
    bishops = [sq for role, sq in pieces if role == "B"]
    if len(bishops) == 2:
        light = [(ord(sq[0]) - ord("a") + int(sq[1]) - 1) % 2 == 1 for sq in bishops]
        if light[0] == light[1]:
            return "bishops on squares of one colour"
    return None


def commitment(text: str, salt_hex: str) -> str:
    return hashlib.sha256((text + " " + salt_hex).encode("utf-8")).hexdigest()


# --- The seed's rules and the keyed stream ------------------------------------------------

def white_seat(seed: bytes) -> str:
    return "first" if sha256(b"ash" + seed)[-1] & 1 == 0 else "second"


def server_salt(seed: bytes, colour: str) -> str:
    return sha256(b"artifact-chess server salt" + seed + bytes([0 if colour == "w" else 1])).hex()


class Stream:
    def __init__(self, key: bytes):
        self.key, self.i = key, 0

    def next(self) -> int:
        v = int.from_bytes(sha256(self.key + self.i.to_bytes(8, "big"))[:8], "big")
        self.i += 1
        return v

    def below(self, n: int) -> int:
        top = 2**64 - 1
        zone = top - top % n
        while True:
            v = self.next()
            if v < zone:
                return v % n

    def die(self) -> int:
        return self.below(6) + 1

    def hand(self):
        kinds, hand = list(DECK), set()
        for _ in range(5):
            j = self.below(len(kinds))
            hand.add(kinds[j])
            kinds[j] = kinds[-1]
            kinds.pop()
        return [k for k in DECK if k in hand]


def dice_key(seed: bytes, white_value: bytes, black_value: bytes) -> bytes:
    return sha256(b"artifact-chess dice" + seed + white_value + black_value)


# --- Positions ----------------------------------------------------------------------------

def board_of(fen_board: str):
    """{square: letter} from field 1."""
    out = {}
    ranks = fen_board.split("/")
    check(len(ranks) == 8, f"board {fen_board!r} has not 8 ranks")
    for i, row in enumerate(ranks):
        rank, file = 8 - i, 0
        for c in row:
            if c.isdigit():
                file += int(c)
            else:
                out["abcdefgh"[file] + str(rank)] = c
                file += 1
        check(file == 8, f"board {fen_board!r}: rank {rank} is not 8 squares")
    return out


def hand_cards(text: str):
    return [] if text == "-" else text.split(",")


def squares_of(text: str):
    """A field of squares (wounds, heirs, impassable): comma separated, `-` for none."""
    return [] if text == "-" else text.split(",")


# --- The conversation ---------------------------------------------------------------------

class Conn:
    def __init__(self, ws, name):
        self.ws, self.name, self.log = ws, name, []

    async def send(self, msg):
        await self.ws.send(json.dumps(msg))

    async def recv(self, timeout):
        try:
            text = await asyncio.wait_for(self.ws.recv(), timeout)
        except asyncio.TimeoutError:
            raise Failed(f"{self.name}: nothing heard for {timeout} s")
        msg = json.loads(text)
        self.log.append(msg)
        return msg


async def hello(addr, name):
    ws = await websockets.connect(f"ws://{addr}/ws", max_size=2**20)
    c = Conn(ws, name)
    await c.send({"type": "hello", "version": 1})
    m = await c.recv(10)
    check(m.get("type") == "welcome" and m.get("version") == 1, f"{name}: hello answered {m}")
    check(m.get("max_message_bytes") == 4096, f"welcome's limits: {m}")
    return c


async def spectate(addr, code, done):
    c = await hello(addr, "spectator")
    await c.send({"type": "spectate", "code": code})
    while True:
        m = await c.recv(600)
        if m["type"] == "ended":
            break
    done.set_result(c.log)
    await c.ws.close()


async def play(args):
    me = await hello(args.addr, "player")
    await me.send({"type": "create", "game": "chess", "clock": args.clock, "bot_fill": "easy",
                   "artifacts": True, "name": "Docs client"})
    seated = await me.recv(10)
    check(seated["type"] == "seated" and seated["seat"] == "first", f"create answered {seated}")
    check(is_hex64(seated["token"]), "the token is 64 hex digits")
    code, my_seat = seated["code"], seated["seat"]
    state = await me.recv(10)
    check(state["type"] == "state" and state["phase"] == "waiting", f"after seated: {state}")
    g = state["game"]
    check(g == {"kind": "chess", "artifacts": True, "stage": "building", "ready": [False, False],
                "commits": [None, None], "values": [None, None], "armies": [None, None],
                "moves": []}, f"the waiting table's game: {g}")

    spectator_log = asyncio.get_running_loop().create_future()
    spectator = asyncio.create_task(spectate(args.addr, code, spectator_log))

    # 1. Colours.
    while True:
        m = await me.recv(30)
        if m["type"] == "started":
            break
        check(m["type"] in ("presence", "state"), f"before started: {m}")
    fingerprint, ash = m["fingerprint"], m["ash"]
    check(is_hex64(fingerprint), f"fingerprint {fingerprint!r}")
    check(ash in ("first", "second"), f"ash {ash!r}")
    check(m["seats"][1]["kind"] == "bot", f"the second seat is a bot: {m['seats']}")
    check(0 < m.get("time_left_ms", 0) <= 300000, f"building time {m.get('time_left_ms')}")
    mine = "w" if ash == my_seat else "b"
    theirs = "b" if mine == "w" else "w"
    side = {"w": "ash", "b": "walnut"}
    idx = {"w": 0, "b": 1}

    # 2. Building: ready.
    pieces = ARMIES[mine]
    check(army_problem(mine, pieces) is None, f"our own army breaks a rule: {army_problem(mine, pieces)}")
    text = army_text(mine, pieces)
    salt, value = secrets.token_bytes(32), secrets.token_bytes(32)
    commit = commitment(text, salt.hex())
    await me.send({"type": "act", "action": f"ready {commit} {value.hex()}"})

    heard_ready, reveals, first_position = {}, {}, None
    while len(heard_ready) < 2:
        m = await me.recv(30)
        if m["type"] == "error":
            raise Failed(f"ready refused: {m}")
        if m["type"] != "event":
            continue
        words = m["action"].split(" ")
        if words[0] == "ready":
            colour = "w" if m["by"] == "ash" else "b"
            heard_ready[colour] = words[1:]
        elif words[0] == "reveal":
            reveals["w" if m["by"] == "ash" else "b"] = words[1:]
    check(heard_ready[mine] == [commit, value.hex()], f"our ready heard as {heard_ready[mine]}")
    check(len(heard_ready[theirs]) == 1 and is_hex64(heard_ready[theirs][0]),
          f"the bot's ready is heard as its commitment alone: {heard_ready[theirs]}")

    # Both ready: the values are in the state's view, both at once.
    await me.send({"type": "resync"})
    while (m := await me.recv(30))["type"] != "state":
        if m["type"] == "event" and m["action"].startswith("reveal "):
            reveals["w" if m["by"] == "ash" else "b"] = m["action"].split(" ")[1:]
    g = m["game"]
    check(g["stage"] == "revealing" and g["ready"] == [True, True], f"stage after both ready: {g['stage']}")
    check(g["values"][idx[mine]] == value.hex(), "state.game.values has our value")
    check(is_hex64(g["values"][idx[theirs]]), "state.game.values has the bot's value")
    check(g["commits"][idx[mine]] == commit and g["commits"][idx[theirs]] == heard_ready[theirs][0],
          "state.game.commits are the commitments heard")
    state_values = g["values"]

    # 3. Revealing.
    await me.send({"type": "act", "action": f"reveal {text} {salt.hex()}"})
    while len(reveals) < 2 or first_position is None:
        m = await me.recv(30)
        if m["type"] == "error":
            raise Failed(f"reveal refused: {m}")
        if m["type"] != "event":
            continue
        words = m["action"].split(" ")
        if words[0] == "reveal":
            reveals["w" if m["by"] == "ash" else "b"] = words[1:]
            if len(reveals) == 2:
                check("chess" in m, "the second reveal's event carries the first position")
                first_position = m
    check(reveals[mine] == [text, salt.hex()], f"our reveal heard as {reveals[mine]}")
    their_text, their_salt = reveals[theirs]
    check(commitment(their_text, their_salt) == heard_ready[theirs][0],
          "the bot's reveal matches its commitment")
    their_colour, their_pieces = parse_army(their_text)
    check(their_colour == theirs, f"the bot's army is of its colour: {their_text}")
    check(army_text(their_colour, their_pieces) == their_text, "the bot's army text is canonical")
    check(army_problem(theirs, their_pieces) is None,
          f"the bot's army is legal: {army_problem(theirs, their_pieces)}")

    # The first position: 16 fields, both armies on the board, our hand shown, the bot's not.
    now = first_position["chess"]
    fields = now["position"].split(" ")
    check(len(fields) == 16, f"16 fields: {now['position']}")
    check(fields[1] == "w" and first_position["to_move"] == "ash", "white acts first")
    board = board_of(fields[0])
    expected = {}
    for colour, ps in ((mine, pieces), (theirs, their_pieces)):
        for role, sq in ps:
            expected[sq] = role if colour == "w" else role.lower()
    check(board == expected, f"the first board is the two armies: {fields[0]}")
    hands = fields[10].split("/")
    my_hand, their_hand = hands[idx[mine]], hands[idx[theirs]]
    check(their_hand == "-", f"the bot's hand is hidden: {fields[10]}")
    my_cards = hand_cards(my_hand)
    check(len(my_cards) == 5 and len(set(my_cards)) == 5, f"five different cards: {my_hand}")
    check(my_cards == [k for k in DECK if k in my_cards], f"our hand in deck order: {my_hand}")
    check(now["hands"] == [5, 5], f"hands counts {now['hands']}")
    check(fields[13] == "-" and fields[14] == "-", "nobody scouted, no window")

    # 5. Playing: let the clock play some of our turns, watching every position.
    seq = first_position["seq"]
    positions = {seq: now["position"]}
    ours_by_clock = 0
    to_move = first_position["to_move"]
    ended = None
    while ours_by_clock < args.clock_turns and to_move is not None:
        m = await me.recv(args.clock + 60)
        if m["type"] == "ended":
            ended = m
            break
        if m["type"] != "event":
            continue
        check(m["seq"] == seq + 1, f"event seq {m['seq']} after {seq}")
        seq, to_move = m["seq"], m.get("to_move")
        check("chess" in m, f"a game event carries its position: {m}")
        positions[seq] = m["chess"]["position"]
        f = m["chess"]["position"].split(" ")
        check(len(f) == 16, f"16 fields: {m['chess']['position']}")
        h = f[10].split("/")
        scouted = mine in f[13]
        check(scouted or h[idx[theirs]] == "-", f"the bot's hand is hidden: {f[10]}")
        if m["by"] == side[theirs]:
            check(" drew " not in m["action"], f"the bot's draw is not ours to hear: {m['action']}")
        else:
            check(m["timeout"], f"our turn was played by the clock: {m}")
            ours_by_clock += 1
    resigned = ended is None and to_move is not None
    if resigned:
        await me.send({"type": "resign"})
    while ended is None:
        m = await me.recv(30)
        if m["type"] == "ended":
            ended = m
        check(m["type"] != "error", f"resign refused: {m}")

    # 6. The end and the record.
    spectator_messages = await asyncio.wait_for(spectator_log, 30)
    await spectator
    await me.ws.close()
    return dict(ended=ended, fingerprint=fingerprint, ash=ash, mine=mine, theirs=theirs,
                text=text, salt=salt, value=value, commit=commit, heard_ready=heard_ready,
                reveals=reveals, my_cards=my_cards, state_values=state_values,
                spectator=spectator_messages, code=code, resigned=resigned,
                positions=positions, first_seq=first_position["seq"],
                ours_by_clock=ours_by_clock)


def check_spectator(log):
    for m in log:
        if m["type"] == "state":
            g = m["game"]
            check("you" not in m, "a spectator's state has no `you`")
            if g["stage"] == "building" and not all(g["ready"]):
                check(g["values"] == [None, None], f"a spectator sees no value before both are ready: {g}")
        if m["type"] == "event":
            words = m["action"].split(" ")
            if words[0] == "ready":
                check(len(words) == 2, f"a spectator hears a ready without its value: {m['action']}")
            check(" drew " not in m["action"], f"a spectator hears no draw: {m['action']}")
            if "chess" in m:
                f = m["chess"]["position"].split(" ")
                check(f[10] == "-/-", f"a spectator sees no hand: {f[10]}")


def check_record(r, args):
    e = r["ended"]
    text = e["record"]
    lines = [l for l in text.splitlines() if l.strip() and not l.startswith("#")]
    check(text.startswith("# Artifact Chess game record\n"), "the record's first line")
    kv = {}
    actions = []
    for l in lines:
        w = l.split(" ")
        if w[0] == "action":
            actions.append(w[1:])
        elif w[0] in ("seat", "value", "commit", "army", "dealt"):
            kv[(w[0], w[1])] = w[2:]
        else:
            kv[w[0]] = w[1:]
    seed_hex = e["seed"]
    check(is_hex64(seed_hex) and kv["seed"] == [seed_hex], "the seed in ended and the record")
    seed = bytes.fromhex(seed_hex)
    check(sha256(seed).hex() == r["fingerprint"] == e["fingerprint"] == kv["fingerprint"][0],
          "SHA-256(seed) is the fingerprint shown at the start")
    check(white_seat(seed) == r["ash"] == kv["white"][0], "the colour rule gives white's seat")
    check(kv["artifacts"] == ["on"], "artifacts on")
    check(kv[("seat", "second")] == ["Bot", "(easy)"], f"the bot's seat line: {kv[('seat', 'second')]}")
    name = {"w": "white", "b": "black"}
    mine, theirs = r["mine"], r["theirs"]
    values, armies = {}, {}
    for c in ("w", "b"):
        values[c] = bytes.fromhex(kv[("value", name[c])][0])
        commit = kv[("commit", name[c])][0]
        army, salt_word, salt = kv[("army", name[c])]
        check(salt_word == "salt", "army line: <army> salt <hex>")
        check(commitment(army, salt) == commit, f"{name[c]}'s commitment matches its army and salt")
        check(commit == r["heard_ready"][c][0], f"{name[c]}'s commitment is the one heard at ready")
        colour, ps = parse_army(army)
        check(colour == c and army_problem(c, ps) is None, f"{name[c]}'s army is legal")
        armies[c] = (army, salt)
    check(armies[mine] == (r["text"], r["salt"].hex()), "our army and salt in the record")
    check(values[mine] == r["value"], "our value in the record")
    check(values[theirs] == bytes(32), "the bot's value is 32 zero bytes")
    check(armies[theirs][1] == server_salt(seed, theirs), "the bot's salt is the server's salt")
    check([v.hex() for v in (values["w"], values["b"])] == r["state_values"],
          "state.game.values were the record's values")

    stream = Stream(dice_key(seed, values["w"], values["b"]))
    dealt = {c: stream.hand() for c in ("w", "b")}
    for c in ("w", "b"):
        check(",".join(dealt[c]) == kv[("dealt", name[c])][0],
              f"{name[c]}'s dealt hand is the stream's: {dealt[c]} vs {kv[('dealt', name[c])]}")
    check(dealt[mine] == r["my_cards"], "the hand we were shown is the one dealt")

    # Every die and Zombie Pawn square, up to the first Trophy (its pool needs the bot's hidden
    # hand) or the first Zombie Pawn played from a position we did not hear.
    dice_checked, stopped, rises = 0, None, 0
    for k, a in enumerate(actions):
        words = a[2:] if a[1] == "timeout" else a[1:]
        if words[0] == "trophy":
            stopped = "trophy"
            break
        if words[0] == "zombie-pawn":
            before = r["positions"].get(r["first_seq"] + k)
            if before is None:
                stopped = "zombie-pawn after the positions we heard"
                break
            f = before.split(" ")
            board, blocked = board_of(f[0]), set(squares_of(f[8]))
            ranks = ("3", "4") if a[0] == "white" else ("6", "5")
            candidates = sorted((sq for sq in (fl + rk for rk in ranks for fl in "abcdefgh")
                                 if sq not in board and sq not in blocked), key=square_index)
            check(candidates, f"a Zombie Pawn with no square: {before}")
            check("rises" in words, f"a Zombie Pawn without its square: {a}")
            got = candidates[stream.below(len(candidates))]
            want = words[words.index("rises") + 1]
            check(got == want, f"`action {' '.join(a)}` rises on the stream's square {got}")
            rises += 1
        if "dice" in words:
            i = words.index("dice")
            att, vs, dfd = words[i + 1:i + 4]
            check(vs == "vs", f"dice words: {a}")
            want = [int(x) for x in att.split("+")] + ([] if dfd == "-" else [int(x) for x in dfd.split("+")])
            got = [stream.die() for _ in want]
            check(got == want, f"the dice of `action {' '.join(a)}` are the stream's: {got}")
            dice_checked += 1
    loser = name[mine]
    if r["resigned"]:
        check(kv.get("resign") == [loser], f"resign line: {kv.get('resign')}")
        check(e["outcome"] == {"winner": "walnut" if mine == "w" else "ash", "reason": "resigned"},
              f"outcome {e['outcome']}")
        check(kv["result"] == [name[theirs], "wins"], f"result {kv['result']}")
    with urllib.request.urlopen(f"http://{args.addr}/records/{r['code']}", timeout=10) as resp:
        check(resp.read().decode("utf-8") == text, "GET /records/CODE is ended.record")
    if args.record_out:
        with open(args.record_out, "w") as f:
            f.write(text)
    return dice_checked, rises, stopped, len(actions)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--addr", required=True, help="the server, HOST:PORT")
    ap.add_argument("--clock", type=int, default=60, help="seconds per turn (the table's clock)")
    ap.add_argument("--clock-turns", type=int, default=0,
                    help="let the clock play this many of our turns before resigning")
    ap.add_argument("--record-out", help="write the record to this file")
    args = ap.parse_args()
    try:
        r = asyncio.run(play(args))
        check_spectator(r["spectator"])
        dice, rises, stopped, n = check_record(r, args)
    except Failed as e:
        print(f"FAIL: {e}")
        return 1
    except (OSError, websockets.WebSocketException) as e:
        print(f"FAIL: connection: {e}")
        return 1
    extra = f", stopped at the first {stopped}" if stopped else ""
    print(f"PASS ({r['mine']} against the bot, {n} actions, {r['ours_by_clock']} of ours by the "
          f"clock, {dice} attempts' dice and {rises} Zombie Pawn squares recomputed{extra})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
