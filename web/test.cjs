// The browser test, run by web/test.sh: drives headless Chromium over the site in web/dist/.
// Environment: SITE (the served address), SHOTS (the screenshot folder), CHROMIUM, PLAYWRIGHT.
"use strict";
const { chromium } = require(process.env.PLAYWRIGHT);

const SITE = process.env.SITE;
const SHOTS = process.env.SHOTS;
// The served folder (web/test.sh's copy of the site: links to its files, `sw.js` its own), where
// the update part writes a new release's service worker.
const SITE_DIR = process.env.SITE_DIR;
const SETTINGS_KEY = "CarvedTables.carved-tablessettings";
// How long SwiftShader may take to start the game and draw a screen.
const START_MS = Number(process.env.START_MS || 240000);
const SETTLE_MS = Number(process.env.SETTLE_MS || 8000);
// ONLY=a,b runs only those parts (words: the Fluent files in Russian and Portuguese): basics (the site, the menu, the Snēlab scenes), startup,
// snelab, hive (with the autosave after a reload), chess, record, learn (a lesson of each game),
// online, replay (a finished online game opened by its link), settings, reader (the accessible
// mirror a screen reader reads: Ash & Walnut played through it), phone (mobile emulation:
// taps and a twist, upright and on its side), offline (the kept site with the network off, a
// game against the bot to its end), update (a new release while the page is open: the page says
// "updated" and its Reload starts the new one); `tables` is
// startup,snelab,hive,chess,record. Unset: everything.
const PARTS = ["basics", "startup", "snelab", "hive", "chess", "record", "learn", "online", "replay",
  "settings", "reader", "phone", "offline", "update"];
const ONLY = (process.env.ONLY || "").split(",").map((p) => p.trim()).filter((p) => p)
  .flatMap((p) => (p === "tables" ? ["startup", "snelab", "hive", "chess", "record"] : [p]));
const part = (name) => ONLY.length === 0 || ONLY.includes(name);
// Every page of the table parts runs in English with the game's probe on (`?probe=1`): the game
// then logs `probe:` lines with its state and where its buttons and board targets are on screen
// (src/app/probe.rs), which the test reads to click like a player and to check what changed.
const PROBE_QUERY = "probe=1&lang=en";
// How long the pointer rests on a spot before the click: a SwiftShader frame is slow, and egui
// and Bevy's picking must see the pointer there (hover) before the press.
const HOVER_MS = Number(process.env.HOVER_MS || 1200);
// How long a probe report may take to come (a few slow frames, the engine thinking).
const PROBE_MS = Number(process.env.PROBE_MS || 90000);

// The game's own log lines (info!) on reaching a screen, as Bevy writes them to the console.
const MENU = /%c menu(\s|$)/;
const TABLE = /%c table: /;
// winit's deliberate exception, the one error the page may see.
const CONTROL_FLOW = "Using exceptions for control flow";

let passed = 0;
let failed = 0;
function check(name, ok, detail) {
  if (ok) {
    passed++;
    console.log(`ok   ${name}`);
  } else {
    failed++;
    console.log(`FAIL ${name}${detail ? `: ${detail}` : ""}`);
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Whether the test has stopped the game server (the page's failed reconnections are expected).
let serverDown = false;

// Every console line of the page, and the bad ones (errors, panics, uncaught exceptions).
const log = [];
const problems = [];
const LOG_FILE = `${SHOTS}/console.log`;
function note(line) {
  log.push(line);
  require("fs").appendFileSync(LOG_FILE, line + "\n");
}
function watch(page) {
  page.on("console", (msg) => {
    const text = msg.text();
    note(`[${msg.type()}] ${text}`);
    if (text.includes(CONTROL_FLOW)) return;
    // While the test has killed the game server, the browser reports the refused reconnections.
    if (serverDown && /WebSocket connection to .* failed/.test(text)) return;
    // Bevy's error! lines arrive as console.log ("%cERROR%c …"), panics as console.error.
    if (msg.type() === "error" || /panicked at/.test(text) || /^%cERROR%c/.test(text)) {
      problems.push(text);
    }
  });
  page.on("pageerror", (e) => {
    note(`[pageerror] ${e.message}`);
    if (!String(e.message).includes(CONTROL_FLOW)) problems.push(e.message);
  });
}

// Waits until the game logs `line` (its info! lines) after `since` log entries.
async function waitForLog(pattern, since, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (log.slice(since).some((l) => pattern.test(l))) return true;
    if (problems.length) return false;
    await sleep(250);
  }
  return false;
}

// The game's `probe:` lines: `probe: KIND {json}` as Bevy writes them to the console (the
// styling arguments follow the message).
function probeOf(line, kind) {
  const mark = `%c probe: ${kind} `;
  const at = line.indexOf(mark);
  if (at < 0) return null;
  let text = line.slice(at + mark.length);
  const css = text.lastIndexOf(" color: whitesmoke;");
  if (css >= 0) text = text.slice(0, css);
  try {
    return JSON.parse(text);
  } catch (e) {
    return null;
  }
}

// The newest `kind` report since log entry `since`, or null.
function latestProbe(kind, since = 0) {
  for (let i = log.length - 1; i >= since; i--) {
    const p = probeOf(log[i], kind);
    if (p) return p;
  }
  return null;
}

// Waits until the newest `kind` report after `since` satisfies `want`; returns it (or null).
async function waitProbe(kind, since, want, ms = PROBE_MS) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const p = latestProbe(kind, since);
    if (p && want(p)) return p;
    if (problems.length) return null;
    await sleep(250);
  }
  return null;
}

// A real click on the canvas at a window pixel: the pointer moves there and rests (hover),
// then presses and releases at once (a SwiftShader frame can outlast egui's longest click, so a
// press and a release in different frames could read as a drag).
async function clickAt(page, xy) {
  await page.mouse.move(xy[0], xy[1]);
  await sleep(HOVER_MS);
  await frames(page, 3);
  await page.mouse.click(xy[0], xy[1]);
}

// Waits for `n` of the page's animation frames: the game draws in them, so after two or more
// it has run a whole frame with the pointer where it is now (under SwiftShader a frame can
// last longer than HOVER_MS, and a click before the game saw the pointer arrive would go to
// what was under it before).
async function frames(page, n) {
  await page.evaluate((n) => new Promise((done) => {
    const next = (left) => (left ? requestAnimationFrame(() => next(left - 1)) : done());
    next(n);
  }), n);
}

// The newest panel widgets (`probe: ui`) since `since` with a label matching `label`, in
// reading order.
function widgets(label, since = 0) {
  const ui = latestProbe("ui", since);
  if (!ui) return [];
  return ui.widgets.filter((w) => (label instanceof RegExp ? label.test(w.label) : w.label === label));
}

// The menu's Play buttons, one on each game's card, left to right in the menu's order (Snēlab,
// Ash & Walnut, Artifact Chess); the cards differ in height, so they are ordered by x.
function playButtons(since = 0) {
  return widgets("Play", since).filter((w) => w.enabled).sort((a, b) => a.x - b.x);
}

// Waits for an enabled widget labelled `label` (the `index`-th in reading order) and clicks its
// centre; returns whether it was there.
async function clickWidget(page, label, since = 0, index = 0, ms = PROBE_MS) {
  const found = await waitProbe("ui", since, (ui) => widgets(label, since).filter((w) => w.enabled).length > index, ms);
  if (!found) return false;
  const w = widgets(label, since).filter((w) => w.enabled)[index];
  await clickAt(page, [w.x, w.y]);
  return true;
}

// Whether the newest panels show a label containing `text`.
function onScreen(text, since = 0) {
  const ui = latestProbe("ui", since);
  return !!ui && ui.text.some((t) => t.includes(text));
}

async function waitText(text, since, ms = PROBE_MS) {
  return !!(await waitProbe("ui", since, (ui) => ui.text.some((t) => t.includes(text)), ms));
}

// A square's piece in a Snēlab position string (`barj1ab/5r1/7/3J3/7/7/BAR1RAB S +a`: rows from
// the top, files a to g; capitals are South's); "" for an empty square.
function snelabAt(position, square) {
  const rows = position.split(" ")[0].split("/");
  const file = square.charCodeAt(0) - 97;
  const row = rows[rows.length - Number(square.slice(1))];
  let f = 0;
  for (const c of row) {
    if (/\d/.test(c)) {
      f += Number(c);
    } else {
      if (f === file) return c;
      f++;
    }
    if (f > file) return "";
  }
  return "";
}

function fail(name, detail) {
  check(name, false, detail || problems.slice(-1)[0] || "timed out");
}

async function open(page, query, logPattern, name) {
  const since = log.length;
  const t0 = Date.now();
  await page.goto(`${SITE}/${query}`);
  const reached = await waitForLog(logPattern, since, START_MS);
  check(`${name}: the game reached it (${((Date.now() - t0) / 1000).toFixed(0)} s)`, reached,
    problems.slice(-1)[0] || "timed out");
  // Let the screen draw a few frames (SwiftShader is slow) before the picture.
  await sleep(SETTLE_MS);
  return reached;
}

// SwiftShader draws a frame slowly: give a screenshot time.
async function shot(page, name) {
  await page.screenshot({ path: `${SHOTS}/${name}`, timeout: 180000 });
}

async function settings(page) {
  const raw = await page.evaluate((k) => localStorage.getItem(k), SETTINGS_KEY);
  if (raw === null) return null;
  try {
    return JSON.parse(JSON.parse(raw));
  } catch (e) {
    return { unreadable: raw };
  }
}

// A whole game under SwiftShader: a few seconds a move, up to the rules' 200 plies.
const ONLINE_GAME_MS = Number(process.env.ONLINE_GAME_MS || 2400000);

