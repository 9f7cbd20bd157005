// The Fog of War endgame lab offline: a material opened once (K+R+R) gives
// its lines after the network is gone and the page reloaded, and one never
// opened (K+Q) says plainly that it needs the network once. (On a slow
// link: lab-slowlink.test.js, a timed journey.)
import { test } from "node:test";
import assert from "node:assert/strict";
import { labIdle, labVerdict } from "./lab-waits.js";
import { watchErrors, appReady, SHOTS, useSuite, WORKER_WAIT, serviceWorkerActive } from "./harness.js";

const suite = useSuite();
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Waits until the service worker controls the page. */
async function controlled(page) {
  await serviceWorkerActive(page);
}

/** The men each material puts on the board (besides the two kings). */
const MEN = { KRR: ["wR", 2], KQ: ["wQ", 1] };

/** Chooses a material and waits for its first start's verdict (the board
 * shows its men once the page took the choice). */
async function choose(page, material) {
  await page.selectOption("[data-testid='lab-material']", material);
  const [piece, count] = MEN[material];
  await page.waitForFunction(([p, n]) => document.querySelectorAll(`[data-piece='${p}']`).length === n, [piece, count]);
  return labVerdict(page);
}

/** The line's moves as the page lists them. */
async function lineMoves(page) {
  await page.waitForSelector("[data-testid='lab-line']", { timeout: WORKER_WAIT });
  return page.$$eval(".lab-steps li button", (bs) => bs.map((b) => b.textContent));
}

test("a material opened once works offline after a reload; one never opened says it needs the network once", async () => {
  const context = await suite.browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(suite.server.url + "#/");
  await appReady(page);
  await controlled(page);
  await page.goto(suite.server.url + "#/solvers/fog-endgames");
  await appReady(page);
  await labVerdict(page);
  const moves = await choose(page, "KRR");
  assert.ok(moves > 1, "K+R+R wins its first start");
  await page.click("[data-testid='lab-explain']");
  const online = await lineMoves(page);
  assert.equal(online.length, moves);
  // Behind the line: the figures, and the rest of K+R+R's lines.
  await labIdle(page);
  const kept = await page.evaluate(async () => {
    const names = [];
    for (const key of await caches.keys()) {
      for (const r of await (await caches.open(key)).keys()) names.push(r.url.split("/").pop());
    }
    return names.filter((n) => n.endsWith(".fogt"));
  });
  for (let i = 0; i < 8; i++) assert.ok(kept.includes(`krr-8-sighted-lines-${i}.fogt`), `lines ${i} kept: ${kept}`);
  assert.ok(!kept.some((n) => n.startsWith("kq-8-sighted-lines")), "K+Q's lines were never asked for");

  await context.setOffline(true);
  await page.reload();
  await appReady(page);
  await labVerdict(page);
  assert.equal(await choose(page, "KRR"), moves);
  await page.click("[data-testid='lab-explain']");
  assert.deepEqual(await lineMoves(page), online, "the same line offline");
  for (let i = 0; i < moves; i++) await page.click("[data-testid='lab-next']");
  assert.equal(await page.locator("[data-testid='lab-step']").textContent(), `Move ${moves} of ${moves}`);
  assert.match(await page.locator(".lab-steps li").last().textContent(), /captures the king.*taken/);
  await page.screenshot({ path: `${SHOTS}lab-offline-line-desktop.png`, fullPage: true });
  // Another start of K+R+R (the black king on c5): its line is kept too.
  await page.getByRole("button", { name: "Edit the start" }).click();
  await page.locator("[data-testid='lab-tool']").nth(3).click();
  await page.click("[data-square='c5']");
  await page.getByRole("button", { name: "Black king c5" }).waitFor();
  const other = await labVerdict(page);
  assert.ok(other > 1);
  await page.click("[data-testid='lab-explain']");
  assert.equal((await lineMoves(page)).length, other);
  await page.getByRole("button", { name: "Edit the start" }).click();

  // K+Q was never opened: its verdict comes (the starts came with the
  // figures), its line needs the network once, and no progress stays.
  assert.ok((await choose(page, "KQ")) > 1);
  await page.click("[data-testid='lab-explain']");
  const message = page.locator("[data-testid='lab-message']");
  await message.waitFor({ timeout: WORKER_WAIT });
  assert.match(await message.textContent(), /^K\+Q's optimal line needs the network once: .*kq-8-sighted-lines-0\.fogt.*Connect and ask again/);
  await labIdle(page);
  assert.equal(await page.locator("[data-testid='lab-progress']").count(), 0, "no progress line left");
  assert.equal(await page.locator("[data-testid='lab-line']").count(), 0);
  await page.screenshot({ path: `${SHOTS}lab-offline-never-opened-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await message.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}lab-offline-never-opened-phone.png`, fullPage: true });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= PHONE.width + 1, `the page is ${width} px wide on a ${PHONE.width} px screen`);
  // The offline figures and lines on the phone too.
  assert.equal(await choose(page, "KRR"), moves);
  await page.click("[data-testid='lab-explain']");
  assert.deepEqual(await lineMoves(page), online);
  await page.screenshot({ path: `${SHOTS}lab-offline-line-phone.png`, fullPage: true });
  // The message names the file; the browser's own words go nowhere near it.
  assert.deepEqual(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource|NetworkError/.test(e)), []);
  await context.close();
});
