// Hot-seat journeys: a Fog of War game through the curtain to a king
// capture, with a reload in the middle, auditing after every ply that the
// DOM holds nothing the viewer may not see; a Kriegspiel view with an
// illegal try and an "Any?"; a game started from the new-game form with
// names and a custom clock, played by typed moves, with ghosts, phantoms
// kept over a reload and a hidden-tab pause; a Dark Chess move into check
// and its red flash. Screenshots at desktop and phone size.
import { test } from "node:test";
import assert from "node:assert/strict";
import { watchErrors, appReady, SHOTS, useSuite } from "./harness.js";
import { START, visibleTo } from "./fog.js";

const SIZES = [
  ["desktop", { width: 1280, height: 800 }],
  ["phone", { width: 390, height: 844 }],
];

const suite = useSuite();

// --- The test's own true position, to audit what each view shows. ---------


/** What the page shows: piece codes by square, fogged squares, and every
 * data-piece anywhere in the document. */
async function shown(page) {
  return page.evaluate(() => {
    const pieces = {};
    const fog = [];
    for (const g of document.querySelectorAll("[data-square]")) {
      const p = g.querySelector("[data-piece]");
      if (p) pieces[g.dataset.square] = p.dataset.piece;
      if (g.hasAttribute("data-fog")) fog.push(g.dataset.square);
    }
    const aid = (attr) => {
      const out = {};
      for (const el of document.querySelectorAll(`[${attr}]`)) {
        const square = el.closest("[data-square]");
        out[square ? square.dataset.square : "outside"] = el.getAttribute(attr);
      }
      return out;
    };
    return {
      pieces,
      fog,
      ghosts: aid("data-ghost"),
      phantoms: aid("data-phantom"),
      allPieces: document.querySelectorAll("[data-piece]").length,
      html: document.documentElement.outerHTML,
      title: document.title,
    };
  });
}

/** What each viewer was shown of the enemy so far ("e5:bP"), for the ghost audit. */
const newMemory = () => ({ w: new Set(), b: new Set() });

/** The audit after every ply: the shown view is exactly the viewer's; ghosts
 * only show enemy men this viewer was once shown, on squares hidden now;
 * phantoms and ghosts never carry data-piece. `who` is the viewer as the
 * page names them (the tab title says whose move it is). */
async function audit(page, board, viewer, memory = newMemory(), who = viewer === "w" ? "White" : "Black", title = `${who} to move`) {
  const view = await shown(page);
  const seen = visibleTo(board, viewer);
  for (const [s, code] of Object.entries(view.pieces)) {
    if (code[0] !== viewer) memory[viewer].add(`${s}:${code}`);
  }
  for (const [s, code] of Object.entries(view.ghosts)) {
    assert.ok(memory[viewer].has(`${s}:${code}`), `${viewer} is shown a ghost ${code} on ${s} it never saw there`);
    assert.ok(view.fog.includes(s), `a ghost on ${s}, which ${viewer} sees`);
    assert.ok(!view.pieces[s], `a ghost over a man on ${s}`);
  }
  for (const [s, code] of Object.entries(view.phantoms)) {
    assert.ok(view.fog.includes(s), `a phantom on ${s}, which ${viewer} sees`);
    assert.notEqual(code[0], viewer, "a phantom of the viewer's own colour");
  }
  assert.equal(view.allPieces, Object.keys(view.pieces).length, "a data-piece outside the board");
  for (const [s, code] of Object.entries(view.pieces)) {
    assert.equal(board[s], code, `${viewer} is shown ${code} on ${s}, which is not there`);
    assert.ok(!view.fog.includes(s), `${s} is fogged yet shows a man`);
  }
  for (const [s, code] of Object.entries(board)) {
    const should = code[0] === viewer || seen.has(s);
    assert.equal(Boolean(view.pieces[s]), should, `${code} on ${s}: shown=${Boolean(view.pieces[s])}, visible=${should} (${viewer}'s view)`);
    if (!should) {
      // The hidden man is nowhere in the markup: no label names it there.
      const name = { P: "pawn", N: "knight", B: "bishop", R: "rook", Q: "queen", K: "king" }[code[1]];
      const colour = code[0] === "w" ? "white" : "black";
      assert.ok(!view.html.includes(`${s}, ${colour} ${name}`), `label of hidden ${code} on ${s}`);
      assert.ok(!view.html.includes(`data-piece="${code}" x`) || Object.values(view.pieces).includes(code));
    }
  }
  assert.equal(view.title, `fogbound — ${title}`);
  assert.ok(!/check|capture/i.test(view.title), view.title);
}