// The server killed with SIGKILL mid-game and started again on the same address and store:
// the page must see the drop, come back by itself and go on with the same game.
let restarted = null;
// The game server's process: the one web/test.sh started, then each one started again here.
let serverPid = Number(process.env.GAME_SERVER_PID);
async function serverRestart(name) {
  const since = log.length;
  serverDown = true;
  process.kill(serverPid, "SIGKILL");
  const dropped = await waitForLog(/online: the link is Reconnecting/, since, 60000);
  check(`${name}: the page saw the server go (SIGKILL)`, dropped,
    problems.slice(-1)[0] || "timed out");
  await sleep(3000);
  restarted = require("child_process").spawn("sh", ["-c", `exec ${process.env.GAME_SERVER_RESTART}`],
    { stdio: "ignore" });
  serverPid = restarted.pid;
  const back = await waitForLog(/online: the link is Connected/, since, 120000);
  check(`${name}: the page came back to the restarted server by itself`, back,
    problems.slice(-1)[0] || "timed out");
  serverDown = false;
}

// Snēlab's purse as the page keeps it in local storage (`null` before the first save).
async function purseOf(page) {
  const raw = await page.evaluate((k) => localStorage.getItem(k),
    SETTINGS_KEY.replace(/settings$/, "snelab.purse"));
  try {
    return JSON.parse(JSON.parse(raw)).data.purse;
  } catch (e) {
    return null;
  }
}

// Two pages (two devices) ask Quick game for the same game and control: the server pairs them
// at one table, their engines play it out, both ask for a rematch (`rematch=1`), and both are
// moved to one new table. Page B's console lines are kept with a `[B]` mark.
async function quickRematch(browser) {
  const server = process.env.GAME_SERVER;
  const game = process.env.QUICK_GAME || "snelab";
  const query = `?online=quick&game=${game}&autoplay=easy&rematch=1&server=${encodeURIComponent(server)}`;
  const since = log.length;
  const other = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const pageB = await other.newPage();
  pageB.on("console", (msg) => {
    const text = msg.text();
    note(`[B] [${msg.type()}] ${text}`);
    if (text.includes(CONTROL_FLOW)) return;
    if (msg.type() === "error" || /panicked at/.test(text) || /^%cERROR%c/.test(text)) {
      problems.push(`[B] ${text}`);
    }
  });
  const pageA = await browser.newContext({ viewport: { width: 1280, height: 720 } })
    .then((c) => c.newPage());
  watch(pageA);
  const codes = (pattern, b) => log.slice(since)
    .filter((l) => l.startsWith("[B]") === b)
    .map((l) => (l.match(pattern) || [])[1])
    .filter(Boolean);
  await pageA.goto(`${SITE}/${query}`);
  await pageB.goto(`${SITE}/${query}`);
  const paired = /lobby: paired at table (\w+)/;
  // Whether both pages logged a line matching `pattern`; its first group is what `codes` reads.
  const both = async (pattern, ms) => {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if (codes(pattern, false).length && codes(pattern, true).length) return true;
      if (problems.length) return false;
      await sleep(500);
    }
    return false;
  };
  // Each page made its own key (kept in its own storage), proved it, and asked to be rated.
  const asked = /online: quick game for \w+ asked \(rated, key (\S+)\)/;
  const keyed = await both(asked, START_MS * 2);
  const [ka, kb] = [codes(asked, false)[0], codes(asked, true)[0]];
  check(`Quick game: both pages proved their own keys and asked a rated game (${ka}, ${kb})`,
    keyed && ka !== kb, problems.slice(-1)[0] || "timed out");
  const met = await both(paired, START_MS * 2);
  const [a, b] = [codes(paired, false)[0], codes(paired, true)[0]];
  check(`Quick game: both pages paired at one table (${a}, ${b})`, met && a === b,
    problems.slice(-1)[0] || "timed out");
  if (!met || a !== b) return;
  await sleep(20000);
  await shot(pageA, "6q-quick-playing.png");
  const ended = await both(/online: the game ended after (\d+) moves/, ONLINE_GAME_MS);
  check("Quick game: the paired game was played to its end on both pages", ended,
    problems.slice(-1)[0] || "timed out");
  if (!ended) return;
  // Every move was signed (the server refuses an unsigned one from a seat with a key) and the
  // game was rated: both pages heard both ratings change.
  const rated = /online: a rated game ended; ratings (\S+ \([^)]*\) and \S+ \([^)]*\))/;
  const ratedBoth = await both(rated, 30000);
  check(`Quick game: a rated game, signed move by move, changed both ratings (${codes(rated, false)[0]})`,
    ratedBoth, problems.slice(-1)[0] || "timed out");
  const rematch = /online: a rematch, at table (\w+)/;
  const moved = await both(rematch, 120000);
  const [ra, rb] = [codes(rematch, false)[0], codes(rematch, true)[0]];
  check(`Rematch: both pages moved to one new table (${ra}, ${rb}; the first was ${a})`,
    moved && ra === rb && ra !== a, problems.slice(-1)[0] || "timed out");
  await sleep(SETTLE_MS);
  await shot(pageA, "6r-rematch.png");
  await other.close();
  // The page keeps its key in its storage: opened again, it proves the same key.
  const again = log.length;
  await pageA.goto(`${SITE}/${query}`);
  const end = Date.now() + START_MS * 2;
  let kept = null;
  while (Date.now() < end && !kept) {
    kept = log.slice(again).filter((l) => !l.startsWith("[B]"))
      .map((l) => (l.match(asked) || [])[1]).find(Boolean);
    if (!kept) await sleep(500);
  }
  check(`The page keeps its key across a reload (${ka}, then ${kept})`, kept === ka,
    kept ? "another key" : "timed out");
  await pageA.close();
}

// One game at the online table against the server's bot, the page's seat played by its
// engine, through a server restart: `game` is hive (Ash & Walnut) or snelab (a Snēlab case).
async function onlineGame(page, game = "hive") {
  const server = process.env.GAME_SERVER;
  const since = log.length;
  const name = game === "hive" ? "online table" : `online ${game}`;
  const before = game === "snelab" ? await purseOf(page) : null;
  const query = `?online=host:easy&game=${game}&autoplay=normal&server=${encodeURIComponent(server)}`;
  if (!(await open(page, query, /online: seated at table/, `${name}: seated`))) return;
  const find = (pattern) => {
    for (const l of log.slice(since)) {
      const m = l.match(pattern);
      if (m) return m;
    }
    return null;
  };
  const code = (find(/seated at table (\w+)/) || [])[1];
  check(`${name}: the server gave a table code`, !!code, code);
  const started = await waitForLog(/online: the game started/, since, 120000);
  check(`${name}: the server's bot sat down and the game started`, started,
    problems.slice(-1)[0] || "timed out");
  if (!started) return;
  const fingerprint = (find(/the game started \(fingerprint ([0-9a-f]{64})\)/) || [])[1];
  // A few moves in (a Snēlab case is short: a few seconds of it).
  await sleep(game === "hive" ? 45000 : 12000);
  await shot(page, game === "hive" ? "6-online-playing.png" : `6-online-${game}-playing.png`);
  if (process.env.GAME_SERVER_PID && process.env.GAME_SERVER_RESTART) {
    await serverRestart(name);
  }
  const t0 = Date.now();
  const ended = await waitForLog(/online: the game ended/, since, ONLINE_GAME_MS);
  const end = find(/the game ended after (\d+) moves \((.*)\), seed ([0-9a-f]{64})/);
  check(`${name}: the game was played to its end (${((Date.now() - t0) / 1000).toFixed(0)} s, ` +
    `${end ? `${end[1]} moves, ${end[2]}` : "no end"})`, ended && !!end,
    problems.slice(-1)[0] || "timed out");
  if (!end) return;
  const seed = end[3];
  const digest = require("crypto").createHash("sha256").update(Buffer.from(seed, "hex")).digest("hex");
  check(`${name}: the revealed seed's SHA-256 is the fingerprint shown at the start`,
    digest === fingerprint, `seed ${seed}, fingerprint ${fingerprint}, SHA-256 ${digest}`);
  await sleep(SETTLE_MS);
  await shot(page, game === "hive" ? "7-online-end.png" : `7-online-${game}-end.png`);
  let record = "";
  try {
    const res = await fetch(`${process.env.GAME_HTTP}/records/${code}`);
    record = res.ok ? await res.text() : `HTTP ${res.status}`;
  } catch (e) {
    record = String(e);
  }
  require("fs").writeFileSync(`${SHOTS}/online-${game}-record.txt`, record);
  // Ash & Walnut's and Snēlab's records have a `move` line an action, Artifact Chess's an
  // `action` line.
  const line = game === "chess" ? /^action / : /^move /;
  const moves = record.split("\n").filter((l) => line.test(l)).length;
  check(`${name}: the server's record is this game (its seed, every move)`,
    record.includes(`seed ${seed}`) && moves === Number(end[1]),
    `${moves} moves in the record, ${end[1]} seen; ${record.slice(0, 200)}`);
  if (game === "hive" && moves === Number(end[1])) finishedHive = { code, moves, how: end[2] };
  if (game === "snelab") {
    // The case settled into the page's own purse (local storage) once: the stake (12) left
    // at the start and the winnings (22 at the casino, 24 on the street) came at the verdict,
    // or nothing for a loss; no case is left open.
    const after = await purseOf(page);
    // No purse saved yet: the starting purse (100).
    const delta = after ? after.coins - (before ? before.coins : 100) : NaN;
    check(`${name}: the verdict was settled into the page's purse once (${delta >= 0 ? "+" : ""}${delta})`,
      after && after.open_case === null && [10, 12, -12].includes(delta),
      `before ${JSON.stringify(before && before.coins)}, after ${JSON.stringify(after)}`.slice(0, 300));
  }

}

// ---- A finished online game opened by its link (`?replay=CODE`), as a replay at its table.

// The online part's finished Ash & Walnut game ({code, moves, how}), when it ran.
let finishedHive = null;

// The record the server keeps of the finished game `code` (`GET /records/CODE`), and its moves.
async function serverRecord(code) {
  try {
    const res = await fetch(`${process.env.GAME_HTTP}/records/${code}`);
    const text = res.ok ? await res.text() : "";
    return { text, moves: text.split("\n").filter((l) => /^move /.test(l)).length };
  } catch (e) {
    return { text: "", moves: -1 };
  }
}

