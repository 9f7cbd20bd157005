// The first visit: a frame from index.html before any wasm runs (also on a
// slow phone link), a readable message when the wasm cannot load, and a
// download that stays small (the page's wasm; the worker only when needed).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { appReady, watchErrors, DIST, SHOTS, useSuite } from "./harness.js";

const suite = useSuite();
const PHONE = { width: 390, height: 844 };
/** The page's wasm, gzipped, at most (bytes). 400,000 until the bot's page
 * parts came (hint, Move now, the replay of what it believed): 402,643 with
 * them; the Fog of War endgame lab's page took it to 417,494 (with wasm-opt
 * run twice, low memory assumed unused: 2 KB less); the puzzle pages (the
 * collection, solve mode against the umpire, the editor) to 468,917. What is
 * allowed over 400 KB is a debt to win back, not room to grow: twiggy on the
 * page build names the largest pieces — the solve and editor views (25 and
 * 21 KB before wasm-opt), decoding every job's answer (19 KB), the Play,
 * KRK and replay views — and moving PGN and save decoding into the worker
 * is the largest saving in view. */
const PAGE_WASM_GZIP_BUDGET = 475_000;

test("on a slow phone link the frame shows within a second, then the app replaces it", async () => {
  const context = await suite.browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const errors = watchErrors(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  // 1.6 Mbps down, 750 kbps up, 150 ms round trips.
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: 1_600_000 / 8,
    uploadThroughput: 750_000 / 8,
  });
  const started = Date.now();
  await page.goto(suite.server.url + "#/play", { waitUntil: "commit" });
  await page.locator("[data-testid='boot-text']").waitFor({ state: "visible", timeout: 5000 });
  const shown = Date.now() - started;
  const appAlready = await page.locator("nav.top-nav").count();
  await page.screenshot({ path: `${SHOTS}boot-phone-slow.png` });
  assert.ok(shown < 1000, `the frame took ${shown} ms`);
  assert.equal(appAlready, 0, "on this link the app cannot be up yet: the frame is what the user sees");
  await appReady(page);
  const loaded = Date.now() - started;
  assert.equal(await page.locator("#boot").count(), 0, "the app takes the frame down");
  console.log(`slow link: frame after ${shown} ms, app after ${loaded} ms`);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a page whose wasm does not load says so and offers a reload", async () => {
  const context = await suite.browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await page.route(/_bg\.wasm$/, (route) => route.abort());
  await page.goto(suite.server.url + "#/");
  const text = page.locator("[data-testid='boot-text']");
  await page.waitForFunction(() => /could not start/.test(document.querySelector("[data-testid='boot-text']")?.textContent ?? ""), null, { timeout: 15000 });
  assert.match(await text.textContent(), /could not start: .*reload/i);
  assert.equal(await page.getByRole("button", { name: "Reload" }).count(), 1);
  await page.screenshot({ path: `${SHOTS}boot-failed-phone.png` });
  await context.close();
});

test("the page's wasm stays within its budget and the worker and the endgame files are not precached", async () => {
  const files = await readdir(DIST);
  const pageWasm = files.filter((f) => /^fogbound-app-.*_bg\.wasm$/.test(f));
  assert.equal(pageWasm.length, 1, `one page wasm in dist/: ${pageWasm}`);
  const sizes = {};
  for (const f of files.filter((f) => f.endsWith(".wasm"))) {
    const raw = await readFile(DIST + f);
    sizes[f] = { raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
  }
  console.log("wasm sizes (bytes):", JSON.stringify(sizes));
  const page = sizes[pageWasm[0]];
  assert.ok(page.gzip <= PAGE_WASM_GZIP_BUDGET, `the page's wasm is ${page.gzip} bytes gzipped (budget ${PAGE_WASM_GZIP_BUDGET})`);
  const sw = await readFile(DIST + "sw.js", "utf8");
  const precache = sw.match(/^const PRECACHE = (\[.*\]);$/m);
  const lazy = sw.match(/^const LAZY = (\[.*\]);$/m);
  assert.ok(precache && lazy, "sw.js has its lists");
  const eager = JSON.parse(precache[1]);
  assert.ok(eager.some((f) => pageWasm.includes(f)), "the page's wasm is precached");
  assert.ok(eager.every((f) => !f.startsWith("worker") && !f.startsWith("endgames/")), `the worker or the endgame files are precached: ${eager}`);
  const later = JSON.parse(lazy[1]);
  assert.deepEqual(later.filter((f) => !f.startsWith("endgames/")).sort(), ["worker.js", "worker_bg.wasm"]);
  // Every material's starts in both readings, and its lines in the true game.
  for (const m of ["kq", "kr", "krr", "kbb", "kbn", "kb", "kn"]) {
    for (const f of [`${m}-8-sighted-starts.fogt`, `${m}-8-blind-starts.fogt`, `${m}-8-sighted-lines.fogt`]) {
      assert.ok(later.includes(`endgames/${f}`), `endgames/${f} is in the build and fetched when needed`);
    }
  }
});