/** After a move the mover still sees their board, with nothing to move,
 * until they pass the device to `next`. With `look` ({ board, side,
 * memory }) the mover's view is audited against the true board first. */
async function passTo(page, next, look) {
  await page.waitForSelector('[data-testid="pass"], [data-testid="curtain"], [data-testid="outcome"]');
  if ((await page.locator('[data-testid="pass"]').count()) === 0) return;
  assert.ok((await page.textContent('[data-testid="pass"]')).includes(`Pass to ${next}`));
  assert.equal(await page.locator("[data-dest]").count(), 0, "a move offered after the move");
  if (look) {
    const who = look.side === "w" ? "White" : "Black";
    await audit(page, look.board, look.side, look.memory, who, `Pass to ${next}`);
  }
  await page.click('[data-testid="pass"]');
}

async function curtainUp(page, next) {
  await passTo(page, next);
  await page.waitForSelector('[data-testid="curtain"]');
  const text = await page.textContent('[data-testid="curtain"]');
  assert.ok(text.includes(`${next} to move`), text);
  const view = await shown(page);
  assert.equal(view.allPieces, 0, "pieces drawn behind the curtain");
  assert.equal(Object.keys(view.pieces).length + view.fog.length, 0, "a board behind the curtain");
  assert.equal(Object.keys(view.ghosts).length + Object.keys(view.phantoms).length, 0, "aids behind the curtain");
  assert.equal(view.title, `fogbound — Pass to ${next}`);
  assert.equal(await page.locator('[data-testid="move-list"]').count(), 0);
}

async function move(page, board, from, to) {
  await page.locator(`[data-square="${from}"]`).click();
  await page.waitForSelector(`[data-square="${to}"] [data-dest]`);
  await page.locator(`[data-square="${to}"]`).click();
  board[to] = board[from];
  delete board[from];
}

test("a Fog of War hot-seat game to a king capture, with a reload", async () => {
  const page = await suite.page({ viewport: { width: 1280, height: 800 } });
  const errors = watchErrors(page);
  await page.goto(suite.server.url + "#/play?variant=chess&model=fog&clock=none&mode=hotseat&start=1");
  await appReady(page);
  await curtainUp(page, "White");
  // The start parameter is dropped, so a reload resumes instead of restarting.
  assert.ok(!page.url().includes("start=1"), page.url());
  await page.screenshot({ path: `${SHOTS}hotseat-curtain-desktop.png` });

  const board = { ...START };
  const memory = newMemory();
  const line = [
    ["w", "e2", "e4"],
    ["b", "f7", "f6"],
    ["w", "d1", "h5"],
    ["b", "a7", "a6"],
    ["w", "h5", "e8"],
  ];
  for (const [i, [side, from, to]] of line.entries()) {
    const name = side === "w" ? "White" : "Black";
    await curtainUp(page, name);
    await page.click('[data-testid="reveal"]');
    await page.waitForSelector("[data-square]");
    await audit(page, board, side, memory);
    if (i === 0) await page.screenshot({ path: `${SHOTS}hotseat-white-desktop.png` });
    if (i === 2) {
      // White never saw Black's f-pawn move: the move list says so.
      const list = await page.textContent('[data-testid="move-list"]');
      assert.ok(list.includes("e4") && !list.includes("f7") && !list.includes("f6"), list);
    }
    await move(page, board, from, to);
    // The mover's look at the new position: exactly what they see now.
    if (i < line.length - 1) await passTo(page, side === "w" ? "Black" : "White", { board, side, memory });
    if (i === 1) {
      // Reload in the middle: the same game, behind White's curtain.
      await page.reload();
      await appReady(page);
      await curtainUp(page, "White");
    }
  }
  await page.waitForSelector('[data-testid="outcome"]');
  const outcome = await page.textContent('[data-testid="outcome"]');
  assert.ok(outcome.includes("White wins"), outcome);
  await page.screenshot({ path: `${SHOTS}hotseat-over-desktop.png` });
  assert.deepEqual(errors, []);
});