// A short real game at the online table against the server's bot: the engine plays the page's
// seat a few moves, then the page resigns with clicks (Resign, then the question's Resign). A
// resignation while a piece is still moving is refused (not now): it is tried again.
async function resignedHive(page) {
  const server = process.env.GAME_SERVER;
  const since = log.length;
  const name = "replay: a short online game";
  const query = `?online=host:easy&game=hive&autoplay=normal&server=${encodeURIComponent(server)}` +
    `&${PROBE_QUERY}`;
  if (!(await open(page, query, /online: seated at table/, `${name}: seated`))) return null;
  const code = (log.slice(since).map((l) => l.match(/seated at table (\w+)/)).find(Boolean) || [])[1];
  const started = await waitForLog(/online: the game started/, since, 120000);
  check(`${name}: the server's bot sat down and the game started (table ${code})`, started && !!code,
    problems.slice(-1)[0] || "timed out");
  if (!started || !code) return null;
  const played = await waitProbe("hive", since, (p) => p.online && p.moves >= 4, 300000);
  check(`${name}: a few moves were played (${played ? played.moves : "none"})`, !!played,
    JSON.stringify(latestProbe("hive", since)).slice(0, 300));
  if (!played) return null;
  const ended = /online: the game ended after (\d+) moves \((.*)\), seed [0-9a-f]{64}/;
  const endOf = () => log.slice(since).map((l) => l.match(ended)).find(Boolean);
  for (let tries = 0; tries < 6 && !endOf(); tries++) {
    const at = log.length;
    // Between moves: nothing animating.
    await waitProbe("hive", at, (p) => !p.busy, 30000);
    if (!(await clickWidget(page, "Resign", at, 0, 30000))) continue;
    if (!(await waitText("Resign this game?", at, 30000))) continue;
    // The newest panels since `at` ask the question: their Resign is the answer.
    const asked = log.length;
    if (!(await clickWidget(page, "Resign", at, 0, 30000))) continue;
    await waitForLog(ended, asked, 30000);
  }
  const end = endOf();
  // Resigning races the page's own engine (autoplay): a game that ended on its own first is
  // just as finished.
  check(`${name}: the game ended, resigned with clicks or on its own (${end ? `${end[1]} moves, ${end[2]}` : "no end"})`,
    !!end, problems.slice(-1)[0] || "no end after six tries");
  if (!end) return null;
  await sleep(SETTLE_MS);
  await shot(page, "14a-replay-online-resigned.png");
  return { code, moves: Number(end[1]), how: end[2] };
}

// Opens `?replay=CODE` in a fresh page of its own (another device: no seat, no key, nothing in
// its storage) and checks what the probe says: the Ash & Walnut table in replay mode with the
// finished game's moves, stepping with the bar's ▶ and the → key; a code with no finished game
// is told in words and opens nothing.
async function replayByLink(browser, page) {
  let game = finishedHive;
  if (!game) game = await resignedHive(page);
  else console.log(`     (the online part's finished game: table ${game.code}, ${game.moves} moves, ${game.how})`);
  if (!game) return;
  // The first page leaves its table (its probe lines would mix with the replay's).
  await page.goto("about:blank");
  const record = await serverRecord(game.code);
  check(`replay: the server keeps the finished game's record (${record.moves} moves)`,
    record.moves === game.moves, `${record.moves} moves in /records/${game.code}: ${record.text.slice(0, 200)}`);
  const server = encodeURIComponent(process.env.GAME_SERVER);
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const fresh = await context.newPage();
  watch(fresh);
  try {
    const since = log.length;
    const t0 = Date.now();
    await fresh.goto(`${SITE}/?replay=${game.code}&server=${server}&${PROBE_QUERY}`);
    const menu = await waitForLog(MENU, since, START_MS);
    check(`replay: the page with ?replay=${game.code} started (${((Date.now() - t0) / 1000).toFixed(0)} s)`,
      menu, problems.slice(-1)[0] || "timed out");
    if (!menu) return;
    const on = await waitProbe("hive", since, (p) => !!p.replay, 120000);
    const ui = latestProbe("ui", since);
    check(`replay: the link opened the game as a replay at the Ash & Walnut table ` +
      `(${on ? `at ${on.replay.at} of ${on.replay.plies}` : "no replay"}, ${((Date.now() - t0) / 1000).toFixed(0)} s)`,
      !!on, `screen ${ui ? ui.screen : "?"}, text ${JSON.stringify(ui ? ui.text : null).slice(0, 300)}; ` +
        `lobby lines: ${log.slice(since).filter((l) => /lobby|replay|record/.test(l)).slice(-5).join(" | ").slice(0, 400)}`);
    if (!on) {
      await shot(fresh, "14b-replay-not-opened.png");
      return;
    }
    check(`replay: the replay has the finished game's ${game.moves} moves and starts at the start`,
      on.replay.plies === game.moves && on.replay.at === 0 && on.online === false,
      JSON.stringify(on.replay));
    const bar = await waitText(`The start · ${game.moves} moves`, since, 60000);
    check("replay: the bar says where the replay stands", bar,
      JSON.stringify((latestProbe("ui", since) || {}).text).slice(0, 300));
    await sleep(SETTLE_MS);
    await shot(fresh, "14b-replay-start.png");
    // The bar's ▶: one move on.
    let at = log.length;
    // The bar's ▶ is the lowest on the page (the move list's ▶ stands at the top right).
    // The panels have settled since the page started: the latest ui line says where it is.
    const bars = await waitProbe("ui", since, () => widgets("▶", since).some((w) => w.enabled), 60000);
    const lowest = bars && widgets("▶", since).filter((w) => w.enabled).sort((a, b) => b.y - a.y)[0];
    if (lowest) await clickAt(fresh, [lowest.x, lowest.y]);
    const clicked = !!lowest;
    const one = clicked && await waitProbe("hive", at, (p) => p.replay && p.replay.at === 1, 60000);
    check(`replay: the bar's ▶ steps one move on (at ${one ? one.replay.at : "?"}, ${one ? one.ply : "?"} plies on the board)`,
      !!one && one.ply === 1, JSON.stringify((latestProbe("hive", at) || {}).replay));
    // The → key: one more (the canvas takes the keyboard once focused).
    at = log.length;
    await fresh.focus("canvas");
    await fresh.keyboard.press("ArrowRight");
    const two = await waitProbe("hive", at, (p) => p.replay && p.replay.at === 2, 60000);
    check(`replay: the → key steps one more (at ${two ? two.replay.at : "?"})`, !!two,
      JSON.stringify((latestProbe("hive", at) || {}).replay));
    const moved = two && await waitText(`Move 2 of ${game.moves}`, at, 30000);
    check("replay: the bar follows the step", !!moved,
      JSON.stringify((latestProbe("ui", at) || {}).text).slice(0, 300));
    await sleep(SETTLE_MS);
    await shot(fresh, "14c-replay-stepped.png");
    // A code no game has: told in words, no replay, the menu stays.
    const none = "ZZZZ22";
    at = log.length;
    await fresh.goto(`${SITE}/?replay=${none}&server=${server}&${PROBE_QUERY}`);
    if (await waitForLog(MENU, at, START_MS)) {
      // A notice stays 8 s: any panel report since the page opened may show it.
      const said = (t) => log.slice(at).some((l) => {
        const ui = probeOf(l, "ui");
        return !!ui && ui.text.some((x) => x.includes(t));
      });
      const end = Date.now() + 60000;
      while (Date.now() < end && !said("The server could not give it")) await sleep(250);
      const told = said("The server could not give it");
      await sleep(SETTLE_MS);
      const still = latestProbe("ui", at);
      check(`replay: a code with no finished game (${none}) is told in words and opens nothing`,
        told && !latestProbe("hive", at) && !!still && still.screen === "Menu",
        `screen ${still ? still.screen : "?"}, text ${JSON.stringify(still ? still.text : null).slice(0, 300)}`);
      await shot(fresh, "14d-replay-no-such-game.png");
    } else {
      fail(`replay: the page with ?replay=${none} started`);
    }
  } finally {
    await context.close();
  }
}

// ---- Start-up: page load to the menu, the menu to each table (its board dressed and still).
const startup = { tables: {} };
let atChessLobby = false;

async function backToMenu(page) {
  const since = log.length;
  if (!(await clickWidget(page, "Back to menu"))) return false;
  return (await waitForLog(MENU, since, START_MS)) &&
    !!(await waitProbe("ui", since, (ui) => ui.screen === "Menu" && playButtons(since).length === 3));
}

// A new player's menu offers the lessons ("New to these games?") in a window over the middle
// card, its "Learn to play" where Ash & Walnut's Play is: the test answers "Not now" before
// clicking a Play. False if the offer stayed.
async function declineLessons(page) {
  if (!onScreen("New to these games?")) return true;
  const s0 = log.length;
  if (!(await clickWidget(page, "Not now"))) return false;
  return !!(await waitProbe("ui", s0,
    (ui) => ui.screen === "Menu" && !ui.text.some((t) => t.includes("New to these games?"))));
}

