// The composer's view: after the solver's key and proof, "Composer's view"
// runs in the worker (its own cook pass first) and lists every first move
// grouped — the key, cooks, tries with their one refutation, moves that
// fail to more, duals. Speckmann's mate in 2: key 1.g8=Q, and 1.g8=R? is
// a try refuted by 1...Ka1 alone (by hand: after 1...Kxc1 2.Rg1#).
import { test } from "node:test";
import assert from "node:assert/strict";
import { watchErrors, appReady, SHOTS, useSuite, WORKER_WAIT } from "./harness.js";

const suite = useSuite();
const VIEW = "[data-testid='puzzle-composer']";

for (const [name, viewport] of [
  ["desktop", { width: 1280, height: 800 }],
  ["phone", { width: 390, height: 844 }],
]) {
  test(`the composer's view names the key and a try with its refutation (${name})`, async () => {
    const page = await suite.page({ viewport });
    const errors = watchErrors(page);
    await page.goto(suite.server.url + "#/puzzle?id=speckmann-dsz-1975");
    await appReady(page);
    await page.waitForSelector("[data-testid='puzzle-solve']:not([disabled])", { timeout: WORKER_WAIT });
    await page.click("[data-testid='puzzle-solve']");
    await page.waitForSelector("[data-testid='puzzle-verdict'][data-verdict='solved']", { timeout: WORKER_WAIT });
    assert.equal(await page.locator(VIEW).getAttribute("data-state"), "idle");
    // It may start while the cook pass runs: it takes that pass over.
    await page.click("[data-testid='puzzle-composer-run']:not([disabled])");
    await page.waitForSelector(`${VIEW}[data-state='done']`, { timeout: WORKER_WAIT });

    assert.equal((await page.locator("[data-testid='puzzle-composer-key']").textContent()).trim(), "g8=Q");
    assert.equal((await page.locator("[data-testid='puzzle-composer-cooks']").textContent()).trim(), "none");
    const rook = page.locator("[data-testid='puzzle-composer-tries'] li[data-move='g8=R']");
    assert.match(await rook.textContent(), /^1\.g8=R\? refuted by Ka1 — “White has moved; Black has moved”$/);
    assert.ok(Number(await page.locator("[data-testid='puzzle-composer-tries']").getAttribute("data-count")) >= 2);
    assert.match(await page.locator("[data-testid='puzzle-composer-fails']").textContent(), /Kd3 \(≥\d+\)/);
    // Its cook pass answered the cooks line too.
    assert.equal((await page.locator("[data-testid='puzzle-cooks']").textContent()).trim(), "none: the key is unique");
    assert.equal(await page.locator("[data-testid='puzzle-composer-stop']").count(), 0);

    await page.locator(VIEW).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}composer-${name}.png` });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= viewport.width + 1, `the page is ${width} px wide on a ${viewport.width} px screen`);
    assert.deepEqual(errors, []);
  });
}

test("the composer's view on Rotenberg's mate in 8 shows its progress and stops at once", async () => {
  const page = await suite.page({ viewport: { width: 1280, height: 800 } });
  const errors = watchErrors(page);
  await page.goto(suite.server.url + "#/puzzle?id=rotenberg-1976");
  await appReady(page);
  await page.waitForSelector("[data-testid='puzzle-solve']:not([disabled])", { timeout: WORKER_WAIT });
  await page.click("[data-testid='puzzle-solve']");
  await page.waitForSelector("[data-testid='puzzle-verdict'][data-verdict='solved']", { timeout: WORKER_WAIT });
  await page.click("[data-testid='puzzle-composer-run']:not([disabled])");
  await page.waitForSelector(`${VIEW}[data-state='running']`);
  // The cook pass it runs first reports on the cooks line.
  await page.waitForFunction(
    () => Number(document.querySelector("[data-testid='puzzle-cooks']")?.dataset.decided) >= 1,
    null,
    { timeout: WORKER_WAIT },
  );
  await page.click("[data-testid='puzzle-composer-stop']");
  await page.waitForSelector(`${VIEW}[data-state='stopped']`);
  assert.match(await page.locator(VIEW).textContent(), /Stopped before it finished/);
  assert.equal(await page.locator("[data-testid='puzzle-cooks']").getAttribute("data-state"), "stopped");
  assert.equal(await page.locator("[data-testid='puzzle-composer-run']").isDisabled(), false);
  assert.deepEqual(errors, []);
});
