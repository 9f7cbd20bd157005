// Shared set-up for the journeys: a static file server over dist/ on a free
// loopback port, and Debian's Chromium driven by playwright-core (which never
// downloads a browser of its own).
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { mkdir } from "node:fs/promises";
import { before, after } from "node:test";
import { chromium } from "playwright-core";

// The built site; FOGBOUND_DIST points elsewhere (e.g. a release build for benchmarks).
export const DIST = process.env.FOGBOUND_DIST ?? fileURLToPath(new URL("../../dist/", import.meta.url));
export const SHOTS = fileURLToPath(new URL("./screenshots/", import.meta.url));

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".wasm": "application/wasm",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".webmanifest": "application/manifest+json",
  ".json": "application/json",
  ".png": "image/png",
};

/** What a static host compresses (the endgame files are deflated already). */
const COMPRESSED = new Set([".html", ".js", ".wasm", ".css", ".svg", ".webmanifest", ".json"]);

/** Each file's gzip, made once per version of the file. */
const gzipped = new Map();

async function gzipOf(file, body) {
  const { mtimeMs } = await stat(file);
  const kept = gzipped.get(file);
  if (kept?.mtimeMs === mtimeMs) return kept.gzip;
  const gzip = gzipSync(body);
  gzipped.set(file, { mtimeMs, gzip });
  return gzip;
}

/**
 * Serves dist/ as a production static host does: the right content type
 * (`application/wasm`, which streaming compilation needs) and, when the
 * browser accepts it, gzip (zlib's default level, as hosts that compress on
 * the fly use) for text and wasm. Time to a usable app on a slow link is
 * measured against this; `FOGBOUND_NO_GZIP=1` serves every file as it is.
 */
export async function serveDist() {
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
      let file = normalize(join(DIST, path));
      if (!file.startsWith(DIST)) throw new Error("outside");
      if ((await stat(file)).isDirectory()) file = join(file, "index.html");
      let body = await readFile(file);
      const headers = { "content-type": TYPES[extname(file)] ?? "application/octet-stream" };
      const accepts = /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
      if (COMPRESSED.has(extname(file))) {
        headers.vary = "accept-encoding";
        if (accepts && !process.env.FOGBOUND_NO_GZIP) {
          body = await gzipOf(file, body);
          headers["content-encoding"] = "gzip";
        }
      }
      headers["content-length"] = body.length;
      res.writeHead(200, headers);
      res.end(body);
    } catch {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not found");
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(r)) };
}

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** Collects console errors and page errors; a journey fails on any. */
export function watchErrors(page) {
  const errors = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(`console: ${msg.text()}`);
  });
  page.on("pageerror", (err) => errors.push(`page: ${err.message}`));
  return errors;
}

/** Waits until the app has mounted and drawn its navigation, and on a
 * study route until the study module has come (or said it cannot): the
 * page publishes that as `data-study` on its host. */
export async function appReady(page) {
  await page.waitForSelector("nav.top-nav", { timeout: 30000 });
  await page.waitForFunction(
    () => document.querySelector(".study-host")?.dataset.study !== "loading",
    null,
    { timeout: 30000 },
  );
}

/** Playwright's viewport for a page opened without one. */
const DEFAULT_VIEWPORT = { width: 1280, height: 720 };

/** What a journey may have hung on the kept page: listeners of these kinds
 * are removed before the next journey has it. */
const PAGE_EVENTS = ["console", "pageerror", "dialog", "download", "popup", "request", "response", "requestfailed", "worker", "frameattached", "framenavigated"];

/** The server, the browser and the kept page, shared by every test file
 * that runs in this process (see `useSuite`). */
let shared = null;

/**
 * Serves dist/ and launches Chromium before a test file's tests, and stops
 * both after the last file of the process is done. The returned object's
 * `server` and `browser` are set once the tests run.
 *
 * Test files that run in one process (`journeys.mjs` imports them all) share
 * one server, one browser and one kept page: the last file's `after` closes
 * them. Each file run alone as its own process started Node, Playwright and
 * Chromium and compiled the page's wasm cold, about 3 core-seconds a file
 * (`harness.test.js` alone, 5 runs: 20 core-seconds).
 *
 * `suite.page({ viewport, reducedMotion })` is the page a journey runs in.
 * A new browser context for each journey cost the machine 1.4–1.7
 * core-seconds (a renderer started, the page's wasm compiled cold), against
 * 0.45–0.5 for a fresh load in a page kept open (`context-cost.mjs`, idle
 * 2-core machine); the untimed journeys took 263 core-seconds and 175 s
 * with a context each, 210 and 147 s so (one run each). So the suite keeps one
 * context and one page and hands that page to each journey as new: on a
 * blank document, with the site's storage cleared (local storage, IndexedDB,
 * the service worker and its caches), without the listeners and routes an
 * earlier journey hung on it, online, at the viewport and motion asked for.
 * The browser's HTTP cache is kept, as a returning visitor's is. The kept
 * page runs without the service worker: installed afresh after each
 * clearing, it cost every load about 0.35 core-seconds more (0.74–0.88
 * against 0.38–0.53, loads to the play form), and more when it kept the
 * worker's and the study module's megabytes. A journey that needs a context
 * of its own (the service worker and offline use, touch, permissions, a
 * second tab, a first visit) opens one with `suite.browser`.
 */
