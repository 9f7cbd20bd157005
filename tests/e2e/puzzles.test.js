// Puzzles: the collection, a posted link played to the end against the
// umpire that fights back, a wrong try and its refutation, the solver's
// verdict and key (Rotenberg from scratch, giving way to an attempt while
// it tests cooks), and a puzzle built in the editor opened from its link.
import { test } from "node:test";
import assert from "node:assert/strict";
import { watchErrors, appReady, SHOTS, useSuite, WORKER_WAIT, settled } from "./harness.js";

const suite = useSuite();

const SPECKMANN = {
  fen: "8/6P1/8/8/8/2K5/8/1kN5 w - - 0 1",
  goal: "mate",
  moves: 2,
  rules: "english",
};

/** Types an attempt into the solve page's box. */
async function tryText(page, text) {
  await page.fill("[data-testid='puzzle-typed']", text);
  await page.press("[data-testid='puzzle-typed']", "Enter");
  return settled(page);
}

for (const [name, viewport] of [
  ["desktop", { width: 1280, height: 900 }],
  ["phone", { width: 390, height: 844 }],
]) {
  test(`a posted puzzle link is solved against the umpire; a wrong try is refuted (${name})`, async () => {
    const page = await suite.page({ viewport });
    const errors = watchErrors(page);

    // The collection: every entry with its stipulation and source.
    await page.goto(suite.server.url + "#/puzzles");
    await appReady(page);
    const cards = page.locator("[data-testid='puzzle-card']");
    await cards.first().waitFor();
    assert.ok((await cards.count()) >= 8, "the collection lists its puzzles");
    assert.match(await page.locator("[data-id='rotenberg-1976']").textContent(), /mates in 8.*Rotenberg.*Problemist, 1976/s);
    if (name === "phone") await page.screenshot({ path: `${SHOTS}puzzles-collection-${name}.png`, fullPage: true });

    // A link written by hand: the JSON itself, URL-encoded.
    await page.goto(suite.server.url + "#/puzzle?json=" + encodeURIComponent(JSON.stringify(SPECKMANN)));
    assert.match(await settled(page), /White to play: 2 moves left/);
    assert.match(await page.locator("[data-testid='puzzle-stipulation']").textContent(), /White mates in 2 moves/);
    // The attempt box: styled like the game's, its help a neutral sentence
    // that names no move (it once gave Rotenberg's key away in every puzzle).
    const box = page.locator("[data-testid='puzzle-typed']");
    assert.equal(await box.getAttribute("placeholder"), null);
    const help = await page.locator("#puzzle-typed-help").textContent();
    assert.doesNotMatch(help, /[KQRBN]?[a-h][1-8]/, help);
    const boxWidth = await box.evaluate((el) => el.getBoundingClientRect().width);
    assert.ok(boxWidth >= 150, `the attempt box is ${boxWidth}px wide`);
    // 1.g8=Q: typed without the man ("g8"), the picker asks for it, as on
    // the board (the pawn, its square, then the man).
    if (name === "phone") {
      await page.fill("[data-testid='puzzle-typed']", "g8");
      await page.press("[data-testid='puzzle-typed']", "Enter");
    } else {
      await page.click("[data-square='g7']");
      await page.click("[data-square='g8']");
    }
    await page.getByRole("button", { name: "Queen" }).click();
    assert.match(await settled(page), /1 move left/);
    const log = await page.locator("[data-testid='puzzle-log']").textContent();
    assert.match(log, /g8=Q/);
    // The umpire said whether the king took the knight: the mate that fits.
    const status = await tryText(page, /c1/.test(log) ? "Qg1" : "Qa2");
    assert.match(status, /Solved!/);
    assert.match(await page.locator("[data-testid='puzzle-refutation']").textContent(), /The game the umpire kept: 1\.g8=Q/);
    await page.screenshot({ path: `${SHOTS}puzzle-solved-${name}.png`, fullPage: true });

    // The solver: sound, key g8=Q, and its proof by the umpire's words.
    await page.click("[data-testid='puzzle-solve']");
    await page.waitForSelector("[data-testid='puzzle-verdict']", { timeout: WORKER_WAIT });
    assert.equal(await page.locator("[data-testid='puzzle-verdict']").getAttribute("data-verdict"), "solved");
    assert.equal((await page.locator("[data-testid='puzzle-key']").textContent()).trim(), "g8=Q");
    assert.match(await page.locator("[data-testid='puzzle-tree']").textContent(), /Capture at c1/);

    // The collection marks it solved.
    await page.goto(suite.server.url + "#/puzzles");
    await page.locator("[data-id='speckmann-dsz-1975'][data-solved='true']").waitFor();

    // Rotenberg's mate in 8: 1.Ra1?? — the bishop stood on a1 all along.
    await page.click("[data-id='rotenberg-1976'] a");
    assert.match(await settled(page), /8 moves left/);
    assert.equal(await page.locator("[data-testid='puzzle-placements']").getAttribute("data-count"), "30");
    await page.click("[data-testid='puzzle-where']");
    assert.match(await page.locator("[data-testid='puzzle-starts']").textContent(), /a1, .*h8/);
    assert.ok((await page.locator("[data-belief]").count()) > 0, "where the bishop may be is tinted");
    if (name === "desktop") await page.screenshot({ path: `${SHOTS}puzzle-where-${name}.png`, fullPage: true });
    await page.click("[data-square='a2']");
    await page.click("[data-square='a1']");
    assert.match(await settled(page), /Failed: Black is stalemated/);
    assert.match(await page.locator("[data-testid='puzzle-story']").textContent(), /bishop stood on a1 from the start.*1\.Rxa1/);
    // The log writes the capture as the story does.
    assert.match(await page.locator("[data-testid='puzzle-log']").textContent(), /1\. Rxa1/);
    // The fog is lifted: the bishop's capture is on the board.
    assert.equal(await page.locator("[data-piece='bB']").count(), 0);
    await page.screenshot({ path: `${SHOTS}puzzle-refuted-${name}.png`, fullPage: true });
    await page.click("[data-testid='puzzle-show-solution']");
    assert.match(await page.locator("[data-testid='puzzle-published']").textContent(), /1\.Rg2!/);
    await page.click("[data-testid='puzzle-retry']");
    assert.match(await settled(page), /8 moves left/);

    // 1.Rxh2+? Bxh2 (or Kxh2): the umpire's search proves at once that no
    // line mates in the 7 moves left; the refutation and Retry are offered
    // without playing the moves out.
    assert.match(await tryText(page, "Rxh2"), /Failed: .*no line reaches the goal in the 7 moves left/);
    assert.match(await page.locator("[data-testid='puzzle-story']").textContent(), /1\.Rxh2\+/);
    assert.match(await page.locator("[data-testid='puzzle-lost']").textContent(), /placements? of the hidden men fit/);
    assert.equal(await page.locator("[data-testid='puzzle-typed']").count(), 0, "no attempt box in a lost game");
    await page.screenshot({ path: `${SHOTS}puzzle-lost-${name}.png`, fullPage: true });
    await page.click("[data-testid='puzzle-retry']");
    assert.match(await settled(page), /8 moves left/);

    // 1.Ke1? takes nothing and gives no check: the umpire's answer, within
    // its budget, cannot yet tell that it is lost. Its second look, while
    // White thinks (in a worker of its own), proves that no line mates in
    // the 7 moves left and says so long before the moves run out. The wait
    // is for the page's word, however long a loaded machine takes.
    assert.match(await tryText(page, "Ke1"), /7 moves left|no line reaches the goal/);
    await page
      .locator("[data-testid='puzzle-status']", { hasText: /Failed: .*no line reaches the goal in the 7 moves left/ })
      .waitFor({ timeout: WORKER_WAIT });
    assert.equal(await page.locator("[data-testid='puzzle-status']").getAttribute("data-judging"), "false");
    assert.equal(await page.locator("[data-testid='puzzle-judging']").count(), 0);
    assert.match(await page.locator("[data-testid='puzzle-story']").textContent(), /1\.Ke1/);
    assert.match(await page.locator("[data-testid='puzzle-lost']").textContent(), /placements? of the hidden men fit/);
    assert.equal(await page.locator("[data-testid='puzzle-typed']").count(), 0, "no attempt box in a lost game");
    if (name === "phone") await page.screenshot({ path: `${SHOTS}puzzle-judged-lost-${name}.png`, fullPage: true });
    await page.click("[data-testid='puzzle-retry']");
    assert.match(await settled(page), /8 moves left/);

    // A reload keeps the progress: a try refused in every placement (the
    // black king guards g1), then reload.
    await tryText(page, "Kg1");
    const before = await page.locator("[data-testid='puzzle-log']").textContent();
    await page.reload();
    await appReady(page);
    await settled(page);
    assert.equal(await page.locator("[data-testid='puzzle-log']").textContent(), before);

    // A bad link says what is wrong.
    await page.goto(suite.server.url + "#/puzzle?p=not-a-code");
    assert.match(await page.locator("[data-testid='puzzle-error']").textContent(), /does not open a puzzle/);

    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= viewport.width + 1, `the page is ${width} px wide on a ${viewport.width} px screen`);
    assert.deepEqual(errors, []);
  });
}