for (const [sizeName, viewport] of SIZES) {
  test(`a Kriegspiel view with an illegal try and Any? at ${sizeName} size`, async () => {
    const page = await suite.page({ viewport });
    const errors = watchErrors(page);
    await page.goto(suite.server.url + "#/play?model=kriegspiel&preset=berkeley-any&clock=5+3&start=1");
    await appReady(page);
    await curtainUp(page, "White");
    await page.screenshot({ path: `${SHOTS}hotseat-curtain-${sizeName}.png` });
    await page.click('[data-testid="reveal"]');
    await page.waitForSelector("[data-square]");
    await audit(page, { ...START }, "w");
    if (sizeName === "phone") await page.screenshot({ path: `${SHOTS}hotseat-white-phone.png`, fullPage: true });
    // A pawn capture try onto an empty square: refused, White tries again.
    await page.locator('[data-square="e2"]').click();
    await page.locator('[data-square="d3"]').click();
    await page.waitForSelector('[data-testid="feedback"]');
    assert.equal(await page.locator('[data-testid="curtain"]').count(), 0);
    await page.click('[data-testid="any"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="umpire-log"]')?.children.length >= 2);
    const board = { ...START };
    await move(page, board, "e2", "e4");
    await curtainUp(page, "Black");
    await page.click('[data-testid="reveal"]');
    await page.waitForSelector("[data-square]");
    // Kriegspiel: Black sees only Black's men.
    const view = await shown(page);
    assert.ok(Object.values(view.pieces).every((c) => c[0] === "b"));
    assert.equal(view.fog.length, 48);
    const log = await page.textContent('[data-testid="umpire-log"]');
    assert.ok(log.includes("White has moved") || log.length > 0, log);
    assert.ok(!view.html.includes("e2–e4"), "Black's page names White's move");
    await page.screenshot({ path: `${SHOTS}hotseat-kriegspiel-${sizeName}.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `the game is ${overflow}px wider than the screen`);
    assert.deepEqual(errors, []);
  });
}

test("a corrupt save is reported, kept, and a fresh start offered", async () => {
  const page = await suite.page({ viewport: { width: 1280, height: 800 } });
  const errors = watchErrors(page);
  await page.goto(suite.server.url + "#/");
  await appReady(page);
  await page.evaluate(() => localStorage.setItem("fogbound.current", "{not json"));
  await page.goto(suite.server.url + "#/play");
  await page.waitForSelector('[data-testid="error-banner"]');
  const text = await page.textContent('[data-testid="error-banner"]');
  assert.ok(text.includes("could not be resumed"), text);
  assert.equal(await page.evaluate(() => localStorage.getItem("fogbound.corrupt")), "{not json");
  await page.click('[data-testid="start"]');
  await curtainUp(page, "White");
  assert.deepEqual(errors, []);
});

test("a Dark Chess probe uses the turn and only the prober learns of it", async () => {
  const page = await suite.page({ viewport: { width: 1280, height: 800 } });
  const errors = watchErrors(page);
  await page.goto(suite.server.url + "#/play?model=dark&start=1");
  await appReady(page);
  const board = { ...START };
  for (const [side, from, to] of [["White", "e2", "e4"], ["Black", "a7", "a6"]]) {
    await curtainUp(page, side);
    await page.click('[data-testid="reveal"]');
    await move(page, board, from, to);
  }
  await curtainUp(page, "White");
  await page.click('[data-testid="reveal"]');
  // The knight-route choice is a toggle.
  const before = await page.textContent('[data-testid="route"]');
  await page.click('[data-testid="route"]');
  assert.notEqual(await page.textContent('[data-testid="route"]'), before);
  // e4xd5 with nothing seen on d5: a probe. The turn passes.
  await page.locator('[data-square="e4"]').click();
  await page.locator('[data-square="d5"]').click();
  await curtainUp(page, "Black");
  await page.click('[data-testid="reveal"]');
  await page.waitForSelector("[data-square]");
  assert.equal(await page.locator('[data-testid="feedback"]').count(), 0);
  await move(page, board, "b7", "b6");
  await curtainUp(page, "White");
  await page.click('[data-testid="reveal"]');
  const feedback = await page.textContent('[data-testid="feedback"]');
  assert.ok(feedback.includes("probed d5"), feedback);
  await page.screenshot({ path: `${SHOTS}hotseat-dark-desktop.png` });
  assert.deepEqual(errors, []);
});

test("leaving a game for the form keeps it to resume", async () => {
  const page = await suite.page({ viewport: { width: 1280, height: 800 } });
  const errors = watchErrors(page);
  await page.goto(suite.server.url + "#/play?model=fog&start=1");
  await appReady(page);
  await curtainUp(page, "White");
  await page.click('[data-testid="reveal"]');
  await move(page, { ...START }, "d2", "d4");
  await curtainUp(page, "Black");
  await page.click('[data-testid="new-game"]');
  await page.click('[data-testid="resume"]');
  await curtainUp(page, "Black");
  assert.deepEqual(errors, []);
});

// --- Moving by hand: mouse drag, touch drag, drawn arrows, the keyboard. ----

/** The centre of a square on screen. */
async function centre(page, square) {
  const box = await page.locator(`[data-square="${square}"] rect`).first().boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Presses the mouse on `from`, moves in steps to `to`; `before` runs while
 * the man is still held (for a screenshot), then the button is released. */
async function mouseDrag(page, from, to, { button = "left", before } = {}) {
  const a = await centre(page, from);
  const b = await centre(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down({ button });
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  if (before) await before();
  await page.mouse.up({ button });
}

/** A finger drag through the DevTools protocol: Chromium turns the touch
 * events into pointer events of type "touch", as on a phone. */
async function touchDrag(cdp, page, from, to, { before } = {}) {
  const a = await centre(page, from);
  const b = await centre(page, to);
  const at = (p) => [{ x: Math.round(p.x), y: Math.round(p.y), id: 1 }];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: at(a) });
  for (let i = 1; i <= 6; i++) {
    const p = { x: a.x + ((b.x - a.x) * i) / 6, y: a.y + ((b.y - a.y) * i) / 6 };
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: at(p) });
  }
  if (before) await before();
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

for (const [sizeName, viewport] of SIZES) {
  test(`a Fog of War game played by mouse drag, touch drag and keyboard, with arrows, at ${sizeName} size`, async () => {
    const context = await suite.browser.newContext({ viewport, hasTouch: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const errors = watchErrors(page);
    await page.goto(suite.server.url + "#/play?variant=chess&model=fog&clock=none&start=1");
    await appReady(page);
    const board = { ...START };
    const reveal = async (side, name) => {
      await curtainUp(page, name);
      await page.click('[data-testid="reveal"]');
      await page.waitForSelector("[data-square]");
      await audit(page, board, side);
    };
    const played = (from, to) => {
      board[to] = board[from];
      delete board[from];
    };

    // White draws: an arrow d2-d4 (right-drag), a circle on f3 (right
    // click), a red arrow g1-f3 (Shift + right-drag).
    await reveal("w", "White");
    await mouseDrag(page, "d2", "d4", { button: "right" });
    const f3 = await centre(page, "f3");
    await page.mouse.click(f3.x, f3.y, { button: "right" });
    await page.keyboard.down("Shift");
    await mouseDrag(page, "g1", "f3", { button: "right" });
    await page.keyboard.up("Shift");
    assert.equal(await page.locator('[data-mark="arrow"][data-from="d2"][data-to="d4"]').count(), 1);
    assert.equal(await page.locator('[data-mark="circle"][data-from="f3"]').count(), 1);
    assert.equal(await page.locator('[data-mark="arrow"].brush-red').count(), 1);
    await page.screenshot({ path: `${SHOTS}board-arrows-${sizeName}.png` });
    await audit(page, board, "w");

    // f flips the board; the Flip button flips it back.
    await page.focus("svg.board");
    await page.keyboard.press("f");
    const a1 = await centre(page, "a1");
    const h8 = await centre(page, "h8");
    assert.ok(a1.y < h8.y, "f did not flip the board");
    await page.click('[data-testid="flip"]');
    assert.ok((await centre(page, "a1")).y > (await centre(page, "h8")).y, "the Flip button did not flip back");

    // e2-e4 by mouse drag; the held man follows the pointer.
    await mouseDrag(page, "e2", "e4", {
      before: async () => {
        assert.equal(await page.locator(".drag-float").count(), 1);
        assert.equal(await page.locator("[data-dest]").count(), 2);
        await page.screenshot({ path: `${SHOTS}board-drag-${sizeName}.png` });
      },
    });
    played("e2", "e4");
    await curtainUp(page, "Black");
    assert.equal(await page.locator("[data-mark]").count(), 0);

    // Black: f7-f6 with a finger. White's drawing is gone.
    await reveal("b", "Black");
    assert.equal(await page.locator("[data-mark]").count(), 0, "Black sees White's arrows");
    await touchDrag(cdp, page, "f7", "f6", {
      before: async () => {
        assert.equal(await page.locator(".drag-float").count(), 1);
        if (sizeName === "phone") await page.screenshot({ path: `${SHOTS}board-touch-drag-phone.png` });
      },
    });
    played("f7", "f6");

    // White: Qd1-h5 from the keyboard only: Enter on the reveal button,
    // then the board has the focus (the cursor starts on a1).
    await curtainUp(page, "White");
    await page.focus('[data-testid="reveal"]');
    await page.keyboard.press("Enter");
    await page.waitForSelector("[data-square]");
    await audit(page, board, "w");
    assert.ok(await page.evaluate(() => document.activeElement?.matches("svg.board")), "the board has no focus");
    for (const k of ["ArrowUp", "ArrowRight", "ArrowRight", "ArrowRight", "Enter"]) await page.keyboard.press(k);
    await page.waitForSelector('[data-square="h5"] [data-dest]');
    for (const k of ["ArrowRight", "ArrowRight", "ArrowRight", "ArrowRight", "ArrowUp", "ArrowUp", "ArrowUp", "ArrowUp", "Enter"]) {
      await page.keyboard.press(k);
    }
    played("d1", "h5");

    // Black: a7-a6 by touch; White takes the king by mouse drag.
    await reveal("b", "Black");
    await touchDrag(cdp, page, "a7", "a6");
    played("a7", "a6");
    await reveal("w", "White");
    await mouseDrag(page, "h5", "e8");
    await page.waitForSelector('[data-testid="outcome"]');
    assert.ok((await page.textContent('[data-testid="outcome"]')).includes("White wins"));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `the game is ${overflow}px wider than the screen`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

/** Types a move in the game panel and presses Enter. */
async function typeMove(page, text) {
  await page.fill('[data-testid="typed-move"]', text);
  await page.press('[data-testid="typed-move"]', "Enter");
}

/** Hides or shows the page as a browser does (tab switch, phone locked). */
async function setHidden(page, hidden) {
  await page.evaluate((hidden) => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => (hidden ? "hidden" : "visible") });
    Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
    document.dispatchEvent(new Event("visibilitychange"));
  }, hidden);
}

for (const [sizeName, viewport] of SIZES) {
  test(`a game from the form with names and a custom clock, typed moves, aids and a hidden-tab pause at ${sizeName} size`, async () => {
    const page = await suite.page({ viewport });
    const errors = watchErrors(page);
    await page.goto(suite.server.url + "#/");
    await appReady(page);
    await page.evaluate(() => localStorage.removeItem("fogbound.current"));
    await page.goto(suite.server.url + "#/play");
    await page.waitForSelector('[data-testid="start"]');
    await page.fill('[data-testid="name-white"]', "Ann");
    await page.fill('[data-testid="name-black"]', "Bob");
    await page.selectOption("#clock", "custom");
    await page.fill('[data-testid="clock-minutes"]', "0");
    await page.waitForSelector('[data-testid="clock-error"]');
    assert.ok(await page.isDisabled('[data-testid="start"]'));
    await page.fill('[data-testid="clock-minutes"]', "7");
    await page.fill('[data-testid="clock-increment"]', "5");
    await page.waitForSelector('[data-testid="clock-error"]', { state: "detached" });
    await page.check('[data-testid="handoff-paused"]');
    const link = await page.textContent('[data-testid="start-link"]');
    assert.ok(link.includes("clock=7+5") && link.includes("handoff=paused") && link.includes("names=Ann,Bob"), link);
    await page.screenshot({ path: `${SHOTS}hotseat-dialog-${sizeName}.png`, fullPage: true });
    await page.click('[data-testid="start"]');

    const white = "Ann (White)";
    const black = "Bob (Black)";
    const board = { ...START };
    const memory = newMemory();
    await curtainUp(page, white);
    assert.ok((await page.textContent('[data-testid="curtain"]')).includes(`Pass the device to ${white}`));
    assert.ok((await page.textContent('[data-testid="clock-w"]')).includes("7:00"));
    assert.ok((await page.textContent('[data-testid="clock-b"]')).includes("Bob (Black)"));
    await page.screenshot({ path: `${SHOTS}hotseat-curtain-names-${sizeName}.png`, fullPage: true });

    // 1. Nc3 d5 2. Nb1 h6, typed (with a misprint on the way).
    const line = [["w", "Nc3", "b1", "c3"], ["b", "d5", "d7", "d5"], ["w", "Nb1", "c3", "b1"], ["b", "h6", "h7", "h6"]];
    for (const [side, text, from, to] of line) {
      const who = side === "w" ? white : black;
      await curtainUp(page, who);
      await page.click('[data-testid="reveal"]');
      await page.waitForSelector("[data-square]");
      await audit(page, board, side, memory, who);
      if (side === "b" && from === "d7") {
        await typeMove(page, "Qz9");
        const error = await page.textContent('[data-testid="typed-error"]');
        assert.ok(error.includes("Qz9"), error);
        assert.equal(await page.locator('[data-testid="curtain"]').count(), 0);
      }
      await typeMove(page, text);
      board[to] = board[from];
      delete board[from];
    }
    await curtainUp(page, white);
    await page.click('[data-testid="reveal"]');
    await page.waitForSelector("[data-square]");
    await audit(page, board, "w", memory, white);
    // White saw the pawn on d5 and lost sight of it: its ghost.
    assert.deepEqual((await shown(page)).ghosts, { d5: "bP" });
    // A phantom queen on d8, a phantom knight on g8, one taken off again.
    await page.click('[data-testid="tray-bQ"]');
    await page.locator('[data-square="d8"]').click();
    await page.click('[data-testid="tray-bN"]');
    await page.locator('[data-square="g8"]').click();
    await page.locator('[data-square="f8"]').click();
    await page.locator('[data-square="h8"]').click();
    await page.waitForSelector('[data-square="h8"] [data-phantom="bN"]', { state: "attached" });
    // A right-click with the tool in hand takes one off; so does Remove.
    await page.locator('[data-square="h8"]').click({ button: "right" });
    await page.waitForFunction(() => !document.querySelector('[data-square="h8"] [data-phantom]'));
    await page.click('[data-testid="tray-remove"]');
    await page.locator('[data-square="f8"]').click();
    await page.click('[data-testid="tray-remove"]');
    await page.waitForSelector('[data-testid="tray-remove"][aria-pressed="false"]');
    assert.deepEqual((await shown(page)).phantoms, { d8: "bQ", g8: "bN" });
    await audit(page, board, "w", memory, white);
    await page.locator('[data-square="d8"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}hotseat-aids-${sizeName}.png`, fullPage: sizeName === "phone" });

    // Reload: the phantoms and the ghost come back, behind the curtain first.
    await page.reload();
    await appReady(page);
    await curtainUp(page, white);
    await page.click('[data-testid="reveal"]');
    await page.waitForSelector("[data-square]");
    const back = await shown(page);
    assert.deepEqual(back.phantoms, { d8: "bQ", g8: "bN" });
    assert.deepEqual(back.ghosts, { d5: "bP" });
    await audit(page, board, "w", memory, white);

    // The sound switch is kept in this browser.
    assert.equal(await page.textContent('[data-testid="mute"]'), "Sound: on");
    await page.click('[data-testid="mute"]');
    assert.equal(await page.textContent('[data-testid="mute"]'), "Sound: off");
    assert.equal(await page.getAttribute('[data-testid="mute"]', "aria-pressed"), "true");
    assert.equal(await page.evaluate(() => localStorage.getItem("fogbound.mute")), "1");
    await page.click('[data-testid="mute"]');
    assert.equal(await page.evaluate(() => localStorage.getItem("fogbound.mute")), "0");

    // The page is hidden: the clock stops and the curtain comes down.
    await page.waitForSelector('[data-testid="clock-w"].running');
    await setHidden(page, true);
    await curtainUp(page, white);
    await page.waitForSelector('[data-testid="paused-note"]');
    assert.equal(await page.locator(".clock.running").count(), 0);
    const frozen = await page.textContent('[data-testid="clock-w"]');
    await page.waitForTimeout(1300);
    assert.equal(await page.textContent('[data-testid="clock-w"]'), frozen);
    await setHidden(page, false);
    assert.equal(await page.locator(".clock.running").count(), 0, "the clock waits for the curtain");
    await page.click('[data-testid="reveal"]');
    await page.waitForSelector('[data-testid="clock-w"].running');
    await typeMove(page, "e4");
    await curtainUp(page, black);
    await page.click('[data-testid="reveal"]');
    board.e4 = board.e2;
    delete board.e2;
    // Bob's view: none of Ann's phantoms.
    await audit(page, board, "b", memory, black);
    assert.deepEqual((await shown(page)).phantoms, {});
    assert.deepEqual(errors, []);
  });
}

