// Today's puzzle: the Puzzles page offers a generated problem chosen by the
// UTC date (the same one the set's file gives for today), it opens in solve
// mode and its key and the solver's proof play it to mate against the umpire
// that fights back; "Another" of a chosen difficulty opens a different
// problem of that grade; and with the network gone the page still offers
// today's puzzle.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { watchErrors, appReady, DIST, SHOTS, useSuite, WORKER_WAIT, serviceWorkerActive, settled } from "./harness.js";

const suite = useSuite();

/** Waits until the Puzzles page has read the set of generated problems. */
async function todayReady(page) {
  await page.waitForSelector("[data-testid='today'][data-state='ready']", { timeout: WORKER_WAIT });
}

/** The solver's proof as the page shows it: White's attempt, then for each
 * answer (the umpire's words as the log writes them) the plan after it. */
async function shownProof(page) {
  return page.evaluate(() => {
    const words = (summary) =>
      summary
        .replace(/^“|”$/g, "")
        .replace(/”.*$/, "")
        .replace(/ \(\d+ positions\)$/, "")
        .replace(/ — done$/, "");
    const plan = (el) => ({
      attempt: el.querySelector(":scope > .plan-move").firstChild.textContent.replace(/^\d+\. /, "").trim(),
      answers: [...el.querySelectorAll(":scope > .answers > li")].map((li) => {
        const details = li.querySelector(":scope > details");
        if (!details) return { words: words(li.textContent.trim()), then: null };
        return {
          words: words(details.querySelector(":scope > summary").textContent.trim()),
          then: plan(details.querySelector(":scope > .plan")),
        };
      }),
    });
    return plan(document.querySelector("[data-testid='puzzle-tree'] > .plan"));
  });
}

/** Plays the proof against the umpire until the puzzle is solved. */
async function playToMate(page, proof) {
  let plan = proof;
  for (let guard = 0; guard < 12; guard++) {
    await page.fill("[data-testid='puzzle-typed']", plan.attempt);
    await page.press("[data-testid='puzzle-typed']", "Enter");
    const status = await settled(page);
    if (/Solved!/.test(status)) return status;
    assert.doesNotMatch(status, /Failed/, `the proof's move ${plan.attempt} failed`);
    const said = (await page.locator("[data-testid='puzzle-log'] li:last-child .value").textContent()).trim();
    const answer = plan.answers.find((a) => a.words === said);
    assert.ok(answer?.then, `the proof answers "${said}" (it has ${plan.answers.map((a) => a.words).join(" | ")})`);
    plan = answer.then;
  }
  assert.fail("no mate within twelve attempts");
}

test("today's puzzle is played to mate; another of a chosen difficulty; today's puzzle offline", async () => {
  const set = JSON.parse(await readFile(DIST + "puzzles/generated.json", "utf8")).entries;
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(suite.server.url + "#/puzzles");
  await appReady(page);
  await todayReady(page);

  // Today's: the set's entry for this UTC day (the page's clock).
  const now = await page.evaluate(() => Date.now());
  const expected = set[Math.floor(now / 86400000) % set.length];
  const card = page.locator("[data-testid='today-puzzle']");
  assert.equal(await card.getAttribute("data-id"), expected.id);
  const date = new Date(now).toISOString().slice(0, 10);
  assert.match(await card.textContent(), new RegExp(`Today's puzzle, ${date}.*White mates in ${expected.puzzle.moves} moves`, "s"));
  assert.match(await page.locator("[data-testid='today-note']").textContent(), new RegExp(`${set.length} problems`));
  await page.screenshot({ path: `${SHOTS}puzzles-today-desktop.png` });

  // Opened in solve mode; the solver proves its key; its proof mates.
  await card.click();
  assert.match(await settled(page), new RegExp(`${expected.puzzle.moves} moves left`));
  assert.match(await page.locator("h1").textContent(), new RegExp(`Today's puzzle, ${date}`));
  await page.click("[data-testid='puzzle-solve']");
  await page.waitForSelector("[data-testid='puzzle-verdict'][data-verdict='solved']", { timeout: WORKER_WAIT });
  assert.equal((await page.locator("[data-testid='puzzle-key']").textContent()).trim(), expected.key);
  const proof = await shownProof(page);
  assert.equal(proof.attempt, expected.key);
  assert.match(await playToMate(page, proof), /Solved!/);
  await page.screenshot({ path: `${SHOTS}puzzle-today-solved-desktop.png`, fullPage: true });

  // Another, hard: a different problem, of that grade.
  await page.goto(suite.server.url + "#/puzzles");
  await todayReady(page);
  await page.selectOption("[data-testid='another-grade']", "hard");
  await page.click("[data-testid='another-puzzle']");
  assert.match(await settled(page), /White to play/);
  assert.match(await page.locator("h1").textContent(), /A generated problem \(hard\)/);
  const source = await page.locator(".page").textContent();
  const other = set.find((e) => source.includes(`(${e.id}, hard)`));
  assert.ok(other, "the problem opened names a hard entry of the set");
  assert.notEqual(other.id, expected.id);
  assert.equal(other.grade, "hard");

  // Offline, the Puzzles page still offers today's puzzle.
  await serviceWorkerActive(page);
  await page.goto(suite.server.url + "#/puzzles");
  await todayReady(page);
  await context.setOffline(true);
  await page.reload();
  await appReady(page);
  await todayReady(page);
  assert.equal(await page.locator("[data-testid='today-puzzle']").getAttribute("data-id"), expected.id);
  await context.setOffline(false);

  assert.deepEqual(errors, []);
  await context.close();
});

test("today's puzzle on a phone", async () => {
  const page = await suite.page({ viewport: { width: 390, height: 844 } });
  const errors = watchErrors(page);
  await page.goto(suite.server.url + "#/puzzles");
  await appReady(page);
  await todayReady(page);
  await page.screenshot({ path: `${SHOTS}puzzles-today-phone.png` });
  await page.click("[data-testid='today-puzzle']");
  await settled(page);
  await page.screenshot({ path: `${SHOTS}puzzle-today-phone.png`, fullPage: true });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 391, `the page is ${width} px wide on a 390 px screen`);
  assert.deepEqual(errors, []);
});