async function startupTimes(page) {
  const since = log.length;
  const t0 = Date.now();
  await page.goto(`${SITE}/?${PROBE_QUERY}`);
  if (!(await waitForLog(MENU, since, START_MS))) return fail("start-up: the page reached the menu");
  startup.menu_s = (Date.now() - t0) / 1000;
  const drawn = await waitProbe("ui", since,
    (ui) => ui.screen === "Menu" && playButtons(since).length === 3);
  startup.menu_drawn_s = (Date.now() - t0) / 1000;
  check(`start-up: page load to the menu ${startup.menu_s.toFixed(1)} s ` +
    `(its three Play buttons reported at ${startup.menu_drawn_s.toFixed(1)} s)`, !!drawn);
  if (!drawn) return;
  const games = ["snelab", "hive", "chess"];
  for (const [i, game] of games.entries()) {
    if (i > 0 && !(await backToMenu(page))) return fail(`start-up: back to the menu before ${game}`);
    if (!(await declineLessons(page))) return fail("start-up: the lessons' offer answered");
    const s = log.length;
    // The cards stand in the menu's order, left to right: the i-th Play is this game's.
    const play = playButtons()[i];
    if (!play) return fail(`start-up: ${game}'s Play button`);
    await page.mouse.move(play.x, play.y);
    await sleep(HOVER_MS);
    await frames(page, 3);
    const t = Date.now();
    await page.mouse.click(play.x, play.y);
    const entered = await waitForLog(new RegExp(`%c table: ${game}(\\s|$)`), s, START_MS);
    const enter_s = (Date.now() - t) / 1000;
    const ready = entered && (await waitProbe(game, s, () => true, START_MS));
    const ready_s = (Date.now() - t) / 1000;
    startup.tables[game] = { screen_s: enter_s, ready_s };
    check(`start-up: menu to the ${game} table ${ready_s.toFixed(1)} s (screen switched at ` +
      `${enter_s.toFixed(1)} s, then the board dressed and held still)`, !!ready);
    if (!ready) return;
  }
  atChessLobby = true;
  const lines = [
    `page load to the menu: ${startup.menu_s.toFixed(1)} s (drawn with its buttons: ${startup.menu_drawn_s.toFixed(1)} s)`,
    ...games.map((g) => `menu to the ${g} table: ${startup.tables[g].ready_s.toFixed(1)} s ` +
      `(screen switched: ${startup.tables[g].screen_s.toFixed(1)} s)`),
  ];
  console.log("start-up times:\n  " + lines.join("\n  "));
  require("fs").writeFileSync(`${SHOTS}/startup.txt`, lines.join("\n") + "\n");
  require("fs").writeFileSync(`${SHOTS}/startup.json`, JSON.stringify(startup, null, 2) + "\n");
}

// ---- Snēlab: a capture and its payment, every step a click on the court or the bar.
async function snelabCapture(page) {
  const name = "Snēlab capture";
  let since = log.length;
  if (!(await open(page, `?scene=snelab-capture&${PROBE_QUERY}`, TABLE, `${name}: the case`))) return;
  // The scene: South's Justice on d4 can take a piece it must pay for (a case between two
  // people here, so no engine answers).
  const FROM = "d4";
  let p = await waitProbe("snelab", since,
    (p) => p.phase === "play" && p.person_to_move && p.pick.kind === "idle" && p.targets[FROM]);
  if (!p) return fail(`${name}: the court reported, ${FROM} clickable`);
  const before = p.position;
  const mover = snelabAt(before, FROM);
  check(`${name}: South's piece on ${FROM} to move`, /[A-Z]/.test(mover) && p.to_move === "South",
    JSON.stringify(p));

  since = log.length;
  await clickAt(page, p.targets[FROM]);
  p = await waitProbe("snelab", since, (p) => p.pick.kind === "selected" && p.pick.from === FROM);
  if (!p) return fail(`${name}: a click on ${FROM} lifts the piece`);
  const to = p.pick.captures.find((sq) => p.targets[sq]);
  check(`${name}: a click on ${FROM} lifted it, with captures (${p.pick.captures.join(" ")})`, !!to,
    JSON.stringify(p.pick));
  await shot(page, "8a-snelab-lifted.png"); // the Justice lifted, green dots, red rings with ticks
  if (!to) return;
  const taken = snelabAt(before, to);

  since = log.length;
  await clickAt(page, p.targets[to]);
  p = await waitProbe("snelab", since, (p) => p.pick.kind === "paying" && p.pick.to === to);
  if (!p) return fail(`${name}: a click on the ring at ${to} asks for the payment`);
  const cost = p.pick.cost;
  check(`${name}: a click on ${to} asks for ${cost} in payment`, cost > 0 && p.pick.paid === 0,
    JSON.stringify(p.pick));
  // Payers, a click each, until the sum is reached (the addable ones change as it grows).
  const payers = [];
  for (let i = 0; i < 4 && !p.pick.complete; i++) {
    const payer = p.pick.addable.find((sq) => p.targets[sq]);
    if (!payer) break;
    since = log.length;
    await clickAt(page, p.targets[payer]);
    const q = await waitProbe("snelab", since, (q) => q.pick.kind === "paying" && q.pick.chosen.includes(payer));
    if (!q) return fail(`${name}: a click on ${payer} adds it to the payment`);
    payers.push(payer);
    p = q;
  }
  check(`${name}: payers ${payers.join(" + ")} picked with clicks, ${p.pick.paid} of ${cost}`,
    p.pick.complete && p.pick.paid === cost, JSON.stringify(p.pick));
  await shot(page, "8b-snelab-paying.png"); // the attacker raised, payers in green rings, "3 / 3", Confirm
  if (!p.pick.complete) return;

  since = log.length;
  if (!(await clickWidget(page, "Confirm"))) return fail(`${name}: the Confirm button`);
  p = await waitProbe("snelab", since, (p) => !!p.capture && !p.busy);
  if (!p) return fail(`${name}: Confirm plays the capture`);
  const after = p.position;
  const ok = p.capture.at === to && p.capture.by === "South" &&
    snelabAt(after, to) === mover && snelabAt(after, FROM) === "" &&
    payers.every((sq) => snelabAt(after, sq) === "") && p.to_move === "North" &&
    p.capture.payers.length === payers.length;
  check(`${name}: ${mover} ${FROM}x${to} took ${taken}, paid with ${p.capture.payers.join(" + ")}; ` +
    `the court is ${after}`, ok, `before ${before}, ${JSON.stringify(p)}`);
  const said = await waitText("South took", since, 30000);
  check(`${name}: the bar says who took what and the payment`, said,
    JSON.stringify((latestProbe("ui") || {}).text));
  await shot(page, "8c-snelab-captured.png"); // the Justice on f6, payers gone, "South took …, paying …"
}

// ---- Ash & Walnut: a placement from the reserve and a move on the table, against the engine;
// then a reload finds the game saved and the lobby offers it.
const notationColour = { ash: "w", walnut: "b" };

// Ash & Walnut: clicks each of `sources` (reserve stacks or cells, keys of the probe's targets)
// until one lifts a piece with a ring that can be clicked; a source lifted without one is put back
// (a click on it again). Returns { from, piece, ring, ply, xy, probe } for the first, or null.
async function liftWithRing(page, p, sources, ms) {
  for (const from of sources) {
    let since = log.length;
    await clickAt(page, p.targets[from]);
    const q = await waitProbe("hive", since, (q) => !!q.pick, ms);
    if (!q) continue;
    const ring = q.pick.rings.find((h) => q.targets[h]);
    if (ring) return { from, piece: q.pick.piece, ring, ply: q.ply, xy: q.targets[ring], probe: q };
    since = log.length;
    await clickAt(page, q.targets[from] || p.targets[from]);
    await waitProbe("hive", since, (r) => !r.pick, ms);
  }
  return null;
}

async function hiveGame(page) {
  const name = "Ash & Walnut";
  let since = log.length;
  // The scene: a game in progress against the engine (normal), the person to move, its 60
  // seconds running.
  if (!(await open(page, `?scene=hive&${PROBE_QUERY}`, TABLE, `${name}: a game in progress`))) return;
  let p = await waitProbe("hive", since, (p) => p.phase === "Play" && p.person_to_act && !p.busy);
  if (!p) return fail(`${name}: the table reported, the person to move`);
  const me = p.person;
  const mine = (notation) => notation && notation[0] === notationColour[me];

  // A placement: a click on one of the person's reserve stacks, then on one of its rings.
  const stacks = Object.keys(p.targets).filter((k) => k.startsWith(`${me}-`));
  const placed = await liftWithRing(page, p, stacks, 30000);
  if (placed) p = placed.probe;
  check(`${name}: a click on a reserve stack lifts its piece with rings` +
    (placed ? ` (${placed.piece}, ${p.pick.rings.length} rings)` : ""), !!placed,
    JSON.stringify(p));
  await shot(page, "9a-hive-reserve-lifted.png"); // a reserve piece lifted, green rings on the table
  if (!placed) return;
  since = log.length;
  await clickAt(page, placed.xy);
  p = await waitProbe("hive", since, (q) => q.ply > placed.ply && !q.busy);
  const landed = !!p && p.tops[placed.ring] === placed.piece && !p.pick;
  check(`${name}: a click on the ring ${placed.ring} placed ${placed.piece} there (ply ` +
    `${p ? p.ply : "?"}; the list's last line: ${p ? p.last : "none"})`, landed, JSON.stringify(p));
  await shot(page, "9b-hive-placed.png"); // the piece on its new cell, the glow where it landed
  if (!landed) return;

  // The engine answers; then a move of one of the person's pieces on the table.
  // Two plies after the one before the placement: the engine may answer before the probe's
  // first report after the placement.
  since = log.length;
  p = await waitProbe("hive", 0, (q) => q.ply >= placed.ply + 2 && q.person_to_act && !q.busy, 180000);
  check(`${name}: the engine answered (${p ? p.last : "no move"})`, !!p);
  if (!p) return;
  const cells = Object.keys(p.tops).filter((h) => mine(p.tops[h]) && p.targets[h]);
  const moved = await liftWithRing(page, p, cells, 20000);
  if (moved) p = moved.probe;
  check(`${name}: a click on a piece of the person's on the table lifts it with rings` +
    (moved ? ` (${moved.piece} on ${moved.from})` : ""), !!moved, JSON.stringify(p));
  await shot(page, "9c-hive-piece-lifted.png"); // a piece on the table lifted, its rings
  if (!moved) return;
  since = log.length;
  await clickAt(page, moved.xy);
  p = await waitProbe("hive", since, (q) => q.ply > moved.ply && !q.busy);
  const went = !!p && p.tops[moved.ring] === moved.piece && p.tops[moved.from] !== moved.piece;
  check(`${name}: a click on the ring ${moved.ring} moved ${moved.piece} from ${moved.from} ` +
    `(ply ${p ? p.ply : "?"}; the list's last line: ${p ? p.last : "none"})`, went, JSON.stringify(p));
  await shot(page, "9d-hive-moved.png"); // the piece moved: the ghost ring where it stood, the glow where it went
  if (!went) return;

  // Let the engine answer, so the game holds still, then reload the page mid-game.
  p = await waitProbe("hive", 0, (q) => q.ply >= moved.ply + 2 && q.person_to_act && !q.busy, 180000) ||
    latestProbe("hive");
  await sleep(3000);
  const ply = latestProbe("hive").ply;
  await hiveAutosave(page, ply);
}