test("a move the viewer saw slides in, unless the viewer asked for reduced motion", async () => {
  for (const reducedMotion of ["no-preference", "reduce"]) {
    const page = await suite.page({ viewport: { width: 1280, height: 800 }, reducedMotion });
    const errors = watchErrors(page);
    // Open board: Black sees all of White's e2-e4.
    await page.goto(suite.server.url + "#/play?model=open&start=1");
    await appReady(page);
    await page.waitForSelector("[data-square]");
    assert.equal(await page.locator(".slide").count(), 0, "nothing moved yet");
    await mouseDrag(page, "e2", "e4");
    await page.waitForSelector('[data-testid="turn"]:has-text("Black to move")');
    const slide = page.locator('[data-square="e4"] .slide');
    assert.equal(await slide.count(), 1);
    // Black's board is turned: e2 is drawn two rows below e4.
    assert.match(await slide.getAttribute("style"), /--slide-x: 0px; --slide-y: -200px/);
    const animation = await slide.evaluate((e) => getComputedStyle(e).animationName);
    assert.equal(animation, reducedMotion === "reduce" ? "none" : "board-slide");
    assert.deepEqual(errors, []);
  }
  // Fog: Black does not see White's e2-e4, so nothing slides.
  const page = await suite.page({ viewport: { width: 1280, height: 800 } });
  await page.goto(suite.server.url + "#/play?model=fog&start=1");
  await appReady(page);
  await page.click('[data-testid="reveal"]');
  await mouseDrag(page, "e2", "e4");
  await passTo(page, "Black");
  await page.click('[data-testid="reveal"]');
  await page.waitForSelector("[data-square]");
  assert.equal(await page.locator(".slide").count(), 0);
  assert.ok(!(await page.content()).includes("--slide"), "a slide in Black's markup");
});

