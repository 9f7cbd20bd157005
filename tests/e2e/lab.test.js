// The Fog of War endgame lab: a K+R start's verdict, its optimal line step by
// step, Black's escape from a start in the paper's safe space, and every
// material's figures beside the paper's claims, at desktop and phone sizes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { watchErrors, appReady, SHOTS, useSuite, WORKER_WAIT } from "./harness.js";

const suite = useSuite();

/** The verdict once the worker answered: its text and moves (0: not won). */
async function verdict(page) {
  await page.waitForSelector("[data-testid='lab-verdict'][data-moves]", { timeout: WORKER_WAIT });
  const v = page.locator("[data-testid='lab-verdict']");
  return { text: await v.textContent(), moves: Number(await v.getAttribute("data-moves")) };
}

/** Puts the man of tool `index` (the black king is the last) on `square`. */
async function place(page, index, square) {
  await page.locator("[data-testid='lab-tool']").nth(index).click();
  const before = await page.locator("[data-testid='lab-verdict']").getAttribute("data-moves");
  await page.click(`[data-square='${square}']`);
  // The verdict is asked again: wait for the new answer.
  await page.waitForFunction(
    (b) => {
      const v = document.querySelector("[data-testid='lab-verdict']");
      return v && v.hasAttribute("data-moves") && (v.getAttribute("data-moves") !== b || !document.querySelector(".progress"));
    },
    before,
    { timeout: WORKER_WAIT }
  );
}

/** The squares the start map marks won, with their moves. */
async function wonSquares(page) {
  return page.$$eval("[data-testid='lab-start-map'] tr", (rows) =>
    rows.flatMap((row, r) =>
      [...row.querySelectorAll("td")].flatMap((td, f) =>
        td.classList.contains("won") ? [{ square: "abcdefgh"[f] + (8 - r), moves: Number(td.textContent) }] : []
      )
    )
  );
}

for (const [name, viewport] of [
  ["desktop", { width: 1280, height: 900 }],
  ["phone", { width: 390, height: 844 }],
]) {
  test(`the lab gives a K+R start's verdict and steps through its line (${name})`, async () => {
    const page = await suite.page({ viewport });
    const errors = watchErrors(page);
    await page.goto(suite.server.url + "#/solvers/fog-endgames");
    await appReady(page);
    const first = await verdict(page);
    assert.match(first.text, /White (wins|cannot)/);
    assert.equal(await page.locator("[data-piece='wR']").count(), 1);
    assert.equal(await page.locator("[data-piece='bK']").count(), 1);

    // A lost start: the king on e5, inside c3–f6 (Corollary 18).
    const tools = page.locator("[data-testid='lab-tool']");
    assert.equal(await tools.count(), 3);
    await place(page, 2, "e5");
    const lost = await verdict(page);
    assert.equal(lost.moves, 0);
    assert.match(lost.text, /cannot force/);
    // Black's escape: every White move has an answer; follow one.
    await page.click("[data-testid='lab-explain']");
    await page.waitForSelector("[data-testid='lab-escape'] [data-testid='lab-answer']", { timeout: WORKER_WAIT });
    const answer = page.locator("[data-testid='lab-answer']:not([disabled])").first();
    await answer.click();
    await page.waitForSelector("[data-testid='lab-escape-path']");
    await page.waitForSelector("[data-testid='lab-escape'] [data-testid='lab-answer']", { timeout: WORKER_WAIT });
    assert.ok((await page.locator("[data-belief]").count()) > 0, "the king's possible squares are tinted");
    if (name === "desktop") await page.screenshot({ path: `${SHOTS}lab-escape-${name}.png`, fullPage: true });
    await page.getByRole("button", { name: "◀ Take back" }).click();
    await page.getByRole("button", { name: "Edit the start" }).click();

    // A won start from the map of these men: its verdict, then its line.
    await page.waitForSelector("[data-testid='lab-start-map']");
    const won = await wonSquares(page);
    assert.ok(won.length > 0, "some king squares are won with these men");
    const target = won.reduce((a, b) => (b.moves > a.moves ? b : a));
    await place(page, 2, target.square);
    const v = await verdict(page);
    assert.equal(v.moves, target.moves, "the verdict agrees with the map");
    await page.click("[data-testid='lab-explain']");
    await page.waitForSelector("[data-testid='lab-line']", { timeout: WORKER_WAIT });
    const steps = page.locator(".lab-steps li");
    assert.equal(await steps.count(), v.moves);
    await page.click("[data-testid='lab-next']");
    assert.equal(await page.locator("[data-testid='lab-step']").textContent(), `Move 1 of ${v.moves}`);
    if (v.moves > 1) {
      assert.ok((await page.locator("[data-belief]").count()) > 0, "after a move the king may be on tinted squares");
    }
    for (let i = 1; i < v.moves; i++) await page.click("[data-testid='lab-next']");
    assert.match(await steps.last().textContent(), /captures the king.*taken/);
    assert.equal(await page.locator("[data-testid='lab-next']").isDisabled(), true);
    await page.screenshot({ path: `${SHOTS}lab-line-${name}.png`, fullPage: true });

    // The summary: the paper's three claims checked by our figures.
    const summary = page.locator("[data-testid='lab-summary']");
    await summary.waitFor();
    const text = await summary.textContent();
    for (const figure of ["144,508", "50,848", "175,168", "4,162,592"]) {
      assert.ok(text.includes(figure), `missing ${figure} in the summary`);
    }
    assert.equal(await page.locator("[data-testid='lab-agrees']").count(), 3);
    await page.waitForFunction(() => !document.querySelector("[data-testid='lab-summary']").textContent.includes("…"), null, {
      timeout: WORKER_WAIT,
    });
    // The smaller boards arrive last: K+Q and K+R+R win every start there too.
    await page.waitForFunction(() => {
      const t = document.querySelector("[data-testid='lab-boards']")?.textContent ?? "";
      return t.includes("7×7") && !t.includes("…");
    }, null, { timeout: WORKER_WAIT });
    const boards = await page.locator("[data-testid='lab-boards'] tbody tr").count();
    assert.equal(boards, 4);
    assert.match(await page.locator("[data-testid='lab-readings']").textContent(), /no stalemate/);
    await page.screenshot({ path: `${SHOTS}lab-summary-${name}.png`, fullPage: true });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= viewport.width + 1, `the page is ${width} px wide on a ${viewport.width} px screen`);
    assert.deepEqual(errors, []);
  });
}
