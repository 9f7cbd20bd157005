// After the game: a Fog of War game played through the curtain to the end,
// then the replay stepped through with the keyboard in each view (audited
// ply by ply against the test's own copy of the game), PGN export and
// import, the share link in a fresh browser; the saved-games list across a
// reload, with a deletion; and a corrupt save downloaded and discarded.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { watchErrors, appReady, SHOTS, useSuite, passIfAsked } from "./harness.js";
import { START, visibleTo } from "./fog.js";

const suite = useSuite();

const LINE = [["e2", "e4"], ["f7", "f6"], ["d1", "h5"], ["a7", "a6"], ["h5", "e8"]];

/** The true board after each ply of LINE, the start first. */
function boards() {
  const out = [{ ...START }];
  for (const [from, to] of LINE) {
    const b = { ...out[out.length - 1] };
    b[to] = b[from];
    delete b[from];
    out.push(b);
  }
  return out;
}

async function shown(page) {
  return page.evaluate(() => {
    const pieces = {};
    const fog = [];
    for (const g of document.querySelectorAll("[data-square]")) {
      const p = g.querySelector("[data-piece]");
      if (p) pieces[g.dataset.square] = p.dataset.piece;
      if (g.hasAttribute("data-fog")) fog.push(g.dataset.square);
    }
    return { pieces, fog };
  });
}

async function plyIs(page, k) {
  await page.waitForFunction(
    (k) => document.querySelector('[data-testid="replay-ply"]')?.textContent.startsWith(`Ply ${k} of`),
    k,
  );
}

/** Plays LINE through the curtain; checks no replay exists meanwhile. */
async function playToTheEnd(page) {
  for (const [i, [from, to]] of LINE.entries()) {
    await page.waitForSelector('[data-testid="curtain"]');
    assert.equal(await page.locator('[data-testid="replay-slider"]').count(), 0, "a replay during the game");
    await page.click('[data-testid="reveal"]');
    await page.locator(`[data-square="${from}"]`).click();
    await page.waitForSelector(`[data-square="${to}"] [data-dest]`);
    assert.equal(await page.locator('[data-testid="share-link"]').count(), 0, "a share link during the game");
    await page.locator(`[data-square="${to}"]`).click();
    if (i < LINE.length - 1) {
      await passIfAsked(page);
      await page.waitForSelector('[data-testid="curtain"]');
    }
  }
  await page.waitForSelector('[data-testid="outcome"]');
}