test("a Dark Chess move into check is refused and the attacker flashes red", async () => {
  const page = await suite.page({ viewport: { width: 1280, height: 800 } });
  const errors = watchErrors(page);
  await page.goto(suite.server.url + "#/play?model=dark&start=1");
  await appReady(page);
  const board = { ...START };
  // 1. e3 e6 2. h3 Bb4: the d2 pawn is pinned.
  for (const [side, from, to] of [["White", "e2", "e3"], ["Black", "e7", "e6"], ["White", "h2", "h3"], ["Black", "f8", "b4"]]) {
    await curtainUp(page, side);
    await page.click('[data-testid="reveal"]');
    await move(page, board, from, to);
  }
  await curtainUp(page, "White");
  await page.click('[data-testid="reveal"]');
  await page.waitForSelector("[data-square]");
  assert.equal(await page.locator("rect.flash").count(), 0);
  // d2-d3 is shown as possible (Dark Chess shows moves into check) …
  await move(page, { ...board }, "d2", "d3");
  // … and refused: the turn stays, the bishop's square flashes red.
  await page.waitForSelector('[data-testid="feedback"]');
  const feedback = await page.textContent('[data-testid="feedback"]');
  assert.ok(feedback.includes("check"), feedback);
  assert.equal(await page.locator('[data-testid="curtain"]').count(), 0);
  assert.equal(await page.locator('[data-square="b4"] rect.flash').count(), 1);
  assert.equal(await page.locator("rect.flash").count(), 1);
  // Drawn red even though b4 is in the fog (the fog rect is painted over it).
  const fill = await page.evaluate(() => {
    const rects = document.querySelectorAll('[data-square="b4"] rect');
    return getComputedStyle(rects[rects.length - 1]).fill;
  });
  assert.equal(fill, "rgb(217, 83, 79)");
  // The flash names a square, not the man: no black piece is drawn.
  assert.equal(await page.locator('[data-piece^="b"]').count(), 0);
  assert.equal(await page.locator('[data-square="d2"] [data-piece="wP"]').count(), 1);
  await page.screenshot({ path: `${SHOTS}hotseat-dark-flash-desktop.png` });
  // Another move is played as usual and the flash is gone with the turn.
  await move(page, board, "g1", "f3");
  await curtainUp(page, "Black");
  assert.equal(await page.locator("rect.flash").count(), 0);
  assert.deepEqual(errors, []);
});