export function useSuite() {
  const suite = { server: null, browser: null };
  suite.page = async ({ viewport = DEFAULT_VIEWPORT, reducedMotion = null } = {}) => {
    if (shared.kept === null) {
      const context = await suite.browser.newContext({ viewport, serviceWorkers: "block" });
      const page = await context.newPage();
      shared.kept = { context, page, cdp: await context.newCDPSession(page) };
    }
    const { context, page, cdp } = shared.kept;
    for (const event of PAGE_EVENTS) page.removeAllListeners(event);
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await context.unrouteAll({ behavior: "ignoreErrors" });
    await context.setOffline(false);
    await page.goto("about:blank");
    await cdp.send("Storage.clearDataForOrigin", { origin: new URL(suite.server.url).origin, storageTypes: "all" });
    await page.setViewportSize(viewport);
    await page.emulateMedia({ reducedMotion });
    return page;
  };
  before(async () => {
    if (shared === null) {
      const started = (async () => {
        await mkdir(SHOTS, { recursive: true });
        const server = await serveDist();
        return { server, browser: await launch() };
      })();
      shared = { files: 0, started, kept: null };
    }
    shared.files += 1;
    Object.assign(suite, await shared.started);
  });
  after(async () => {
    shared.files -= 1;
    if (shared.files > 0) return;
    const { started } = shared;
    shared = null;
    const { server, browser } = await started;
    await browser.close();
    await server.close();
  });
  return suite;
}

/** After a hot-seat move the mover still sees their board until they press
 * "Pass to …": press it when it is shown (then the curtain is down). */
export async function passIfAsked(page) {
  await page.waitForSelector('[data-testid="pass"], [data-testid="curtain"], [data-testid="outcome"]');
  if (await page.locator('[data-testid="pass"]').count()) await page.click('[data-testid="pass"]');
}

/** How long a journey waits for a state the page publishes after work in
 * the worker (the computer's answer, a solver's result). Only a safety net:
 * waits are for states, so this length never decides a result, and it is
 * generous because a brand-new 2-core machine compiles the worker's wasm
 * slowly. */
export const WORKER_WAIT = 120000;

/**
 * Waits until `predicate`, run in the page, returns a true value; it may be
 * async (a look into the caches). Playwright's `waitForFunction` takes the
 * promise an async predicate returns for a true value and returns at once,
 * so it cannot wait for such a state; this polls `page.evaluate`, which
 * awaits it.
 */
export async function untilInPage(page, predicate, { timeout = WORKER_WAIT } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (await page.evaluate(predicate)) return;
    if (Date.now() > deadline) throw new Error(`waited ${timeout} ms in vain for ${predicate}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until the service worker controls the page and has finished
 * activating (its precache and the lazy files it keeps are in the cache). */
export async function serviceWorkerActive(page) {
  await untilInPage(page, async () => {
    const registration = await navigator.serviceWorker?.ready;
    return registration?.active?.state === "activated" && navigator.serviceWorker.controller !== null;
  });
}

/** The attempts the game has seen, as its turn line publishes them. */
export async function attemptsMade(page) {
  return Number(await page.getAttribute('[data-testid="turn"]', "data-attempts"));
}

/**
 * Waits until it is `who`'s turn after more than `after` attempts, with no
 * computer thinking, or until the game is over (the outcome or the replay
 * is shown). `after` is what `attemptsMade` said before the caller acted,
 * so an old "… to move" drawn before the action is never taken for the new.
 */
export async function turnOf(page, who, after = -1) {
  await page.waitForFunction(
    ([who, after]) => {
      if (document.querySelector('[data-testid="outcome"], [data-testid="replay-slider"]')) return true;
      const turn = document.querySelector('[data-testid="turn"]');
      return (
        turn !== null &&
        !turn.hasAttribute("data-computer") &&
        Number(turn.dataset.attempts) > after &&
        turn.textContent === `${who} to move`
      );
    },
    [who, after],
    { timeout: WORKER_WAIT },
  );
}

/** A puzzle page: waits until the umpire has answered (no job under way)
 * and returns the status line. */
export async function settled(page) {
  await page.waitForFunction(
    () => {
      const s = document.querySelector("[data-testid='puzzle-status']");
      return s && !/answering|Setting up/.test(s.textContent) && !document.querySelector("[data-testid='progress']");
    },
    null,
    { timeout: WORKER_WAIT }
  );
  return page.locator("[data-testid='puzzle-status']").textContent();
}

/**
 * Starts a stopwatch in `page` between a click on `clicked` (or now, when
 * `clicked` is null) and the first moment `shown` is in the document, both
 * read by the page's own clock: Playwright's own checks and waits on a
 * loaded machine add tenths of a second to a wall time taken from outside.
 * Returns a function that resolves to the milliseconds once `shown` is
 * there.
 */
export async function pageStopwatch(page, clicked, shown) {
  await page.evaluate(([clicked, shown]) => {
    const watch = (window.__fogboundStopwatch = clicked ? {} : { start: performance.now() });
    document.addEventListener("click", (e) => {
      if (watch.start === undefined && e.target.closest?.(clicked)) watch.start = performance.now();
    }, true);
    new MutationObserver((_, observer) => {
      if (watch.start !== undefined && document.querySelector(shown)) {
        watch.end = performance.now();
        observer.disconnect();
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  }, [clicked, shown]);
  return async () => {
    await page.waitForFunction(() => window.__fogboundStopwatch.end !== undefined, null, { timeout: 3600000 });
    return page.evaluate(() => window.__fogboundStopwatch.end - window.__fogboundStopwatch.start);
  };
}