// A reload: the menu, Ash & Walnut's Play, and the lobby offers the game as it was.
async function hiveAutosave(page, ply) {
  const name = "autosave";
  let since = log.length;
  await page.goto(`${SITE}/?${PROBE_QUERY}`);
  if (!(await waitForLog(MENU, since, START_MS))) return fail(`${name}: the menu after a reload`);
  const menu = await waitProbe("ui", since,
    (ui) => ui.screen === "Menu" && playButtons(since).length === 3);
  if (!menu) return fail(`${name}: the menu's Play buttons`);
  if (!(await declineLessons(page))) return fail(`${name}: the lessons' offer answered`);
  const s = log.length;
  await clickAt(page, [playButtons(since)[1].x, playButtons(since)[1].y]);
  if (!(await waitForLog(/%c table: hive(\s|$)/, s, START_MS))) return fail(`${name}: the Ash & Walnut table`);
  const p = await waitProbe("hive", s, (p) => p.phase === "Lobby");
  const offer = await waitProbe("ui", s, (ui) => ui.widgets.some((w) => /^Continue the game/.test(w.label)));
  const button = offer && offer.widgets.find((w) => /^Continue the game/.test(w.label));
  check(`${name}: after a reload the lobby offers the game (${button ? button.label : "no button"}; ` +
    `saved at ply ${p ? p.saved : "?"}, left at ply ${ply})`, !!p && p.saved === ply && !!button,
    JSON.stringify(p));
  await shot(page, "9e-hive-autosave-offered.png"); // the lobby with "Continue the game (N moves)"
  if (!button) return;
  since = log.length;
  await clickAt(page, [button.x, button.y]);
  const q = await waitProbe("hive", since, (q) => q.phase === "Play" && q.ply === ply);
  check(`${name}: Continue puts the same game back on the table (ply ${q ? q.ply : "?"})`, !!q,
    JSON.stringify(latestProbe("hive")));
  await shot(page, "9f-hive-continued.png"); // the same position back on the table
}

// ---- Artifact Chess: an army built with clicks (the palette, then squares), Ready, the game
// starts with it; then, in a game in progress, a capture attempt and its dice.
async function chessArmy(page) {
  const name = "Artifact Chess army";
  let since = log.length;
  if (!atChessLobby) {
    await page.goto(`${SITE}/?${PROBE_QUERY}`);
    if (!(await waitForLog(MENU, since, START_MS))) return fail(`${name}: the menu`);
    await waitProbe("ui", since, (ui) => ui.screen === "Menu" && playButtons(since).length === 3);
    if (!(await declineLessons(page))) return fail(`${name}: the lessons' offer answered`);
    const s = log.length;
    await clickAt(page, [playButtons(since)[2].x, playButtons(since)[2].y]);
    if (!(await waitForLog(/%c table: chess(\s|$)/, s, START_MS))) return fail(`${name}: the table`);
  }
  atChessLobby = false;
  let p = await waitProbe("chess", 0, (p) => p.phase === "Lobby");
  if (!p) return fail(`${name}: the lobby`);
  since = log.length;
  if (!(await clickWidget(page, "Build your army"))) return fail(`${name}: the lobby's Build your army`);
  p = await waitProbe("chess", since, (p) => p.phase === "Build" && !!p.draft);
  if (!p) return fail(`${name}: the builder opens`);
  const white = p.draft.colour === "white";
  const home = white ? "1" : "8";
  const second = white ? "2" : "7";
  const wanted = [["Rook", `a${home}`], ["Knight", `b${home}`], ["Pawn", `d${second}`], ["Pawn", `e${second}`]];
  for (const [role, sq] of wanted) {
    if (p.held !== role) {
      since = log.length;
      if (!(await clickWidget(page, new RegExp(`· ${role} —`)))) return fail(`${name}: the palette's ${role}`);
      p = await waitProbe("chess", since, (q) => q.held === role);
      if (!p) return fail(`${name}: a click on the palette's ${role} takes one in hand`);
    }
    if (!p.targets[sq]) return fail(`${name}: ${sq} on screen`, JSON.stringify(p.targets));
    since = log.length;
    await clickAt(page, p.targets[sq]);
    p = await waitProbe("chess", since, (q) => q.draft && q.draft.pieces.includes(`${role} ${sq}`));
    if (!p) return fail(`${name}: a click on ${sq} places the ${role}`, JSON.stringify(latestProbe("chess").draft));
  }
  const built = wanted.map(([r, sq]) => `${r} ${sq}`);
  check(`${name}: built with clicks: ${p.draft.pieces.join(", ")} (${p.draft.points} points, ` +
    `${p.draft.problems} rules broken)`, p.draft.problems === 0 &&
    built.every((b) => p.draft.pieces.includes(b)), JSON.stringify(p.draft));
  await shot(page, "10a-chess-army-built.png"); // the builder: king, rook, knight, two pawns, "Ready"
  since = log.length;
  if (!(await clickWidget(page, "Ready"))) return fail(`${name}: Ready`);
  p = await waitProbe("chess", since, (q) => q.phase === "Play" && !!q.board, 180000);
  const colour = white ? "white" : "black";
  const stands = !!p && wanted.every(([role, sq]) => p.board[sq] === `${colour} ${role}`) &&
    Object.values(p.board).filter((v) => v.startsWith(colour)).length === wanted.length + 1;
  check(`${name}: Ready, the engine built its army and the game began with this one ` +
    `(${p ? Object.keys(p.board).length : 0} pieces on the board)`, stands, JSON.stringify(p));
  await shot(page, "10b-chess-game-begun.png"); // both armies on the board, the game under way
}

async function chessAttempt(page) {
  const name = "Artifact Chess attempt";
  let since = log.length;
  if (!(await open(page, `?scene=chess-contact&${PROBE_QUERY}`, TABLE, `${name}: a game in progress`))) return;
  let p = await waitProbe("chess", since, (p) => p.phase === "Play" && p.person_to_act && !p.busy &&
    p.can_attempt.some((sq) => p.targets[sq]));
  if (!p) return fail(`${name}: a piece that can attempt a capture, on screen`);
  const from = p.can_attempt.find((sq) => p.targets[sq]);
  since = log.length;
  await clickAt(page, p.targets[from]);
  p = await waitProbe("chess", since, (q) => q.selected && q.selected.from === from);
  const to = p && p.selected.attempts.find((sq) => p.targets[sq] && !/wounded/.test(p.board[sq]));
  check(`${name}: a click on ${from} selects it, with attack rings (${p ? p.selected.attempts.join(" ") : ""})`,
    !!to, JSON.stringify(p));
  await shot(page, "10c-chess-selected.png"); // the piece lifted, its dots and attack rings with odds
  if (!to) return;
  const before = p.board[to];
  const attacker = p.board[from];
  const count = p.actions;
  since = log.length;
  await clickAt(page, p.targets[to]);
  const rolling = await waitProbe("chess", since, (q) => !!q.roll && !!q.roll.dice, 60000);
  check(`${name}: a click on ${to} rolls the dice (${rolling ? rolling.roll.dice : "no dice"})`, !!rolling,
    JSON.stringify(latestProbe("chess")));
  await shot(page, "10d-chess-dice.png"); // the dice of the attempt on the table
  p = await waitProbe("chess", since, (q) => !q.roll && q.actions > count && q.list.some((e) =>
    e.number && e.result && e.side === attacker.split(" ")[0]), 120000);
  if (!p) return fail(`${name}: the attempt settles and enters the list`);
  const entry = p.list.filter((e) => e.result && e.side === attacker.split(" ")[0]).slice(-1)[0];
  // Two people here (the scene): nobody answers, so the board now is the attempt's result.
  const board = p.board;
  const consistent = {
    Success: board[to] === attacker && !board[from],
    Wound: board[to] === `${before} wounded` && board[from] === attacker,
    Miss: board[to] === before && board[from] === attacker,
  }[entry.result];
  check(`${name}: ${entry.text}: ${entry.result} (sums ${JSON.stringify(entry.sums)}), and the board ` +
    `shows it (${to}: ${board[to] || "empty"})`, !!consistent, `before ${before}, ${JSON.stringify(p)}`);
  await shot(page, "10e-chess-result.png"); // the result on the board, the list's entry with its sums
}

