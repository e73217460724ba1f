// The browser test, run by web/test.sh: drives headless Chromium over the site in web/dist/.
// Environment: SITE (the served address), SHOTS (the screenshot folder), CHROMIUM, PLAYWRIGHT.
"use strict";
const { chromium } = require(process.env.PLAYWRIGHT);

const SITE = process.env.SITE;
const SHOTS = process.env.SHOTS;
const SETTINGS_KEY = "CarvedTables.carved-tablessettings";
// How long SwiftShader may take to start the game and draw a screen.
const START_MS = Number(process.env.START_MS || 240000);
const SETTLE_MS = Number(process.env.SETTLE_MS || 8000);

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
async function serverRestart() {
  const since = log.length;
  serverDown = true;
  process.kill(Number(process.env.GAME_SERVER_PID), "SIGKILL");
  const dropped = await waitForLog(/online: the link is Reconnecting/, since, 60000);
  check("online table: the page saw the server go (SIGKILL)", dropped,
    problems.slice(-1)[0] || "timed out");
  await sleep(3000);
  restarted = require("child_process").spawn("sh", ["-c", `exec ${process.env.GAME_SERVER_RESTART}`],
    { stdio: "ignore" });
  const back = await waitForLog(/online: the link is Connected/, since, 120000);
  check("online table: the page came back to the restarted server by itself", back,
    problems.slice(-1)[0] || "timed out");
  serverDown = false;
}

async function onlineGame(page) {
  const server = process.env.GAME_SERVER;
  const since = log.length;
  const query = `?online=host:easy&autoplay=normal&server=${encodeURIComponent(server)}`;
  if (!(await open(page, query, /online: seated at table/, "online table: seated"))) return;
  const find = (pattern) => {
    for (const l of log.slice(since)) {
      const m = l.match(pattern);
      if (m) return m;
    }
    return null;
  };
  const code = (find(/seated at table (\w+)/) || [])[1];
  check("online table: the server gave a table code", !!code, code);
  const started = await waitForLog(/online: the game started/, since, 120000);
  check("online table: the server's bot sat down and the game started", started,
    problems.slice(-1)[0] || "timed out");
  if (!started) return;
  const fingerprint = (find(/the game started \(fingerprint ([0-9a-f]{64})\)/) || [])[1];
  // A few moves in.
  await sleep(45000);
  await shot(page, "6-online-playing.png");
  if (process.env.GAME_SERVER_PID && process.env.GAME_SERVER_RESTART) {
    await serverRestart();
  }
  const t0 = Date.now();
  const ended = await waitForLog(/online: the game ended/, since, ONLINE_GAME_MS);
  const end = find(/the game ended after (\d+) moves \((.*)\), seed ([0-9a-f]{64})/);
  check(`online table: the game was played to its end (${((Date.now() - t0) / 1000).toFixed(0)} s, ` +
    `${end ? `${end[1]} moves, ${end[2]}` : "no end"})`, ended && !!end,
    problems.slice(-1)[0] || "timed out");
  if (!end) return;
  const seed = end[3];
  const digest = require("crypto").createHash("sha256").update(Buffer.from(seed, "hex")).digest("hex");
  check("online table: the revealed seed's SHA-256 is the fingerprint shown at the start",
    digest === fingerprint, `seed ${seed}, fingerprint ${fingerprint}, SHA-256 ${digest}`);
  await sleep(SETTLE_MS);
  await shot(page, "7-online-end.png");
  let record = "";
  try {
    const res = await fetch(`${process.env.GAME_HTTP}/records/${code}`);
    record = res.ok ? await res.text() : `HTTP ${res.status}`;
  } catch (e) {
    record = String(e);
  }
  require("fs").writeFileSync(`${SHOTS}/online-record.txt`, record);
  const moves = record.split("\n").filter((l) => /^move /.test(l)).length;
  check("online table: the server's record is this game (its seed, every move)",
    record.includes(`seed ${seed}`) && moves === Number(end[1]),
    `${moves} moves in the record, ${end[1]} seen; ${record.slice(0, 200)}`);
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
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  watch(page);
  try {
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

    // 2d. The online table, through the page's WebSocket: open a table that the server's bot
    // (easy) may take, let the engine (normal) play the page's seat, and follow the game to its
    // end; the seed revealed at the end must match the fingerprint shown at the start, and
    // the record the server stores must be the same game.
    if (process.env.GAME_SERVER) {
      await onlineGame(page);
    }

    // 3. A saved setting: choose Português on the settings page, then reload.
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
  } catch (e) {
    check("the test ran to the end", false, e.stack || String(e));
  }
  if (restarted) restarted.kill("SIGKILL");
  check("the console logged no panic or error", problems.length === 0, problems.join("\n  "));
  await browser.close();
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
})();
