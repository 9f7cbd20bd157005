// The solver pages: solve in the worker with progress, reproduce the seed's
// figures in the browser, and play against perfect play.
import { test } from "node:test";
import assert from "node:assert/strict";
import { watchErrors, appReady, SHOTS, useSuite, WORKER_WAIT } from "./harness.js";

const suite = useSuite();

test("KRK 8×8 solves in the browser to the published figures, and a game against perfect play runs", async () => {
  const page = await suite.page({ viewport: { width: 1280, height: 800 } });
  const errors = watchErrors(page);
  await page.goto(suite.server.url + "#/solvers/krk");
  await appReady(page);
  // Before any game the board shows the set-up, not an empty board.
  await page.waitForSelector("[data-square='h8'] [data-piece='bK']");
  assert.equal(await page.locator("[data-piece]").count(), 3);
  await page.click("[data-testid='krk-solve']");
  const results = page.locator("[data-testid='krk-results']");
  await results.waitFor({ timeout: WORKER_WAIT });
  const text = await results.textContent();
  for (const figure of ["175,168", "223,944", "201,700", "22,244"]) {
    assert.ok(text.includes(figure), `missing ${figure} in: ${text}`);
  }
  assert.match(text, /Longest mate \(moves\)1616/);
  assert.equal(await page.locator(".histogram .bar").count() > 10, true);

  // Play the lone king: the computer (rook side) moves first and replies.
  await page.click("[data-testid='krk-play-black']");
  const status = page.locator("[data-testid='krk-status']");
  await page.waitForFunction(() => /Black to move/.test(document.querySelector("[data-testid='krk-status']")?.textContent ?? ""), null, { timeout: WORKER_WAIT });
  assert.equal(await page.locator("[data-piece]").count(), 3);
  // Take the first (best) move twice; the computer answers each time.
  for (let i = 0; i < 2; i++) {
    const before = await page.locator("[data-testid='krk-game'] .note").first().textContent().catch(() => "");
    const moves = page.locator("[data-testid='krk-move']");
    if ((await moves.count()) === 0) break;
    if (i === 0) {
      await moves.first().click();
    } else {
      // The second move by dragging the king on the board.
      const [, from, to] = (await moves.first().textContent()).match(/^[KRk]([a-z]\d+)[-x]([a-z]\d+)$/);
      await dragOnBoard(page, from, to);
    }
    await page.waitForFunction(
      (b) => {
        const s = document.querySelector("[data-testid='krk-status']")?.textContent ?? "";
        const h = document.querySelector("[data-testid='krk-game'] .note")?.textContent ?? "";
        return h !== b && (/Black to move/.test(s) || /Checkmate|draw/i.test(s));
      },
      before,
      { timeout: WORKER_WAIT }
    );
  }
  assert.match(await status.textContent(), /Black to move|Checkmate/);

  // The quadrant strategy, played out exhaustively on 8×8, always mates.
  await page.click("[data-testid='krk-strategy-run']");
  const strategy = page.locator("[data-testid='krk-strategy']");
  await strategy.waitFor({ timeout: WORKER_WAIT });
  const rows = await strategy.textContent();
  assert.match(rows, /longest forced mate16/);
  assert.match(rows, /fails to mate0/);
  await page.screenshot({ path: `${SHOTS}krk-play-desktop.png`, fullPage: true });

  // Another board from the size list: drawn at once, solved on request.
  await page.selectOption("#krk-size", "5");
  await page.waitForFunction(() => document.querySelectorAll("[data-square]").length === 25);
  await page.click("[data-testid='krk-solve']");
  await page.waitForFunction(
    () => /5×5: solved/.test(document.querySelector("[data-testid='krk-results']")?.textContent ?? ""),
    null,
    { timeout: WORKER_WAIT },
  );
  assert.deepEqual(errors, []);
});

test("Fox & Hounds 8×8 reproduces the published row, the fuzz odds, and plays from the opposite position", async () => {
  const page = await suite.page({ viewport: { width: 1280, height: 800 } });
  const errors = watchErrors(page);
  await page.goto(suite.server.url + "#/solvers/fox-hounds");
  await appReady(page);
  assert.equal(await page.locator("[data-piece='hound']").count(), 4);
  assert.equal(await page.locator("[data-square='e8'] [data-piece='fox']").count(), 1);
  await page.click("[data-testid='fox-solve']");
  const ours = page.locator("[data-testid='fox-ours']");
  await ours.waitFor({ timeout: WORKER_WAIT });
  const row = await ours.textContent();
  assert.match(row, /709,868 ✓/);
  assert.match(row, /360552037329667882019232833884/);
  assert.match(row, /Hounds win in 44 ✓/);

  await page.click("[data-testid='fox-fuzz']");
  const odds = page.locator("[data-testid='fox-odds']");
  await odds.waitFor({ timeout: WORKER_WAIT });
  assert.match(await odds.textContent(), /probability 0\.500; the other side from the opposite position: 0\.248/);

  // Play the fox from the seed's opposite position (a fox win in 29 plies), against
  // the AI without fuzz so that its reply is its perfect policy's.
  await page.fill("#fox-p", "0");
  await page.locator(".examples li", { hasText: "opposite position" }).locator("button", { hasText: "as fox" }).click();
  const status = page.locator("[data-testid='fox-status']");
  await page.waitForFunction(() => /Fox to move · with perfect play the fox wins in 29 plies/.test(document.querySelector("[data-testid='fox-status']")?.textContent ?? ""), null, { timeout: WORKER_WAIT });
  // The best move keeps the win one ply shorter; the AI answers. It is
  // played by dragging the fox on the board.
  const [from, to] = (await page.locator("[data-testid='fox-move']").first().textContent()).split("-");
  await dragOnBoard(page, from, to);
  await page.waitForFunction(() => /Fox to move · with perfect play the fox wins in 27 plies/.test(document.querySelector("[data-testid='fox-status']")?.textContent ?? ""), null, { timeout: WORKER_WAIT });
  assert.match(await status.textContent(), /the fox wins in 27 plies/);
  // The FoxBox figures come with a sentence saying what they are.
  assert.match(await page.textContent("[data-testid='fox-game']"), /A FoxBox is a position where the hounds hold the fox/);
  await page.screenshot({ path: `${SHOTS}fox-hounds-play-desktop.png`, fullPage: true });

  // Another board from the size list: drawn at once.
  await page.selectOption("#fox-size", "6");
  await page.waitForFunction(() => document.querySelectorAll("[data-square]").length === 36);
  assert.deepEqual(errors, []);
});

/** Drags the man on `from` to `to` with the mouse. */
async function dragOnBoard(page, from, to) {
  await page.locator("svg.board").scrollIntoViewIfNeeded();
  const at = async (square) => {
    const box = await page.locator(`[data-square="${square}"] rect`).first().boundingBox();
    return [box.x + box.width / 2, box.y + box.height / 2];
  };
  const [ax, ay] = await at(from);
  const [bx, by] = await at(to);
  await page.mouse.move(ax, ay);
  await page.mouse.down();
  await page.mouse.move(bx, by, { steps: 6 });
  await page.mouse.up();
}