// ---- An Ash & Walnut game record: saved at the end of a game (a download in the browser),
// then pasted into "Verify a game" from the menu.
async function hiveRecord(page) {
  const name = "game record";
  let since = log.length;
  if (!(await open(page, `?scene=hive-ended&${PROBE_QUERY}`, TABLE, `${name}: a game just won`))) return;
  const p = await waitProbe("hive", since, (p) => p.ended && !p.busy);
  if (!p) return fail(`${name}: the ended game reported`);
  const saveButton = await waitProbe("ui", since, () => widgets("Save the record", since).length > 0);
  if (!saveButton) return fail(`${name}: the end banner's Save the record`);
  await shot(page, "11a-hive-ended.png"); // the end banner: the winner, the seed, "the fingerprint matches"
  since = log.length;
  const download = page.waitForEvent("download", { timeout: 60000 });
  await clickWidget(page, "Save the record");
  let file = null;
  let text = "";
  try {
    file = await download;
    text = require("fs").readFileSync(await file.path(), "utf8");
  } catch (e) {
    return fail(`${name}: Save the record downloads a file`, String(e));
  }
  const fingerprint = (text.match(/^fingerprint ([0-9a-f]{64})$/m) || [])[1];
  const seed = (text.match(/^seed ([0-9a-f]{64})$/m) || [])[1];
  const moves = text.split("\n").filter((l) => /^move /.test(l)).length;
  const digest = seed && require("crypto").createHash("sha256").update(Buffer.from(seed, "hex")).digest("hex");
  check(`${name}: Save the record downloads ${file.suggestedFilename()} (${moves} moves, its seed ` +
    `hashing to its fingerprint)`, /^ash-and-walnut-[0-9a-f]{8}\.txt$/.test(file.suggestedFilename()) &&
    !!fingerprint && digest === fingerprint && moves === p.ply &&
    file.suggestedFilename().includes(fingerprint.slice(0, 8)), text.slice(0, 300));
  require("fs").writeFileSync(`${SHOTS}/hive-record.txt`, text);
  check(`${name}: the banner says where it went`, await waitText(`Saved: ${file.suggestedFilename()}`, since, 30000),
    JSON.stringify((latestProbe("ui") || {}).text));
  await shot(page, "11b-hive-record-saved.png"); // "Saved: ash-and-walnut-….txt" under the buttons

  // The menu's "Verify a game", the record pasted into its text field, Verify.
  if (!(await backToMenu(page))) return fail(`${name}: back to the menu`);
  since = log.length;
  if (!(await clickWidget(page, "Verify a game"))) return fail(`${name}: the menu's Verify a game`);
  const field = await waitProbe("ui", since, (ui) => ui.widgets.some((w) => w.kind === "text"));
  if (!field) return fail(`${name}: the Verify page's text field`);
  const box = field.widgets.find((w) => w.kind === "text");
  check(`${name}: the Verify page opens with an empty field`, box.chars === 0, JSON.stringify(box));
  // The Paste button: a clipboard holding something that is not a record is read and refused.
  await page.evaluate(() => navigator.clipboard.writeText("not a game record"));
  since = log.length;
  if (!(await clickWidget(page, "Paste"))) return fail(`${name}: the Verify page's Paste button`);
  check(`${name}: Paste reads the clipboard and says it is not a game record`,
    await waitText("This is not a game record", since, 30000),
    JSON.stringify((latestProbe("ui") || {}).text));
  // Ctrl+V in the field: the record pasted whole, and verified at once.
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  since = log.length;
  await clickAt(page, [box.x, box.y]);
  await sleep(HOVER_MS);
  await page.keyboard.press("Control+V");
  const pasted = await waitProbe("ui", since, (ui) => ui.widgets.some((w) => w.kind === "text" && w.chars === [...text].length), 30000);
  const got = pasted && pasted.widgets.find((w) => w.kind === "text");
  await shot(page, "11c-verify-pasted.png"); // the Verify page's field after Ctrl+V
  check(`${name}: Ctrl+V pastes the record into the field (${got ? got.chars : 0} of ${[...text].length} characters)`,
    !!got && got.chars === [...text].length);
  check(`${name}: the pasted record is verified: every check passed`,
    await waitText("Every check passed: the game is verified.", since, 60000),
    JSON.stringify((latestProbe("ui") || {}).text));
  await shot(page, "11d-verify-passed.png"); // "Every check passed", the game's board and moves
}

// Runs one part; an exception fails it and the next part goes on.
// ---- Learning: one lesson of each game completed with clicks. The scene opens the lesson at
// its table with its typical wrong try already refused by the rules; the probe names the action
// the lesson asks as the board targets a player clicks for it (`learn.want.clicks`, in order),
// and the test clicks them like a player: the piece, where it goes, and for a Snēlab capture
// its payers and Confirm. The lesson must then be done, its panel offer the next lesson, and
// the progress be saved in the page's local storage.
const LEARN_KEY = "CarvedTables.carved-tableslearn";
const LESSONS = [["snelab", "payment"], ["hive", "slide"], ["chess", "dice"]];

async function learnLesson(page, game, id) {
  const name = `lesson ${game} ${id}`;
  let since = log.length;
  if (!(await open(page, `?scene=learn-${game}-${id}&${PROBE_QUERY}`, TABLE, `${name}: the lesson`))) return;
  const still = (p) => !!p.learn && !p.busy && !p.roll &&
    (game === "snelab" ? p.person_to_move : p.person_to_act);
  let p = await waitProbe(game, since, (p) => still(p) && !!p.learn.want && p.learn.id === id);
  if (!p) return fail(`${name}: the lesson reported, an action asked`, JSON.stringify(latestProbe(game)));
  const want = p.learn.want;
  const panel = await waitProbe("ui", since, () => widgets("Show me", since).length > 0, 60000);
  check(`${name}: the lesson asks ${want.notation} (clicks ${want.clicks.join(", ")}); its panel ` +
    `is up`, !p.learn.done && want.clicks.length >= 2 && !!p.targets[want.clicks[0]] && !!panel,
    JSON.stringify(p.learn));
  await shot(page, `13-learn-${game}-${id}-asked.png`);
  for (const [i, target] of want.clicks.entries()) {
    const at = p.targets[target];
    if (!at) return fail(`${name}: ${target} on screen`, JSON.stringify(p.targets));
    since = log.length;
    await clickAt(page, at);
    // Each click changes what the table reports: a piece lifted, a payer added, a move played.
    p = await waitProbe(game, since, (q) => JSON.stringify(q) !== JSON.stringify(p), 60000);
    if (!p) return fail(`${name}: a click on ${target} (click ${i + 1} of ${want.clicks.length})`,
      JSON.stringify(latestProbe(game)));
  }
  if (game === "snelab" && p.pick && p.pick.kind === "paying") {
    check(`${name}: the payment picked with clicks, ${p.pick.paid} of ${p.pick.cost}`,
      p.pick.complete, JSON.stringify(p.pick));
    await shot(page, `13-learn-${game}-${id}-paying.png`);
    // The panels' report is written when they change: the newest one, not one after `since`.
    since = log.length;
    if (!(await clickWidget(page, "Confirm"))) return fail(`${name}: the Confirm button`);
  }
  p = await waitProbe(game, 0, (q) => !!q.learn && q.learn.done && !q.busy && !q.roll, 120000);
  check(`${name}: done with clicks (the coach says ${p ? p.learn.said : "?"}, ` +
    `${p ? p.learn.asides : "?"} tries put back)`, !!p && p.learn.said === "done",
    JSON.stringify(latestProbe(game)));
  const next = await waitProbe("ui", since, () => widgets("Next lesson", since).length > 0, 60000);
  check(`${name}: the lesson's panel offers the next lesson`, !!next,
    JSON.stringify((latestProbe("ui") || {}).text));
  await shot(page, `13-learn-${game}-${id}-done.png`);
  const saved = await page.evaluate((k) => localStorage.getItem(k), LEARN_KEY);
  check(`${name}: the progress is saved in local storage (${saved ? saved.length : 0} bytes)`,
    !!saved && saved.includes(id), String(saved));
}

// The page's accessible mirror (issue 41; src/app/kit/mirror.rs, web/index.html): the panels
// copied off screen as HTML for a screen reader. Ash & Walnut's table in words against the
// engine (scene `hive-words`: "All my moves" open, words left in its field): the mirror names
// the table's controls as the game's own tree does (the probe's `ui` buttons); a move typed into
// the copied field with Enter replaces the words left there and is played; the engine's answer
// is said by the live region (the newest `announce:` line of the log); a press on a copied move
// button plays that move.
async function readerMirror(page) {
  const name = "accessible mirror";
  const since = log.length;
  if (!(await open(page, `?scene=hive-words&${PROBE_QUERY}`, TABLE, `${name}: Ash & Walnut in words`))) return;
  let p = await waitProbe("hive", since, (q) => q.phase === "Play" && q.person_to_act && !q.busy);
  if (!p) return fail(`${name}: the table reported, the person to move`);
  const read = () => page.evaluate(() => {
    const tree = document.getElementById("reader-tree");
    const sections = [...tree.querySelectorAll("section")];
    const reading = sections.find((s) => s.getAttribute("aria-label") === "All my moves");
    const field = reading && reading.querySelector("input");
    const buttons = [...tree.querySelectorAll("button")].map((b) => b.textContent);
    const inWindow = reading ? [...reading.querySelectorAll("button")].map((b) => b.textContent) : [];
    return {
      windows: sections.map((s) => s.getAttribute("aria-label")),
      buttons,
      // The list of moves: the window's buttons after the field's Play.
      moves: inWindow.slice(inWindow.indexOf("Play") + 1),
      field: field && field.getAttribute("aria-label"),
      value: field && field.value,
      live: document.getElementById("reader-live").textContent,
    };
  });
  const until = async (want, ms = PROBE_MS) => {
    const end = Date.now() + ms;
    let m = await read();
    while (!want(m) && Date.now() < end) {
      await sleep(500);
      m = await read();
    }
    return m;
  };
  let m = await until((q) => q.windows.includes("All my moves") && q.field && q.moves.length > 0);
  check(`${name}: "All my moves", its field and ${m.moves.length} moves in the page`,
    m.windows.includes("All my moves") && m.field === "Your move" && m.moves.length > 0,
    JSON.stringify(m).slice(0, 500));
  const ui = latestProbe("ui", since);
  const named = ui ? ui.widgets.filter((w) => w.kind === "button" && w.label).map((w) => w.label) : [];
  const unnamed = named.filter((l) => !m.buttons.includes(l));
  check(`${name}: every button of the table's panels is in the page by its name (${named.length})`,
    named.length > 0 && unnamed.length === 0, JSON.stringify(unnamed).slice(0, 300));
  const heard = () => {
    for (let i = log.length - 1; i >= 0; i--) {
      const at = log[i].indexOf("announce: ");
      if (at >= 0) {
        let text = log[i].slice(at + "announce: ".length);
        const css = text.lastIndexOf(" color: whitesmoke;");
        if (css >= 0) text = text.slice(0, css);
        return text.trim();
      }
    }
    return null;
  };
  const same = (a, b) => !!a && !!b && a.toLowerCase() === b.toLowerCase();

  // A move typed into the copied field, as a screen reader user types it, then Enter.
  const typed = m.moves[0];
  const ply = p.ply;
  await page.evaluate((words) => {
    const field = [...document.querySelectorAll("#reader-tree section")]
      .find((s) => s.getAttribute("aria-label") === "All my moves").querySelector("input");
    field.focus();
    field.value = words;
    field.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
  }, typed);
  p = await waitProbe("hive", since, (q) => q.ply > ply);
  check(`${name}: "${typed}" typed into the copied field was played (ply ${p ? p.ply : "?"})`, !!p);
  if (!p) return;
  p = await waitProbe("hive", since, (q) => q.ply >= ply + 2 && q.person_to_act && !q.busy, 180000);
  check(`${name}: the engine answered (${p ? p.last : "no move"})`, !!p);
  if (!p) return;
  m = await until((q) => same(q.live, heard()), 30000);
  check(`${name}: the live region says the engine's move ("${m.live}")`, same(m.live, heard()),
    `live "${m.live}", announced "${heard()}"`);

  // A press on a copied move button.
  m = await until((q) => q.moves.length > 0);
  const pressed = m.moves[m.moves.length - 1];
  const before = p.ply;
  await page.evaluate((words) => {
    const reading = [...document.querySelectorAll("#reader-tree section")]
      .find((s) => s.getAttribute("aria-label") === "All my moves");
    const button = [...reading.querySelectorAll("button")].filter((b) => b.textContent === words).pop();
    button.click();
  }, pressed);
  p = await waitProbe("hive", since, (q) => q.ply > before);
  check(`${name}: a press on "${pressed}" in the page played it (ply ${p ? p.ply : "?"})`, !!p);
  await shot(page, "13-reader.png");
}