test("the fog lifts: replay in every view by keyboard, PGN out and in, a share link", async () => {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(suite.server.url + "#/play?variant=chess&model=fog&clock=none&mode=hotseat&start=1");
  await appReady(page);
  await playToTheEnd(page);
  assert.ok((await page.textContent('[data-testid="outcome"]')).includes("White wins by capturing the king"));
  await plyIs(page, 5);
  await page.screenshot({ path: `${SHOTS}after-replay-desktop.png` });

  // Each view, stepped from the end to the start with ←, audited at every ply.
  const truth = boards();
  for (const lens of ["w", "b", "full"]) {
    await page.click(`[data-testid="lens-${lens}"]`);
    await page.locator("body").press("End");
    await plyIs(page, 5);
    for (let k = 5; k >= 0; k--) {
      await plyIs(page, k);
      const view = await shown(page);
      const board = truth[k];
      if (lens === "full") {
        assert.deepEqual(view.pieces, board, `full board at ply ${k}`);
        assert.equal(view.fog.length, 0);
      } else {
        const seen = visibleTo(board, lens);
        for (const [s, code] of Object.entries(board)) {
          const should = code[0] === lens || seen.has(s);
          assert.equal(view.pieces[s] === code, should, `${code} on ${s} at ply ${k} in ${lens}'s view`);
        }
        for (const [s, code] of Object.entries(view.pieces)) assert.equal(board[s], code, `${code} on ${s} at ply ${k}`);
        for (const s of Object.keys(view.pieces)) assert.ok(!view.fog.includes(s));
      }
      // Read at once (the same render drew the ply): at ply 0 no move is
      // current, and a waiting read would sit out its whole timeout.
      const current = await page.evaluate(() => document.querySelector('[data-testid="replay-moves"] [aria-current]')?.dataset.ply ?? null);
      assert.equal(current, k > 0 ? String(k) : null);
      if (k > 0) await page.locator("body").press("ArrowLeft");
    }
    if (lens === "w") await page.screenshot({ path: `${SHOTS}after-replay-white-start-desktop.png` });
    // Home and End jump; → steps.
    await page.locator("body").press("End");
    await plyIs(page, 5);
    await page.locator("body").press("Home");
    await plyIs(page, 0);
    await page.locator("body").press("ArrowRight");
    await plyIs(page, 1);
  }
  // The move list is per view: White never saw 1... f6.
  await page.click('[data-testid="lens-w"]');
  const whiteMoves = await page.textContent('[data-testid="replay-moves"]');
  assert.ok(whiteMoves.includes("e4") && !whiteMoves.includes("f6"), whiteMoves);
  await page.click('[data-testid="replay-moves"] [data-ply="3"]');
  await plyIs(page, 3);
  await page.screenshot({ path: `${SHOTS}after-replay-white-desktop.png` });

  // PGN out: a download and the clipboard.
  const [download] = await Promise.all([page.waitForEvent("download"), page.click('[data-testid="pgn-download"]')]);
  assert.match(download.suggestedFilename(), /^fogbound-chess-fog-\d{4}-\d\d-\d\d\.pgn$/);
  const pgn = await readFile(await download.path(), "utf8");
  assert.ok(pgn.includes('[InformationModel "fog"]') && pgn.includes('[Variant "Fog of War"]') && pgn.includes('[FogboundVariant "chess"]'), pgn);
  assert.ok(!/Qh5\+/.test(pgn), "no check marks in Fog of War");
  assert.ok(pgn.includes("Qxe8") && pgn.includes("1-0"), pgn);
  // Players without names: PGN's unknown mark, read back as no name.
  assert.ok(pgn.includes('[White "?"]') && pgn.includes('[Black "?"]'), pgn);
  // The status line already tells of the download: wait for the copy's own
  // word (success or failure), which comes when the clipboard's promise settles.
  await page.click('[data-testid="pgn-copy"]');
  await page.waitForFunction(() => /copied/.test(document.querySelector('[data-testid="copy-status"]')?.textContent ?? ""));
  const copyStatus = await page.textContent('[data-testid="copy-status"]');
  assert.ok(copyStatus.includes("PGN copied"), copyStatus);
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), pgn);

  // The share link, kept for a fresh browser below.
  const share = await page.getAttribute('[data-testid="share-link"]', "href");
  assert.match(share, /#\/replay\?game=[A-Za-z0-9_-]+$/);

  // PGN in: a bad one is explained; the exported one opens in the replay.
  await page.goto(suite.server.url + "#/games");
  await page.waitForSelector('[data-testid="pgn-text"]');
  await page.fill('[data-testid="pgn-text"]', "1. e4 e5 2. Ke3 *");
  await page.click('[data-testid="pgn-open"]');
  await page.waitForSelector('[data-testid="pgn-error"]');
  assert.ok((await page.textContent('[data-testid="pgn-error"]')).includes("could not be read"));
  await page.fill('[data-testid="pgn-text"]', "");
  await page.setInputFiles('[data-testid="pgn-file"]', {
    name: "game.pgn",
    mimeType: "application/x-chess-pgn",
    buffer: Buffer.from(pgn),
  });
  await page.waitForFunction(() => document.querySelector('[data-testid="pgn-text"]').value.includes("Qxe8"));
  await page.click('[data-testid="pgn-open"]');
  await plyIs(page, 5);
  assert.ok((await page.textContent('[data-testid="outcome"]')).includes("White wins"));
  await page.click('[data-testid="lens-full"]');
  assert.ok((await page.textContent('[data-testid="replay-moves"]')).includes("Qxe8"));
  await page.locator("body").press("Home");
  await plyIs(page, 0);
  // The imported game is kept: it opened from the saved games, survives a
  // reload, and its row says where it came from.
  assert.match(page.url(), /#\/replay\?id=/);
  await page.reload();
  await appReady(page);
  await plyIs(page, 5);
  await page.goto(suite.server.url + "#/games");
  const imported = page.locator('[data-testid="saved-game"]', { hasText: "Imported from PGN" });
  await imported.waitFor();
  // One rule for a missing name: the player's colour, in the list too.
  assert.equal(await imported.locator('[data-testid="saved-players"]').textContent(), "White vs Black");
  assert.match(await imported.locator('[data-testid="saved-date"]').textContent(), /Imported from PGN .* · played \d{4}\.\d\d\.\d\d/);
  await imported.locator('[data-testid="open-replay"]').click();
  await plyIs(page, 5);
  assert.deepEqual(errors, []);
  await context.close();

  // The share link in a fresh browser (no saved games): the same replay.
  for (const [name, viewport] of [["desktop", { width: 1280, height: 800 }], ["phone", { width: 390, height: 844 }]]) {
    const other = await suite.page({ viewport });
    const otherErrors = watchErrors(other);
    await other.goto(share);
    await appReady(other);
    await plyIs(other, 5);
    assert.ok((await other.textContent('[data-testid="outcome"]')).includes("White wins by capturing the king"));
    // The menu lights Saved games, where finished games live, not Play.
    assert.equal(await other.textContent(".nav-links a.current"), "Saved games");
    await other.click('[data-testid="lens-b"]');
    await other.locator("body").press("Home");
    await plyIs(other, 0);
    await other.locator("body").press("ArrowRight");
    await plyIs(other, 1);
    assert.equal(await other.locator('[data-piece^="w"]').count(), 0, "Black saw no white man after 1. e4");
    await other.locator("body").press("ArrowRight");
    await plyIs(other, 2);
    await other.screenshot({ path: `${SHOTS}after-shared-${name}.png`, fullPage: name === "phone" });
    const overflow = await other.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `the replay is ${overflow}px wider than the screen`);
    // A cut link: a clear message, no replay.
    await other.goto(share.slice(0, -5));
    await other.waitForSelector('[data-testid="replay-error"]');
    assert.ok((await other.textContent('[data-testid="replay-error"]')).includes("does not open a game"));
    await other.goto(share.replace("?game=", "?game=%%%"));
    await other.waitForSelector('[data-testid="replay-error"]');
    assert.deepEqual(otherErrors, []);
  }
});

