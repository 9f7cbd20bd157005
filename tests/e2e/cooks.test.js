// The cook pass on Rotenberg's mate in 8: after the key and its proof, the
// page tests every other first move, showing the move under test and how
// many of the others are decided; Stop ends it at once and leaves what was
// decided on screen; left alone it ends with "none: the key is unique".
import { test } from "node:test";
import assert from "node:assert/strict";
import { watchErrors, appReady, SHOTS, useSuite, WORKER_WAIT } from "./harness.js";

const suite = useSuite();
const COOKS = "[data-testid='puzzle-cooks']";

/** Opens Rotenberg's mate in 8 and asks the solver: the key, then the cook pass. */
async function solveRotenberg(page) {
  await page.goto(suite.server.url + "#/puzzle?id=rotenberg-1976");
  await appReady(page);
  await page.waitForSelector("[data-testid='puzzle-solve']:not([disabled])", { timeout: WORKER_WAIT });
  await page.click("[data-testid='puzzle-solve']");
  await page.waitForSelector("[data-testid='puzzle-verdict'][data-verdict='solved']", { timeout: WORKER_WAIT });
  assert.equal((await page.locator("[data-testid='puzzle-key']").textContent()).trim(), "Rg2");
}

/** Waits until the cook pass has decided at least `n` first moves. */
async function decided(page, n) {
  await page.waitForFunction(
    (n) => Number(document.querySelector("[data-testid='puzzle-cooks']")?.dataset.decided) >= n,
    n,
    { timeout: WORKER_WAIT },
  );
}

for (const [name, viewport] of [
  ["desktop", { width: 1280, height: 800 }],
  ["phone", { width: 390, height: 844 }],
]) {
  test(`the cook pass shows the move under test and stops at once, keeping what it decided (${name})`, async () => {
    const page = await suite.page({ viewport });
    const errors = watchErrors(page);
    await solveRotenberg(page);
    await decided(page, 1);
    const cooks = page.locator(COOKS);
    assert.equal(await cooks.getAttribute("data-state"), "testing");
    assert.equal(await cooks.getAttribute("data-others"), "35");
    const running = await cooks.textContent();
    assert.match(running, /1\.\S+ being tested/);
    assert.match(running, /\d+ of 35 other first moves decided: all refuted/);
    await cooks.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}cooks-testing-${name}.png` });

    await page.click("[data-testid='puzzle-cooks-stop']");
    await page.waitForSelector(`${COOKS}[data-state='stopped']`);
    const kept = Number(await cooks.getAttribute("data-decided"));
    assert.ok(kept >= 1 && kept < 35, `${kept} decided when stopped`);
    assert.match(
      await cooks.textContent(),
      new RegExp(`not all first moves were decided \\(stopped with ${kept} of 35 decided: all refuted\\)`),
    );
    // The pass's progress and its Stop are gone; the solver may run again.
    assert.equal(await page.locator("[data-testid='progress']").count(), 0);
    assert.equal(await page.locator("[data-testid='puzzle-cooks-stop']").count(), 0);
    assert.equal(await page.locator("[data-testid='puzzle-solve']").isDisabled(), false);
    await cooks.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}cooks-stopped-${name}.png` });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= viewport.width + 1, `the page is ${width} px wide on a ${viewport.width} px screen`);
    // Stop ended the worker and started a fresh one at once: the solver
    // runs again in it and gives the same key.
    await page.evaluate(() => document.querySelector("[data-testid='puzzle-verdict']")?.removeAttribute("data-millis"));
    await page.click("[data-testid='puzzle-solve']");
    await page.waitForSelector("[data-testid='puzzle-verdict'][data-verdict='solved'][data-millis]", { timeout: WORKER_WAIT });
    assert.equal((await page.locator("[data-testid='puzzle-key']").textContent()).trim(), "Rg2");
    assert.deepEqual(errors, []);
  });
}

// Left alone, a pass ends by itself. On a mate in 3 it takes a moment; on
// Rotenberg's mate in 8 it takes the worker 8–9 s of CPU, which is a
// benchmark's figure (`solve-cpu.mjs --cooks`) and the native test
// `rotenberg_has_no_cook`'s verdict, not a journey's wait.
test("left alone, the cook pass decides every other first move of Anderson's mate in 3: none mates", async () => {
  const page = await suite.page({ viewport: { width: 1280, height: 800 } });
  const errors = watchErrors(page);
  await page.goto(suite.server.url + "#/puzzle?id=anderson-1958-mate3");
  await appReady(page);
  await page.waitForSelector("[data-testid='puzzle-solve']:not([disabled])", { timeout: WORKER_WAIT });
  await page.click("[data-testid='puzzle-solve']");
  await page.waitForSelector("[data-testid='puzzle-verdict'][data-verdict='solved']", { timeout: WORKER_WAIT });
  assert.equal((await page.locator("[data-testid='puzzle-key']").textContent()).trim(), "Kc7");
  await page.waitForSelector(`${COOKS}[data-state='done']`, { timeout: WORKER_WAIT });
  const cooks = page.locator(COOKS);
  assert.equal((await cooks.textContent()).trim(), "none: the key is unique");
  assert.equal(await page.locator("[data-testid='progress']").count(), 0);
  assert.equal(await page.locator("[data-testid='puzzle-cooks-stop']").count(), 0);
  assert.deepEqual(errors, []);
});