test("a Kriegspiel pawn shows its pushes and, apart, its capture tries; a try goes to the umpire", async () => {
  for (const [name, viewport] of [["desktop", { width: 1280, height: 800 }], ["phone", { width: 390, height: 844 }]]) {
    const page = await suite.page({ viewport });
    const errors = watchErrors(page);
    await page.goto(suite.server.url + "#/play?model=kriegspiel&preset=english&start=1");
    await appReady(page);
    await page.click('[data-testid="reveal"]');
    await page.locator('[data-square="e2"]').click();
    await page.waitForSelector("[data-try]");
    const marked = async (attr) =>
      (await page.locator(`[data-square]:has([${attr}])`).evaluateAll((els) => els.map((e) => e.dataset.square))).sort();
    assert.deepEqual(await marked("data-dest"), ["e3", "e4"]);
    assert.deepEqual(await marked("data-try"), ["d3", "f3"]);
    assert.match(await page.textContent('[data-testid="tries-note"]'), /dashed rings are tries/);
    await page.screenshot({ path: `${SHOTS}kriegspiel-tries-${name}.png` });
    // The try is refused (nothing stands on d3): the turn stays, the umpire says so.
    await page.locator('[data-square="d3"]').click();
    await page.waitForSelector('[data-testid="feedback"]');
    assert.match(await page.textContent('[data-testid="turn"]'), /White to move/);
    assert.deepEqual(errors, []);
  }
});