test("two saved games survive a reload; one is deleted; a new game keeps the unfinished one", async () => {
  for (const [name, viewport] of [["desktop", { width: 1280, height: 800 }], ["phone", { width: 390, height: 844 }]]) {
    const page = await suite.page({ viewport });
    const errors = watchErrors(page);
    await page.goto(suite.server.url + "#/play?model=fog&start=1");
    await appReady(page);
    await page.click('[data-testid="reveal"]');
    await page.locator('[data-square="e2"]').click();
    await page.locator('[data-square="e4"]').click();
    await passIfAsked(page);
    await page.waitForSelector('[data-testid="curtain"]');
    // A second game: the first stays.
    await page.goto(suite.server.url + "#/play?model=dark&clock=5+3&names=Ann,Bob&start=1");
    await page.waitForSelector('[data-testid="curtain"]');
    await page.goto(suite.server.url + "#/games");
    await page.waitForSelector('[data-testid="saved-game"]');
    assert.equal(await page.locator('[data-testid="saved-game"]').count(), 2);
    await page.reload();
    await appReady(page);
    await page.waitForSelector('[data-testid="saved-game"]');
    const rows = page.locator('[data-testid="saved-game"]');
    assert.equal(await rows.count(), 2);
    const texts = await rows.allTextContents();
    assert.ok(texts[0].includes("Dark Chess") && texts[0].includes("White to move"), texts[0]);
    assert.equal(await rows.nth(0).locator('[data-testid="saved-players"]').textContent(), "Ann vs Bob");
    assert.ok(texts[1].includes("Fog of War") && texts[1].includes("Black to move") && texts[1].includes("1 ply"), texts[1]);
    await page.screenshot({ path: `${SHOTS}after-games-${name}.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `the list is ${overflow}px wider than the screen`);
    // Delete the Dark Chess game (asked first).
    await rows.nth(0).locator('[data-testid="delete-game"]').click();
    await rows.nth(0).locator('[data-testid="confirm-delete"]').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="saved-game"]').length === 1);
    await page.reload();
    await appReady(page);
    await page.waitForSelector('[data-testid="saved-game"]');
    assert.equal(await page.locator('[data-testid="saved-game"]').count(), 1);
    // Resume the Fog game: behind Black's curtain.
    await page.click('[data-testid="resume-game"]');
    await page.waitForSelector('[data-testid="curtain"]');
    assert.ok((await page.textContent('[data-testid="curtain"]')).includes("Black to move"));
    assert.deepEqual(errors, []);
  }
});

test("a corrupt save: the message, the raw data downloaded, then discarded", async () => {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(suite.server.url + "#/");
  await appReady(page);
  await page.evaluate(() => localStorage.setItem("fogbound.current", "{not json"));
  await page.goto(suite.server.url + "#/play");
  await page.waitForSelector('[data-testid="error-banner"]');
  assert.ok((await page.textContent('[data-testid="error-banner"]')).includes("could not be resumed"));
  await page.waitForSelector('[data-testid="corrupt-save"]');
  await page.screenshot({ path: `${SHOTS}after-corrupt-desktop.png` });
  const [download] = await Promise.all([page.waitForEvent("download"), page.click('[data-testid="corrupt-download"]')]);
  assert.equal(await readFile(await download.path(), "utf8"), "{not json");
  assert.equal(download.suggestedFilename(), "fogbound-corrupt.json");
  // Still there after a reload, on the Saved games page too, until discarded.
  await page.goto(suite.server.url + "#/games");
  await page.waitForSelector('[data-testid="corrupt-save"]');
  await page.click('[data-testid="corrupt-discard"]');
  await page.waitForFunction(() => !document.querySelector('[data-testid="corrupt-save"]'));
  assert.equal(await page.evaluate(() => localStorage.getItem("fogbound.corrupt")), null);
  assert.deepEqual(errors, []);
  await context.close();
});