// ---- Offline (issue 42): the first visit keeps the whole site (web/sw.js); with the network
// then off, the page starts, the menu, a rules page and a lesson draw, online play says it
// needs the network, and a game against the bot is played to its end (the engine playing the
// person's seat too: `autoplay`).
async function offlinePlay(browser) {
  const name = "offline";
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  watch(page);
  try {
    let since = log.length;
    await page.goto(`${SITE}/?${PROBE_QUERY}`);
    if (!(await waitForLog(MENU, since, START_MS))) return fail(`${name}: the first visit reached the menu`);
    const kept = await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      for (let i = 0; i < 600; i++) {
        const names = (await caches.keys()).filter((k) => k.startsWith("carved-tables-"));
        if (names.length) {
          const cache = await caches.open(names[0]);
          const wasm = await cache.match("./carved_tables_bg.wasm");
          if (wasm && navigator.serviceWorker.controller) {
            return { cache: names[0], files: (await cache.keys()).length };
          }
        }
        await new Promise((r) => setTimeout(r, 500));
      }
      return null;
    });
    check(`${name}: the first visit kept the site (${kept ? `${kept.files} files in ${kept.cache}` : "nothing"})`,
      !!kept && kept.files > 50);
    if (!kept) return;
    await context.setOffline(true);
    since = log.length;
    const t0 = Date.now();
    await page.goto(`${SITE}/?${PROBE_QUERY}`);
    const menu = await waitForLog(MENU, since, START_MS) &&
      !!(await waitProbe("ui", since, (ui) => ui.screen === "Menu" && playButtons(since).length === 3));
    check(`${name}: with the network off the page starts and the menu draws (${((Date.now() - t0) / 1000).toFixed(0)} s)`, menu);
    if (!menu) return;
    await shot(page, "o1-offline-menu.png");
    if (await open(page, `?scene=rules-hive&${PROBE_QUERY}`, MENU, `${name}: a rules page`)) {
      const unread = log.filter((l) => l.includes("could not load"));
      check(`${name}: the rules page and everything it needs came from the kept site`, unread.length === 0,
        unread.slice(0, 3).join(" | "));
    }
    if (await open(page, `?scene=learn-hive-slide&${PROBE_QUERY}`, TABLE, `${name}: a lesson`)) {
      await shot(page, "o2-offline-lesson.png");
    }
    since = log.length;
    if (await open(page, `?scene=hive-lobby&${PROBE_QUERY}`, TABLE, `${name}: the lobby`)) {
      const said = await waitText("online play needs the network", since);
      const opens = widgets("Open an online table", since);
      check(`${name}: the lobby's online part says it needs the network, Open is off`,
        said && opens.length > 0 && opens.every((w) => !w.enabled), JSON.stringify(opens));
      await shot(page, "o3-offline-lobby.png");
    }
    since = log.length;
    if (!(await open(page, `?scene=hive&autoplay=easy&${PROBE_QUERY}`, TABLE, `${name}: a game against the bot`))) return;
    const ended = await waitProbe("hive", since, (p) => p.ended && !p.busy, ONLINE_GAME_MS);
    check(`${name}: the game against the bot was played to its end offline` +
      (ended ? ` (ply ${ended.ply}, last ${ended.last})` : ""), !!ended);
    await shot(page, "o4-offline-game-over.png");
  } finally {
    await context.setOffline(false);
    await context.close();
  }
}

// ---- A new release while the page is open (issue 42): the browser finds the service worker
// changed, keeps the new site beside the old, drops the old, and the page says "updated" with a
// Reload button (web/sw.js, web/index.html); Reload starts the game from the new release.
async function updated(browser) {
  const name = "update";
  const fs = require("fs");
  if (!SITE_DIR) return fail(`${name}: web/test.sh gives SITE_DIR, the served folder`);
  const worker = `${SITE_DIR}/sw.js`;
  const release = fs.readFileSync(worker, "utf8");
  const m = release.match(/const VERSION = "([^"]*)";/);
  if (!m) return fail(`${name}: the site's sw.js names its version`);
  const next = `${m[1]}-next`;
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  watch(page);
  const kept = () => page.evaluate(async () =>
    (await caches.keys()).filter((k) => k.startsWith("carved-tables-")));
  try {
    let since = log.length;
    await page.goto(`${SITE}/?${PROBE_QUERY}`);
    if (!(await waitForLog(MENU, since, START_MS))) return fail(`${name}: the first visit reached the menu`);
    const controlled = await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      for (let i = 0; i < 600 && !navigator.serviceWorker.controller; i++) {
        await new Promise((r) => setTimeout(r, 500));
      }
      return !!navigator.serviceWorker.controller;
    });
    const before = await kept();
    check(`${name}: the first visit kept release ${m[1]} (${before.join(", ")})`,
      controlled && before.length === 1 && before[0] === `carved-tables-${m[1]}`);
    const hidden = await page.evaluate(() =>
      getComputedStyle(document.getElementById("updated")).display === "none");
    check(`${name}: no notice before a new release`, hidden);
    // A new release on the server: the same site, its service worker with another version.
    fs.writeFileSync(worker, release.replace(m[0], `const VERSION = "${next}";`));
    since = log.length;
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    const said = await waitForLog(new RegExp(`carved tables: updated to ${next}`), since, START_MS);
    const notice = await page.evaluate(() => {
      const box = document.getElementById("updated");
      const button = document.getElementById("updated-reload");
      return { shown: getComputedStyle(box).display !== "none", text: box.innerText, button: button.textContent };
    });
    check(`${name}: the page says it was updated (${JSON.stringify(notice)})`,
      !!said && notice.shown && notice.text.includes("Carved Tables was updated.") && notice.button === "Reload");
    const after = await kept();
    check(`${name}: the new release is kept and the old one dropped (${after.join(", ")})`,
      after.length === 1 && after[0] === `carved-tables-${next}`);
    await shot(page, "u1-updated.png");
    since = log.length;
    await page.click("#updated-reload");
    const restarted = await waitForLog(MENU, since, START_MS);
    const gone = await page.evaluate(() =>
      getComputedStyle(document.getElementById("updated")).display === "none");
    check(`${name}: Reload starts the new release's menu, the notice gone`, !!restarted && gone);
  } finally {
    fs.writeFileSync(worker, release);
    await context.close();
  }
}

// ---- A phone (issue 42): Chromium's mobile emulation (touch events, a phone's window),
// upright and on its side: each table draws with its panels inside the window, a tap lifts an
// Ash & Walnut piece, and a two-finger twist turns the view (the board's targets move on
// screen as the board turns).
async function phone(browser) {
  for (const [shape, viewport] of [["upright", { width: 390, height: 844 }],
                                   ["on its side", { width: 844, height: 390 }]]) {
    const name = `phone ${shape}`;
    const context = await browser.newContext({ viewport, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
    const page = await context.newPage();
    watch(page);
    try {
      for (const game of ["snelab", "hive", "chess"]) {
        if (await open(page, `?scene=${game}&${PROBE_QUERY}`, TABLE, `${name}: ${game}`)) {
          await shot(page, `p-${viewport.width}x${viewport.height}-${game}.png`);
        }
      }
      let since = log.length;
      if (!(await open(page, `?scene=hive&${PROBE_QUERY}`, TABLE, `${name}: Ash & Walnut`))) continue;
      let p = await waitProbe("hive", since, (q) => q.phase === "Play" && q.person_to_act && !q.busy);
      if (!p) { fail(`${name}: the table reported`); continue; }
      const stack = Object.keys(p.targets).find((k) => k.startsWith(`${p.person}-`));
      since = log.length;
      await page.touchscreen.tap(p.targets[stack][0], p.targets[stack][1]);
      const lifted = await waitProbe("hive", since, (q) => !!q.pick);
      check(`${name}: a tap on a reserve stack lifts its piece`, !!lifted);
      if (lifted) {
        since = log.length;
        await page.touchscreen.tap(p.targets[stack][0], p.targets[stack][1]);
        await waitProbe("hive", since, (q) => !q.pick);
      }
      // The twist: two fingers on either side of the window's middle turn 60° about it, in
      // steps, through the DevTools protocol's touch events.
      const before = latestProbe("hive");
      const cells = Object.keys(before.targets).filter((k) => !k.includes("-"));
      const cdp = await context.newCDPSession(page);
      const [cx, cy, r] = [viewport.width / 2, viewport.height / 2, Math.min(viewport.width, viewport.height) / 4];
      const fingers = (deg) => {
        const a = (deg * Math.PI) / 180;
        return [
          { x: cx - r * Math.cos(a), y: cy - r * Math.sin(a), id: 1 },
          { x: cx + r * Math.cos(a), y: cy + r * Math.sin(a), id: 2 },
        ];
      };
      since = log.length;
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: fingers(0) });
      for (let deg = 5; deg <= 60; deg += 5) {
        await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: fingers(deg) });
        await frames(page, 1);
      }
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      const after = await waitProbe("hive", since, (q) => cells.some((c) => q.targets[c] &&
        Math.hypot(q.targets[c][0] - before.targets[c][0], q.targets[c][1] - before.targets[c][1]) > 20), 120000);
      check(`${name}: a two-finger twist turned the view`, !!after);
      await shot(page, `p-${viewport.width}x${viewport.height}-hive-twisted.png`);
    } finally {
      await context.close();
    }
  }
}

