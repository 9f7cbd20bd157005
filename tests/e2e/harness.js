// Shared set-up for the journeys: a static file server over dist/ on a free
// loopback port, and Debian's Chromium driven by playwright-core (which never
// downloads a browser of its own).
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
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

/** Serves dist/ like any plain static file server would. */
export async function serveDist() {
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
      let file = normalize(join(DIST, path));
      if (!file.startsWith(DIST)) throw new Error("outside");
      if ((await stat(file)).isDirectory()) file = join(file, "index.html");
      const body = await readFile(file);
      res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
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

/** Waits until the app has mounted and drawn its navigation. */
export async function appReady(page) {
  await page.waitForSelector("nav.top-nav", { timeout: 30000 });
}

/**
 * Serves dist/ and launches Chromium before a test file's tests, and stops
 * both after them. The returned object's `server` and `browser` are set once
 * the tests run.
 */
export function useSuite() {
  const suite = { server: null, browser: null };
  before(async () => {
    await mkdir(SHOTS, { recursive: true });
    suite.server = await serveDist();
    suite.browser = await launch();
  });
  after(async () => {
    await suite.browser?.close();
    await suite.server?.close();
  });
  return suite;
}

/** After a hot-seat move the mover still sees their board until they press
 * "Pass to …": press it when it is shown (then the curtain is down). */
export async function passIfAsked(page) {
  await page.waitForSelector('[data-testid="pass"], [data-testid="curtain"], [data-testid="outcome"]');
  if (await page.locator('[data-testid="pass"]').count()) await page.click('[data-testid="pass"]');
}
