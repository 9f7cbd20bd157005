// Journeys against the computer: a Fog of War game from the new-game form
// as Black against the random mover, which thinks in the worker; after
// every ply the page may show no white man on a square Black cannot see
// and names none anywhere else; a reload resumes the same seats; resigning
// opens the replay. A Kriegspiel game from a link: a refused try, Any?, a
// move, and the computer's answer heard from the umpire.
import { test } from "node:test";
import assert from "node:assert/strict";
import { watchErrors, appReady, SHOTS, useSuite, attemptsMade, turnOf as yourTurn, WORKER_WAIT } from "./harness.js";

const suite = useSuite();

/** Whether the game has ended (the finished game opens in the replay). */
const over = async (page) => (await page.locator('[data-testid="outcome"], [data-testid="replay-slider"]').count()) > 0;

/** The weaker audit a person's view allows (the true game is in the page's
 * wasm memory only): every white man drawn stands on a square Black sees,
 * no square is both fogged and occupied, and no white man is named outside
 * the board's squares. */
async function auditBlacksView(page) {
  const bad = await page.evaluate(() => {
    const out = [];
    for (const g of document.querySelectorAll("[data-square]")) {
      const piece = g.querySelector("[data-piece]");
      if (piece && g.hasAttribute("data-fog")) out.push(`${g.dataset.square}: a man on a fogged square`);
    }
    const all = document.querySelectorAll("[data-piece]").length;
    const onBoard = document.querySelectorAll("[data-square] [data-piece]").length;
    if (all !== onBoard) out.push("a data-piece outside the board");
    const outside = document.body.cloneNode(true);
    outside.querySelector("svg.board")?.remove();
    outside.querySelector('[data-testid="tray"]')?.remove();
    if (/white (pawn|knight|bishop|rook|queen|king)/i.test(outside.innerHTML)) out.push("a white man named off the board");
    return out;
  });
  assert.deepEqual(bad, []);
}

/** Plays one of Black's moves by clicks: the first movable man with a
 * destination, its first destination. */
async function playSomething(page) {
  const men = await page.$$eval('[data-square] [data-piece^="b"]', (els) =>
    els.map((e) => e.closest("[data-square]").dataset.square),
  );
  for (const from of men) {
    await page.locator(`[data-square="${from}"]`).click();
    // The selection is drawn on the next render; a man with no move
    // shows no destination at all.
    await page.waitForSelector(`[data-square="${from}"][aria-selected="true"]`, { timeout: 2000 }).catch(() => null);
    const dests = await page.$$eval("[data-square] [data-dest]", (els) =>
      els.map((e) => e.closest("[data-square]").dataset.square),
    );
    if (dests.length) {
      await page.locator(`[data-square="${dests[0]}"]`).click();
      // A pawn reaching the last rank asks what it becomes.
      if (await page.locator('[data-testid="promotion"]').count()) await page.click('[data-testid="promote-q"]');
      return `${from}${dests[0]}`;
    }
    await page.locator(`[data-square="${from}"]`).click();
  }
  const state = await page.evaluate(() => ({
    turn: document.querySelector('[data-testid="turn"]')?.textContent,
    feedback: document.querySelector('[data-testid="feedback"]')?.textContent,
    outcome: document.querySelector('[data-testid="outcome"]')?.textContent,
    moves: document.querySelector('[data-testid="move-list"]')?.textContent,
    selected: [...document.querySelectorAll('[aria-selected="true"]')].map((e) => e.dataset.square),
  }));
  throw new Error(`Black has no move to click among ${men.join(",")}: ${JSON.stringify(state)}`);
}

