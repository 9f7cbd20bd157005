// The worker path end to end: a real engine computation (perft) runs off the
// page's thread with progress, can be cancelled, reports bad input clearly,
// and the whole app keeps working offline after the first visit.
import { test } from "node:test";
import assert from "node:assert/strict";
import { watchErrors, appReady, SHOTS, useSuite, WORKER_WAIT, serviceWorkerActive, untilInPage } from "./harness.js";

const suite = useSuite();

test("perft runs in the worker and matches the published count", async () => {
  const page = await suite.page();
  const errors = watchErrors(page);
  await page.goto(suite.server.url + "#/about");
  await appReady(page);
  await page.selectOption("#perft-depth", "4");
  await page.click("[data-testid='perft-run']");
  const result = page.locator("[data-testid='perft-result']");
  await result.waitFor({ timeout: WORKER_WAIT });
  assert.match(await result.textContent(), /^197281 nodes/);
  assert.deepEqual(errors, []);
});

test("a long perft shows progress, the page stays responsive, and Stop ends it", async () => {
  const page = await suite.page();
  const errors = watchErrors(page);
  await page.goto(suite.server.url + "#/about");
  await appReady(page);
  await page.selectOption("#perft-depth", "7");
  await page.click("[data-testid='perft-run']");
  await page.locator("[data-testid='progress']").waitFor({ timeout: WORKER_WAIT });
  // The main thread answers while the worker counts (depth 7 takes many
  // minutes, so a page doing the count itself would not draw a frame for
  // that long; ten seconds tells the two apart on any machine).
  const started = Date.now();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
  assert.ok(Date.now() - started < 10000, "the page froze");
  await page.click("[data-testid='perft-cancel']");
  await page.locator("[data-testid='perft-cancelled']").waitFor({ timeout: WORKER_WAIT });
  // A new job runs on a fresh worker.
  await page.selectOption("#perft-depth", "2");
  await page.click("[data-testid='perft-run']");
  await page.locator("[data-testid='perft-result']").waitFor({ timeout: WORKER_WAIT });
  assert.match(await page.locator("[data-testid='perft-result']").textContent(), /^400 nodes/);
  assert.deepEqual(errors, []);
});

