// The processor time an idle table costs in the browser (issue 42), run by web/idle.sh: each
// scene is opened in headless Chromium (SwiftShader WebGL2, 1280x720), once drawing every frame
// (`&continuous`, as a game loop would) and once as a player gets it (drawing only when
// something changes); SETTLE_MS after the table is reached, the processor time (user + system)
// of the browser and all its processes is read from /proc over MEASURE_MS. Nothing is clicked.
// Environment: SITE (url), SCENES, SETTLE_MS, MEASURE_MS, CHROMIUM, PLAYWRIGHT.
"use strict";
const fs = require("fs");
const { chromium } = require(process.env.PLAYWRIGHT);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const SITE = process.env.SITE;
const SCENES = (process.env.SCENES || "hive,chess").split(",");
const SETTLE_MS = Number(process.env.SETTLE_MS || 20000);
const MEASURE_MS = Number(process.env.MEASURE_MS || 30000);
const TICKS = 100; // USER_HZ on Linux

// Each process's parent and processor ticks (user + system), from /proc.
function processes() {
  const out = new Map();
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, "utf8");
      // The command may hold spaces and brackets: the fields start after the last ')'.
      const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      out.set(Number(name), { parent: Number(rest[1]), ticks: Number(rest[11]) + Number(rest[12]) });
    } catch (_) { /* gone meanwhile */ }
  }
  return out;
}

// The ticks of `root` and every process under it.
function treeTicks(root) {
  const all = processes();
  const inTree = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, p] of all) {
      if (!inTree.has(pid) && inTree.has(p.parent)) { inTree.add(pid); grew = true; }
    }
  }
  let ticks = 0;
  for (const pid of inTree) ticks += all.get(pid) ? all.get(pid).ticks : 0;
  return ticks;
}

(async () => {
  for (const scene of SCENES) {
    for (const [mode, query] of [["every frame", "&continuous"], ["on change", ""]]) {
      // A browser of its own for each measure: nothing left over from the one before.
      // Launched as a server: its process is known, and all the browser's are under it.
      const server = await chromium.launchServer({
        executablePath: process.env.CHROMIUM, headless: true,
        args: ["--no-sandbox", "--use-gl=swiftshader", "--enable-unsafe-swiftshader",
          "--ignore-gpu-blocklist", "--disable-background-networking", "--no-first-run"],
      });
      const root = server.process().pid;
      const browser = await chromium.connect(server.wsEndpoint());
      const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
      let reached = false;
      page.on("console", (m) => {
        if (/%c (table: |preview)/.test(m.text())) reached = true;
      });
      const t0 = Date.now();
      await page.goto(`${SITE}/?scene=${scene}${query}`);
      while (!reached && Date.now() - t0 < 240000) await sleep(250);
      await sleep(SETTLE_MS);
      const a = treeTicks(root);
      const started = Date.now();
      await sleep(MEASURE_MS);
      const b = treeTicks(root);
      const secs = (Date.now() - started) / 1000;
      const cpu = (b - a) / TICKS;
      console.log(`${scene} ${mode}: ${cpu.toFixed(1)} s of processor over ${secs.toFixed(0)} s ` +
        `(${(100 * cpu / secs).toFixed(0)} % of a core; reached ${reached})`);
      await browser.close();
      await server.close();
    }
  }
})();