for (const [sizeName, viewport] of [
  ["desktop", { width: 1280, height: 800 }],
  ["phone", { width: 390, height: 844 }],
]) {
  test(`a Fog of War game against the random mover from the form, at ${sizeName} size`, async () => {
    const page = await suite.page({ viewport });
    const errors = watchErrors(page);
    await page.goto(suite.server.url + "#/play");
    await appReady(page);
    await page.selectOption("#model", "fog");
    await page.selectOption("#mode", "computer");
    await page.selectOption("#computer", "random");
    await page.selectOption("#side", "black");
    await page.fill('[data-testid="name-black"]', "Zoë");
    const link = await page.textContent('[data-testid="start-link"]');
    assert.ok(link.includes("mode=computer&computer=random&side=black"), link);
    await page.click('[data-testid="start"]');
    // No curtain against the computer; it moves first, in the worker.
    assert.equal(await page.locator('[data-testid="curtain"]').count(), 0);
    await yourTurn(page, "Zoë (Black)");
    assert.equal(await page.locator('[data-testid="offer-draw"]').count(), 0);
    await auditBlacksView(page);
    if (sizeName === "desktop") await page.screenshot({ path: `${SHOTS}computer-fog-desktop.png` });
    for (let i = 0; i < 6; i++) {
      const before = await attemptsMade(page);
      await playSomething(page);
      await auditBlacksView(page);
      if (await over(page)) break;
      await yourTurn(page, "Zoë (Black)", before);
      if (await over(page)) break;
      await auditBlacksView(page);
      if (i === 2) {
        // A reload resumes the same game with the same seats.
        const movesBefore = await page.textContent('[data-testid="move-list"]');
        await page.reload();
        await appReady(page);
        await yourTurn(page, "Zoë (Black)");
        assert.equal(await page.textContent('[data-testid="move-list"]'), movesBefore);
        assert.equal(await page.locator('[data-testid="curtain"]').count(), 0);
      }
    }
    const finished = await over(page);
    if (!finished) {
      const moves = await page.textContent('[data-testid="move-list"]');
      assert.ok(/^1\./.test(moves), moves);
    }
    if (sizeName === "phone") await page.screenshot({ path: `${SHOTS}computer-fog-phone.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `the game is ${overflow}px wider than the screen`);
    // Resigning ends the game; the replay opens with the fog lifted.
    if (!finished) {
      await page.click(".resign summary");
      await page.click('[data-testid="resign"]');
    }
    await page.waitForSelector('[data-testid="replay-slider"]');
    assert.deepEqual(errors, []);
  });
}

test("a Kriegspiel game against the computer from a link: a refused try, Any?, a move, the answer", async () => {
  const page = await suite.page({ viewport: { width: 1280, height: 800 } });
  const errors = watchErrors(page);
  await page.goto(suite.server.url + "#/play?model=kriegspiel&preset=english&mode=computer&computer=random&side=white&start=1");
  await appReady(page);
  await yourTurn(page, "White");
  // Attempts impossible on White's own board never reach the umpire, so
  // Black hears nothing of them: no pawn on e3, a pawn cannot go e2–e5,
  // and the rook's path to a3 is blocked by White's own pawn.
  for (const text of ["e3e4", "e2e5", "a1a3"]) {
    await page.fill('[data-testid="typed-move"]', text);
    await page.click('[data-testid="typed-go"]');
    // The message quotes the text, so it is this attempt's, not the last one's.
    await page.waitForFunction((text) => document.querySelector('[data-testid="typed-error"]')?.textContent.includes(text), text);
    assert.equal(await page.locator('[data-testid="umpire-log"]').count(), 0, `${text} reached the umpire`);
    assert.equal(await attemptsMade(page), 0, `${text} was counted as an attempt`);
  }
  // A try the umpire judges: a pawn capture onto a square White cannot see.
  await page.fill('[data-testid="typed-move"]', "e2d3");
  await page.click('[data-testid="typed-go"]');
  await page.waitForSelector('[data-testid="feedback"]');
  assert.ok((await page.textContent('[data-testid="feedback"]')).includes("Illegal"));
  await page.click('[data-testid="any"]');
  await page.waitForFunction(() => !document.querySelector('[data-testid="any"]'));
  const before = await attemptsMade(page);
  await page.locator('[data-square="e2"]').click();
  await page.locator('[data-square="e4"]').click();
  await yourTurn(page, "White", before + 1);
  const log = await page.textContent('[data-testid="umpire-log"]');
  assert.ok(log.includes("Black has moved"), log);
  const list = await page.textContent('[data-testid="move-list"]');
  assert.ok(list.includes("e4"), list);
  // White sees only White's men.
  assert.equal(await page.locator('[data-square] [data-piece^="b"]').count(), 0);
  await page.screenshot({ path: `${SHOTS}computer-kriegspiel-desktop.png`, fullPage: true });
  assert.deepEqual(errors, []);
});

test("the fog bot is the form's first offer; a hint rings the computer's move and 'Move now' hurries it", async () => {
  const page = await suite.page({ viewport: { width: 390, height: 844 } });
  const errors = watchErrors(page);
  await page.goto(suite.server.url + "#/play?model=fog&mode=computer&side=white");
  await appReady(page);
  // The form offers the bot's default level first and says how each plays.
  assert.equal(await page.inputValue("#computer"), "bot:club");
  await page.selectOption("#computer", "greedy");
  await page.waitForFunction(() => document.querySelector(".new-game, form")?.textContent.includes("Looks one move ahead"));
  await page.selectOption("#computer", "bot:strong");
  assert.ok((await page.getAttribute('[data-testid="start-link"]', "href")).includes("computer=bot%3Astrong") ||
    (await page.getAttribute('[data-testid="start-link"]', "href")).includes("computer=bot:strong"));
  await page.click('[data-testid="start"]');
  await yourTurn(page, "White");
  // A hint: worked out in the worker from White's own view, two squares ringed.
  await page.click('[data-testid="hint"]');
  await page.waitForSelector('[data-testid="hint-text"]:has-text("would try")', { timeout: WORKER_WAIT });
  const ringed = await page.$$eval("[data-hint]", (els) => els.map((e) => e.closest("[data-square]").dataset.square));
  assert.equal(ringed.length, 2, ringed.join());
  // The hint names the move in SAN, as White's own board shows it; the
  // ringed square holding a white man is where it starts.
  const hintText = await page.textContent('[data-testid="hint-text"]');
  const san = hintText.match(/would try ([KQRBN]?[a-h]?[1-8]?x?([a-h][1-8])(=[QRBN])?)\./);
  assert.ok(san, hintText);
  const withMan = async (sq) => (await page.locator(`[data-square="${sq}"] [data-piece^="w"]`).count()) > 0;
  const from = (await withMan(ringed[0])) ? ringed[0] : ringed[1];
  const to = from === ringed[0] ? ringed[1] : ringed[0];
  assert.equal(san[2], to, `${hintText} rings ${ringed.join()}`);
  await page.screenshot({ path: `${SHOTS}computer-hint-phone.png`, fullPage: true });
  // Playing the hinted move; the strong level then thinks, and "Move now" cuts it short.
  const before = await attemptsMade(page);
  await page.locator(`[data-square="${from}"]`).click();
  await page.locator(`[data-square="${to}"]`).click();
  await page.waitForFunction((before) => Number(document.querySelector('[data-testid="turn"]')?.dataset.attempts) > before, before);
  // The page shows how far the search got and holds its best attempt so
  // far; "Move now" plays that at once. Waited for as states: the progress
  // with a best attempt, or the computer's answer, whichever comes first.
  await page.waitForFunction((before) => {
    const turn = document.querySelector('[data-testid="turn"]');
    return Number(turn?.dataset.attempts) > before + 1 || document.querySelector('[data-testid="thinking"][data-best="yes"]') !== null;
  }, before, { timeout: WORKER_WAIT });
  // Read and pressed in one task of the page, so the state read is the
  // state the button is pressed in: the computer may already have answered.
  const thinking = await page.evaluate(() => {
    const turn = document.querySelector('[data-testid="turn"]');
    const progress = document.querySelector('[data-testid="thinking"][data-best="yes"]');
    if (turn.dataset.computer !== "thinking" || progress === null) return null;
    const button = document.querySelector('[data-testid="move-now"]');
    const words = progress.textContent;
    const bar = progress.querySelector("progress");
    button?.click();
    return { text: turn.textContent, button: button !== null, words, bar: bar !== null };
  });
  if (thinking) {
    assert.match(thinking.text, /is thinking/);
    assert.ok(thinking.button, "Move now is offered while the computer thinks");
    assert.ok(thinking.bar, "a bar of the computer's thinking time");
    assert.match(thinking.words, /^depth \d+ · \d+ of \d+ boards?$/);
    // Its best so far is played at once: the button never turns into
    // "Moving…" (the short search asked for when there is no best yet).
    assert.equal(await page.locator('[data-testid="move-now"]:has-text("Moving")').count(), 0);
  } else {
    console.log("# the computer answered before Move now could be pressed");
  }
  await yourTurn(page, "White", before + 1);
  assert.equal(await page.locator("[data-hint]").count(), 0, "the old hint is gone");
  assert.match(await page.textContent('[data-testid="move-list"]'), /1\.\s*\S+\s*\S+/);
  assert.match(await page.textContent("main"), /against Fogbound bot \(strong\)/);
  await page.screenshot({ path: `${SHOTS}computer-bot-phone.png`, fullPage: true });
  // After the game, the replay shows what the bot believed, over Black's view.
  await page.click(".resign summary");
  await page.click('[data-testid="resign"]');
  await page.waitForSelector('[data-testid="replay-slider"]');
  await page.click('[data-testid="belief-run"]');
  await page.waitForSelector('[data-testid="belief-count"]', { timeout: WORKER_WAIT });
  assert.equal(await page.getAttribute('[data-testid="lens-b"]', "aria-pressed"), "true");
  assert.match(await page.textContent('[data-testid="belief-count"]'), /After ply \d+ it kept (\d+ candidate boards|one board)/);
  assert.ok((await page.locator("[data-belief]").count()) > 0, "a tint on hidden squares");
  // Only hidden squares are tinted, and the first ply's belief is exact.
  assert.equal(await page.locator("[data-belief]:not([data-fog] [data-belief])").count(), 0);
  await page.click('[data-testid="first"]');
  await page.waitForSelector('[data-testid="belief-count"]:has-text("one board")');
  await page.click('[data-testid="last"]');
  await page.screenshot({ path: `${SHOTS}computer-belief-phone.png`, fullPage: true });
  assert.deepEqual(errors, []);
});

for (const [sizeName, viewport] of [
  ["desktop", { width: 1280, height: 800 }],
  ["phone", { width: 390, height: 844 }],
]) {
  test(`moves in SAN on both sides, and a typed move refused keeps its text and says why, at ${sizeName} size`, async () => {
    const page = await suite.page({ viewport });
    const errors = watchErrors(page);
    // Fog of War: a move read but impossible on White's board is refused
    // with its reason, and the box keeps the text to correct.
    await page.goto(suite.server.url + "#/play?model=fog&mode=computer&computer=random&side=white&start=1");
    await appReady(page);
    await yourTurn(page, "White");
    await page.fill('[data-testid="typed-move"]', "Qh5");
    await page.click('[data-testid="typed-go"]');
    await page.waitForSelector('[data-testid="typed-error"]');
    assert.equal(
      (await page.textContent('[data-testid="typed-error"]')).trim(),
      "“Qh5” is impossible on your board: your queen on d1 cannot go to h5.",
    );
    assert.equal(await page.inputValue('[data-testid="typed-move"]'), "Qh5");
    await page.screenshot({ path: `${SHOTS}computer-typed-refused-${sizeName}.png`, fullPage: true });

    // The open board: the computer's reply reads in SAN like one's own.
    await page.goto(suite.server.url + "#/play?model=open&mode=computer&computer=random&side=white&start=1");
    await appReady(page);
    await yourTurn(page, "White");
    const before = await attemptsMade(page);
    await page.fill('[data-testid="typed-move"]', "e4");
    await page.press('[data-testid="typed-move"]', "Enter");
    await yourTurn(page, "White", before + 1);
    const plies = await page.locator('[data-testid="move-list"] .ply').allTextContents();
    assert.equal(plies[0], "e4", plies.join());
    assert.match(plies[1], /^([KQRBN][a-h]?[1-8]?x?[a-h][1-8]|[a-h](x[a-h])?[1-8](=[QRBN])?|O-O)\+?$/, `not SAN: ${plies.join()}`);
    await page.screenshot({ path: `${SHOTS}computer-open-san-${sizeName}.png`, fullPage: true });
    assert.deepEqual(errors, []);
  });
}