test("a malformed FEN gets a clear message, not a dead page", async () => {
  const page = await suite.page();
  const errors = watchErrors(page);
  await page.goto(suite.server.url + "#/about");
  await appReady(page);
  await page.fill("#perft-fen", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  await page.click("[data-testid='perft-run']");
  const message = page.locator("[data-testid='perft-error']");
  await message.waitFor({ timeout: WORKER_WAIT });
  assert.ok((await message.textContent()).length > 10);
  assert.equal(await page.locator("#fatal-error").isHidden(), true);
  assert.deepEqual(errors, []);
});

test("after the first visit the app works with the network off", async () => {
  const context = await suite.browser.newContext();
  const page = await context.newPage();
  // A file counts as fetched once a request for it succeeds: the service
  // worker's look into the browser's cache for lazy files it does not hold
  // (`only-if-cached`) fails, downloading nothing, when they were never used.
  const lazyFetches = [];
  context.on("requestfinished", (r) => {
    if (/(worker|study)(_bg\.wasm|\.js)$/.test(r.url())) lazyFetches.push(r.url().split("/").pop());
  });
  await page.goto(suite.server.url + "#/");
  await appReady(page);
  // Wait until the service worker controls the page and has cached the build.
  await serviceWorkerActive(page);
  // Someone who only plays never downloads the worker nor the study module.
  await page.goto(suite.server.url + "#/play");
  await appReady(page);
  await page.locator("[data-testid='start']").waitFor();
  await page.goto(suite.server.url + "#/rules");
  await page.waitForFunction(() => document.querySelector("main h1")?.textContent === "Rules");
  assert.deepEqual(lazyFetches, [], "the worker or the study module was fetched before any page needed it");
  // The first page that needs them fetches them, and the cache keeps them.
  await page.goto(suite.server.url + "#/about");
  await appReady(page);
  await page.selectOption("#perft-depth", "2");
  await page.click("[data-testid='perft-run']");
  await page.locator("[data-testid='perft-result']").waitFor({ timeout: WORKER_WAIT });
  assert.deepEqual([...new Set(lazyFetches)].sort(), ["study.js", "study_bg.wasm", "worker.js", "worker_bg.wasm"]);
  await untilInPage(page, async () => {
    const cached = async (file) => {
      for (const key of await caches.keys()) {
        if (await (await caches.open(key)).match(file)) return true;
      }
      return false;
    };
    return (await cached("worker_bg.wasm")) && (await cached("study_bg.wasm")) && (await cached("study.js"));
  });
  await context.setOffline(true);
  await page.goto(suite.server.url + "#/rules");
  await appReady(page);
  await page.waitForFunction(() => document.querySelector("main h1")?.textContent === "Rules");
  // The study module and the worker load from the cache too, in a new tab.
  const offline = await context.newPage();
  const errors = watchErrors(offline);
  await offline.goto(suite.server.url + "#/about");
  await appReady(offline);
  await offline.selectOption("#perft-depth", "3");
  await offline.click("[data-testid='perft-run']");
  await offline.locator("[data-testid='perft-result']").waitFor({ timeout: WORKER_WAIT });
  assert.match(await offline.locator("[data-testid='perft-result']").textContent(), /^8902 nodes/);
  await offline.screenshot({ path: `${SHOTS}offline-about.png`, fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test("a first visit straight to a study page keeps the study module for offline use", async () => {
  const context = await suite.browser.newContext();
  const page = await context.newPage();
  const errors = watchErrors(page);
  // The study module arrives before the service worker controls the page;
  // the service worker keeps it from the browser's cache when it takes over.
  await page.goto(suite.server.url + "#/puzzles");
  await appReady(page);
  await page.waitForFunction(() => document.querySelector("main h1")?.textContent === "Puzzles");
  await serviceWorkerActive(page);
  await untilInPage(page, async () => {
    if (navigator.serviceWorker.controller === null) return false;
    for (const key of await caches.keys()) {
      const cache = await caches.open(key);
      if ((await cache.match("study_bg.wasm")) && (await cache.match("study.js"))) return true;
    }
    return false;
  });
  await context.setOffline(true);
  const offline = await context.newPage();
  const offlineErrors = watchErrors(offline);
  await offline.goto(suite.server.url + "#/solvers");
  await appReady(offline);
  await offline.waitForFunction(() => document.querySelector("main h1")?.textContent === "Solvers");
  assert.deepEqual(errors, []);
  assert.deepEqual(offlineErrors, []);
  await context.close();
});

test("offline on a first visit, a study page says it could not load and offers a reload", async () => {
  const page = await suite.page({ viewport: { width: 390, height: 844 } });
  // The page's own files arrive; the study module's do not.
  await page.route(/study(_bg\.wasm|\.js)$/, (route) => route.abort("internetdisconnected"));
  await page.goto(suite.server.url + "#/puzzles");
  await appReady(page);
  const failed = page.locator("[data-testid='study-failed']");
  await failed.waitFor({ timeout: WORKER_WAIT });
  assert.match(await failed.textContent(), /did not arrive .*Check your connection and reload/);
  assert.equal(await failed.getByRole("button", { name: "Reload" }).count(), 1);
  assert.equal(await page.locator("#fatal-error").isHidden(), true);
  await page.screenshot({ path: `${SHOTS}study-failed-phone.png`, fullPage: true });
  // The page's own routes still work (on a phone the menu opens first).
  await page.click(".menu-toggle");
  await page.click(".nav-links a[href='#/rules']");
  await page.waitForFunction(() => document.querySelector("main h1")?.textContent === "Rules");
});