async function runPart(name, fn) {
  try {
    await fn();
  } catch (e) {
    check(`${name}: ran to the end`, false, e.stack || String(e));
  }
}

(async () => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--use-gl=swiftshader",
      "--enable-unsafe-swiftshader",
      "--ignore-gpu-blocklist",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  // The clipboard for pasting a record into Verify; downloads for saving one.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 720 },
    permissions: ["clipboard-read", "clipboard-write"],
    acceptDownloads: true,
  });
  const page = await context.newPage();
  watch(page);
  if (part("basics")) await runPart("basics", async () => {
    // The site as web/serve.sh serves it: the game's type, compressed, its decoded size said.
    const head = await fetch(`${SITE}/carved_tables_bg.wasm`,
      { method: "HEAD", headers: { "Accept-Encoding": "gzip" } });
    check("the server sends the .wasm as application/wasm, gzipped, with its decoded size",
      head.headers.get("content-type") === "application/wasm" &&
        head.headers.get("content-encoding") === "gzip" &&
        Number(head.headers.get("x-decoded-length")) > 0,
      [...head.headers].map((h) => h.join(": ")).join("; "));
    check("WebGL2 is available",
      await page.evaluate(() => !!document.createElement("canvas").getContext("webgl2")));

    // 1. The menu.
    if (await open(page, "", MENU, "menu")) {
      await shot(page, `1-menu.png`);
      const canvas = await page.evaluate(() => {
        const c = document.querySelector("canvas");
        return c ? [c.clientWidth, c.clientHeight] : null;
      });
      check("the canvas fills the window", canvas && canvas[0] === 1280 && canvas[1] === 720,
        JSON.stringify(canvas));
      check("the loading cover is gone", !(await page.$("#cover")));
    }

    // 2. Snēlab's table, opened as the desktop's --scene snelab.
    if (await open(page, "?scene=snelab", TABLE, "Snēlab table")) {
      await shot(page, `2-snelab.png`);
    }

    // 2b. The board marks under WebGL2: a payment being picked (rings with tick marks, dashed
    // and solid rings, faded pieces, badges) and right after a move (the ghost and the glow).
    for (const [scene, file] of [["snelab-payment", "2b-snelab-payment.png"],
                                 ["snelab-ghost", "2c-snelab-ghost.png"]]) {
      if (await open(page, `?scene=${scene}`, TABLE, `Snēlab ${scene}`)) {
        await shot(page, file);
      }
    }

    // 2d. A rules page, read over HTTP from assets/rules/ like the models (both by the game's
    // own loaders): the page draws, and no file the game asked for failed to load.
    if (await open(page, "?scene=rules-hive", MENU, "Ash & Walnut rules page")) {
      await shot(page, `2d-rules-hive.png`);
    }
    const unread = log.filter((l) => l.includes("could not load"));
    check("every model, sound, shader and rules page loaded", unread.length === 0,
      unread.slice(0, 3).join(" | "));
  });

  // The tables played with clicks, through the probe (8-12: see web/README.md).
  if (part("startup")) await runPart("start-up", () => startupTimes(page));
  if (part("chess")) {
    await runPart("Artifact Chess army", () => chessArmy(page));
    await runPart("Artifact Chess attempt", () => chessAttempt(page));
  }
  if (part("snelab")) await runPart("Snēlab capture", () => snelabCapture(page));
  if (part("hive")) await runPart("Ash & Walnut", () => hiveGame(page));
  if (part("record")) await runPart("game record", () => hiveRecord(page));
  if (part("reader")) await runPart("accessible mirror", () => readerMirror(page));
  if (part("learn")) {
    for (const [game, id] of LESSONS) await runPart(`lesson ${game} ${id}`, () => learnLesson(page, game, id));
  }

  // The online table, through the page's WebSocket: open a table that the server's bot
  // (easy) may take, let the engine (normal) play the page's seat, and follow the game to its
  // end; the seed revealed at the end must match the fingerprint shown at the start, and
  // the record the server stores must be the same game.
  // ONLINE_GAMES=chess (a comma-separated list) plays only those games online.
  const onlineGames = (process.env.ONLINE_GAMES || "hive,snelab,chess,quick").split(",");
  const online = (game) => part("online") && process.env.GAME_SERVER && onlineGames.includes(game);
  if (online("hive")) {
    await runPart("online table", () => onlineGame(page, "hive"));
  }
  if (online("snelab")) {
    // The same for a Snēlab case: the stake taken and the verdict settled into the page's
    // purse (its local storage), the server restarted in the middle.
    await runPart("online Snēlab", () => onlineGame(page, "snelab"));
  }
  if (part("online") && process.env.GAME_SERVER && onlineGames.includes("quick")) {
    // Quick game between two pages (two browser contexts: two devices), then a rematch.
    await runPart("online Quick game and rematch", () => quickRematch(browser));
  }
  if (online("chess")) {
    // And an Artifact Chess game: the page builds a random army, commits and reveals it, and
    // plays its cards and attempts against the server's bot, through a server restart.
    await runPart("online Artifact Chess", () => onlineGame(page, "chess"));
  }

  // A finished online game opened by its link (`?replay=CODE`) in a fresh page: the online
  // part's Ash & Walnut game, or a short one resigned after a few moves; the replay stepped
  // with the bar and the keys; a code with no game.
  if (part("replay") && process.env.GAME_SERVER) {
    await runPart("replay by link", () => replayByLink(browser, page));
  }

  // The words come from the Fluent files in the browser too: Russian's plural forms for the
  // dice of a wounded piece's attempt (one die, two dice), a rules page's online section in
  // Portuguese, and no placeholder left unfilled.
  if (part("words")) await runPart("words (Fluent)", async () => {
    let since = log.length;
    await page.goto(`${SITE}/?probe=1&lang=ru&scene=chess-dice-one`);
    const dice = await waitText("1 кубик:", since, START_MS);
    check("the dice are counted in Russian's plural forms (1 кубик, 2 кубика)",
      dice && onScreen("2 кубика:", since),
      (latestProbe("ui", since) || { text: [] }).text.filter((t) => /куб/.test(t)).join(" | "));
    await shot(page, "words-dice-ru.png");
    since = log.length;
    await page.goto(`${SITE}/?probe=1&lang=pt&scene=rules-hive-online`);
    const online = await waitText("Na mesa online", since, START_MS);
    check("the rules page's online section is in Portuguese", online);
    const ui = latestProbe("ui", since) || { text: [] };
    check("no placeholder is left unfilled", !ui.text.some((t) => /\{ ?\$/.test(t)),
      ui.text.filter((t) => /\{ ?\$/.test(t)).join(" | "));
    check("the words were read without a problem",
      !log.slice(since).some((l) => /words|fluent/i.test(l) && /problem|could not|error/i.test(l)));
    await shot(page, "words-rules-pt.png");
  });

  // A saved setting: choose Português on the settings page, then reload.
  if (part("settings")) await runPart("settings", async () => {
    // Run alone (`ONLY=settings`) the page has not been anywhere yet, and a blank page may not
    // read local storage: the site first.
    if (page.url() === "about:blank") await open(page, "", MENU, "menu first");
    const before = await settings(page);
    if (await open(page, "?scene=settings", MENU, "settings page")) {
      await shot(page, `3-settings.png`);
      // "Português" on the settings page at 1280x720 (egui draws it: no DOM element to find).
      // Hover first, then press and release at once: a SwiftShader frame can outlast egui's
      // longest click, so a press and a release in different frames may read as a drag.
      await page.mouse.move(624, 170);
      await sleep(1000);
      await page.mouse.click(624, 170);
      await sleep(SETTLE_MS);
      await shot(page, `4-settings-pt.png`);
    }
    const chosen = await settings(page);
    check("choosing Português saves it in local storage",
      chosen && chosen.data && chosen.data.lang === "Pt",
      `before ${JSON.stringify(before)}, after ${JSON.stringify(chosen)}`);
    const since = log.length;
    if (await open(page, "", MENU, "menu after a reload")) {
      await shot(page, `5-menu-pt.png`);
    }
    const kept = await settings(page);
    check("the language survived the reload", kept && kept.data && kept.data.lang === "Pt",
      JSON.stringify(kept));
    check("the saved settings were read back without complaint",
      !log.slice(since).some((l) => /settings.*(damaged|expected shape|could not be read)/.test(l)));
  });
  if (part("phone")) await runPart("phone", () => phone(browser));
  if (part("offline")) await runPart("offline", () => offlinePlay(browser));
  if (part("update")) await runPart("update", () => updated(browser));
  if (restarted) restarted.kill("SIGKILL");
  // The tables' parts place, move and capture, which sound: the page's Web Audio decodes each
  // file once (`app::audio::web`) and reports it.
  if (part("snelab") || part("hive") || part("chess")) {
    const decoded = log.filter((l) => /sound: the page decoded/.test(l)).length;
    const refused = log.filter((l) => /could not be (decoded|played)|No sound: the page/.test(l));
    check(`the page decoded the sounds the tables played (${decoded} files), none refused`,
      decoded > 0 && refused.length === 0, refused.join("\n  "));
  }
  check("the console logged no panic or error", problems.length === 0, problems.join("\n  "));
  await browser.close();
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
})();