test("the solver shows Rotenberg's key and proof first, then gives way to an attempt", async () => {
  const page = await suite.page({ viewport: { width: 1280, height: 900 } });
  const errors = watchErrors(page);
  await page.goto(suite.server.url + "#/puzzle?id=rotenberg-1976");
  await appReady(page);
  assert.match(await settled(page), /8 moves left/);
  // From scratch: the key and its tree, then every other first move.
  await page.click("[data-testid='puzzle-solve']");
  await page.waitForSelector("[data-testid='puzzle-verdict'][data-verdict='solved']", { timeout: WORKER_WAIT });
  assert.equal((await page.locator("[data-testid='puzzle-key']").textContent()).trim(), "Rg2");
  const tree = await page.locator("[data-testid='puzzle-tree']").textContent();
  assert.match(tree, /1\. Rg2.*Illegal.*1\. N(x)?f2.*2\. Rg8/s);
  assert.match(await page.locator("[data-testid='puzzle-cooks']").textContent(), /being tested/);
  // An attempt meanwhile: the umpire answers, the cooks pass is dropped.
  await page.fill("[data-testid='puzzle-typed']", "Rg2");
  await page.press("[data-testid='puzzle-typed']", "Enter");
  assert.match(await settled(page), /8 moves left|7 moves left/);
  assert.match(await page.locator("[data-testid='puzzle-log']").textContent(), /Rg2/);
  assert.match(await page.locator("[data-testid='puzzle-cooks']").textContent(), /not all first moves were decided/);
  assert.deepEqual(errors, []);
});

