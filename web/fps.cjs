// The browser's frame rate at each table, for one or more builds served side by side (run by
// web/fps.sh): each scene is opened in headless Chromium (SwiftShader WebGL2, 1280x720), and
// 8 s after the table is reached, requestAnimationFrame callbacks are counted over MEASURE_MS.
// Environment: SITES ("name=url,name=url"), SCENES, ROUNDS, MEASURE_MS, CHROMIUM, PLAYWRIGHT.
"use strict";
const { chromium } = require(process.env.PLAYWRIGHT);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
// Each "name=url|&query": the query (the page's flags, `&look=light`) may be empty.
const SITES = process.env.SITES.split(",").map((s) => {
  const at = s.indexOf("=");
  const [url, query] = s.slice(at + 1).split("|");
  return [s.slice(0, at), url, query || ""];
});
const SCENES = (process.env.SCENES || "snelab,hive,chess").split(",");
const ROUNDS = Number(process.env.ROUNDS || 2);
const MEASURE_MS = Number(process.env.MEASURE_MS || 20000);
(async () => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM, headless: true,
    args: ["--no-sandbox", "--use-gl=swiftshader", "--enable-unsafe-swiftshader",
      "--ignore-gpu-blocklist", "--disable-background-networking", "--no-first-run"],
  });
  for (let round = 0; round < ROUNDS; round++) {
    for (const scene of SCENES) {
      for (const [name, url, query] of SITES) {
        const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
        let reached = false;
        page.on("console", (m) => {
          if (/%c (table: |preview)/.test(m.text())) reached = true;
        });
        const t0 = Date.now();
        // Every frame drawn (`continuous`): the game otherwise draws only when something
        // changes, and an idle page would count the browser's own frames.
        await page.goto(`${url}/?scene=${scene}&continuous${query}`);
        while (!reached && Date.now() - t0 < 240000) await sleep(250);
        await sleep(8000);
        const frames = await page.evaluate((ms) => new Promise((resolve) => {
          let n = 0;
          const start = performance.now();
          function tick(now) {
            n++;
            if (now - start < ms) requestAnimationFrame(tick);
            else resolve([n, now - start]);
          }
          requestAnimationFrame(tick);
        }), MEASURE_MS);
        console.log(`round ${round} ${scene} ${name}: ${(1000 * frames[0] / frames[1]).toFixed(2)} fps (${frames[0]} frames in ${(frames[1] / 1000).toFixed(1)} s, reached ${reached})`);
        await page.close();
      }
    }
  }
  await browser.close();
})();