test("a puzzle built in the editor is checked, published and opened from its link", async () => {
  const page = await suite.page({ viewport: { width: 1280, height: 900 } });
  const errors = watchErrors(page);
  await page.goto(suite.server.url + "#/puzzles/editor");
  await appReady(page);
  // The first puzzle: Ra8 mates unless the bishop, on c1 or g2, guards a8.
  assert.match(await page.locator("[data-testid='editor-status']").textContent(), /2 ways/);
  await page.click("[data-testid='puzzle-solve']");
  await page.waitForSelector("[data-testid='puzzle-verdict']", { timeout: WORKER_WAIT });
  assert.equal(await page.locator("[data-testid='puzzle-verdict']").getAttribute("data-verdict"), "refuted");
  // Take g2 off the bishop's squares: now it is sound.
  await page.click("[data-testid='editor-mark']");
  await page.click("[data-square='g2']");
  assert.match(await page.locator("[data-testid='editor-status']").textContent(), /1 way only/);
  await page.fill("[data-testid='editor-title']", "A rook's mate in the fog");
  await page.press("[data-testid='editor-title']", "Tab");
  await page.click("[data-testid='puzzle-solve']");
  await page.waitForSelector("[data-testid='puzzle-verdict'][data-verdict='solved']", { timeout: WORKER_WAIT });
  assert.match(await page.locator("[data-testid='puzzle-verdict']").textContent(), /unique key: Ra8/);
  await page.screenshot({ path: `${SHOTS}puzzle-editor-desktop.png`, fullPage: true });

  // Its link opens straight into solve mode.
  await page.click("[data-testid='editor-link']");
  assert.match(await settled(page), /1 move left/);
  assert.match(await page.locator("h1").textContent(), /A rook's mate in the fog/);
  assert.match(await tryText(page, "Ra8"), /Solved!/);
  assert.deepEqual(errors, []);
});

for (const [name, viewport] of [
  ["desktop", { width: 1280, height: 800 }],
  ["phone", { width: 390, height: 844 }],
]) {
  test(`the editor clears the board with or without the hidden men and says what a puzzle hides (${name})`, async () => {
    const page = await suite.page({ viewport });
    const errors = watchErrors(page);
    await page.goto(suite.server.url + "#/puzzles/editor");
    await appReady(page);
    assert.match(await page.locator("[data-testid='editor-status']").textContent(), /fog puzzle: the hidden men can stand in 2 ways/);
    // Clearing the board keeps the hidden man; the puzzle then lacks kings.
    await page.click("[data-testid='editor-clear-board']");
    assert.equal(await page.locator("[data-square] [data-piece]").count(), 0);
    assert.equal(await page.locator("[data-testid='editor-hidden']").count(), 1);
    assert.match(await page.locator("[data-testid='editor-error']").textContent(), /Not a puzzle yet/);
    // Clearing everything, then two kings and a rook: nothing hidden, an
    // ordinary problem played under the umpire, not "1 way".
    await page.click("[data-testid='editor-clear-all']");
    assert.equal(await page.locator("[data-testid='editor-hidden']").count(), 0);
    const place = async (man, square) => {
      await page.click(`[data-testid='editor-man-${man}']`);
      await page.click(`[data-square='${square}']`);
    };
    await place("bK", "h8");
    await place("wK", "f7");
    await place("wR", "a1");
    const status = await page.locator("[data-testid='editor-status']").textContent();
    assert.match(status, /nothing hidden: an ordinary problem played under the umpire/);
    assert.doesNotMatch(status, /1 way/);
    await page.screenshot({ path: `${SHOTS}puzzle-editor-nothing-hidden-${name}.png`, fullPage: true });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= viewport.width + 1, `the page is ${width} px wide on a ${viewport.width} px screen`);
    assert.deepEqual(errors, []);
  });
}
