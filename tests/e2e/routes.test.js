// Every route loads without a console error, at desktop and phone size, and
// leaves a screenshot in screenshots/ to look at.
import { test } from "node:test";
import assert from "node:assert/strict";
import { watchErrors, appReady, SHOTS, useSuite } from "./harness.js";

const ROUTES = [
  ["home", "#/", "Chess in the fog"],
  ["play", "#/play", "Play"],
  ["games", "#/games", "Saved games"],
  ["puzzles", "#/puzzles", "Puzzles"],
  ["puzzle-editor", "#/puzzles/editor", "Puzzle editor"],
  ["solvers", "#/solvers", "Solvers"],
  ["fox-hounds", "#/solvers/fox-hounds", "Fox & Hounds"],
  ["krk", "#/solvers/krk", "King + Rook vs King"],
  ["fog-endgames", "#/solvers/fog-endgames", "Fog of War endgames"],
  ["rules", "#/rules", "Rules"],
  ["about", "#/about", "About fogbound"],
  ["not-found", "#/no/such/page", "No such page"],
];

const SIZES = [
  ["desktop", { width: 1280, height: 800 }],
  ["phone", { width: 390, height: 844 }],
];

const suite = useSuite();

for (const [sizeName, viewport] of SIZES) {
  test(`every route renders at ${sizeName} size`, async () => {
    const page = await suite.page({ viewport });
    const errors = watchErrors(page);
    for (const [name, hash, title] of ROUTES) {
      await page.goto(suite.server.url + hash);
      await appReady(page);
      await page.waitForFunction((t) => document.querySelector("main h1")?.textContent === t, title, { timeout: 15000 });
      // Nothing may stick out sideways on a phone.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `${name} is ${overflow}px wider than the ${sizeName} screen`);
      await page.screenshot({ path: `${SHOTS}${name}-${sizeName}.png`, fullPage: true });
      if (name === "rules") {
        // The presets table itself fits: no sideways scrolling inside it.
        const wide = await page.evaluate(() => {
          const table = document.querySelector("table.presets");
          return table.scrollWidth - table.closest(".table-scroll").clientWidth;
        });
        assert.ok(wide <= 1, `the presets table is ${wide}px wider than its place`);
      }
      if (name === "home") {
        const card = await page.locator(".cards li").first().textContent();
        assert.match(card, /Play.*against the computer/is);
      }
    }
    assert.deepEqual(errors, []);
  });
}

/** Waits until the page shows `title` as its heading and lights `entry` in
 * the menu (or nothing, for null). */
async function shows(page, title, entry) {
  await page.waitForFunction(
    ([title, entry]) =>
      document.querySelector("main h1")?.textContent === title &&
      (document.querySelector(".nav-links a.current")?.textContent ?? null) === entry,
    [title, entry],
    { timeout: 30000 },
  );
}

test("links and the history move between the page's routes and the study pages, both apps agreeing", async () => {
  const page = await suite.page();
  const errors = watchErrors(page);
  await page.goto(suite.server.url + "#/");
  await appReady(page);
  await shows(page, "Chess in the fog", null);
  // The page to the study pages, by a card of the start page.
  await page.click("main .cards a[href='#/solvers']");
  await shows(page, "Solvers", "Solvers");
  // Within the study pages, by their own link: the page's router hears it
  // too (the menu and the tab title follow).
  await page.click("main a[href='#/solvers/krk']");
  await shows(page, "King + Rook vs King", "Solvers");
  assert.equal(await page.title(), "King and Rook vs King — fogbound");
  // Within the study pages, by the header.
  await page.click(".nav-links a[href='#/puzzles']");
  await shows(page, "Puzzles", "Puzzles");
  // Back to the page's own routes, by the header: the study pages go.
  await page.click(".nav-links a[href='#/rules']");
  await shows(page, "Rules", "Rules");
  assert.equal(await page.locator(".study-host").count(), 0);
  // And to the study pages again (the module is loaded once).
  await page.click(".nav-links a[href='#/about']");
  await shows(page, "About fogbound", "About");
  // The history, both ways.
  await page.goBack();
  await shows(page, "Rules", "Rules");
  await page.goBack();
  await shows(page, "Puzzles", "Puzzles");
  await page.goBack();
  await shows(page, "King + Rook vs King", "Solvers");
  await page.goForward();
  await shows(page, "Puzzles", "Puzzles");
  await page.goForward();
  await shows(page, "Rules", "Rules");
  // The brand link goes home from a study page.
  await page.goForward();
  await shows(page, "About fogbound", "About");
  await page.click("a.brand");
  await shows(page, "Chess in the fog", null);
  assert.equal(await page.locator(".study-host").count(), 0);
  // A study page still answers clicks after all that: its events are its own.
  await page.goBack();
  await shows(page, "About fogbound", "About");
  await page.selectOption("#perft-depth", "2");
  await page.click("[data-testid='perft-run']");
  await page.locator("[data-testid='perft-result']").waitFor({ timeout: 120000 });
  assert.deepEqual(errors, []);
});

test("a bad game link explains itself instead of failing", async () => {
  const page = await suite.page();
  const errors = watchErrors(page);
  await page.goto(suite.server.url + "#/play?variant=checkers&clock=3-2");
  await appReady(page);
  const banner = page.locator("[data-testid='error-banner']");
  await banner.waitFor();
  const text = await banner.textContent();
  assert.match(text, /unknown variant 'checkers'/);
  assert.match(text, /clock '3-2'/);
  // Names and the hand-off choice explain themselves too.
  await page.goto(suite.server.url + "#/play?names=Ann&handoff=later");
  await page.waitForFunction(() => /handoff 'later'/.test(document.querySelector("[data-testid='error-banner']")?.textContent ?? ""));
  const more = await banner.textContent();
  assert.match(more, /names 'Ann': give two names separated by a comma/);
  assert.equal(await page.locator("[data-square]").count(), 64, "the default board is still shown");
  assert.deepEqual(errors, []);
});

test("links read as browsers write them; a repeated or huge value is reported short", async () => {
  const page = await suite.page({ viewport: { width: 390, height: 844 } });
  const errors = watchErrors(page);
  // The comma as %2C, a space as +: the names a form would send.
  await page.goto(suite.server.url + "#/play?names=Ann+Lee%2CBob&variant=foolish-king&variant=chess");
  await appReady(page);
  const banner = page.locator("[data-testid='error-banner']");
  await banner.waitFor();
  assert.match(await banner.textContent(), /'variant' more than once; the first value was used/);
  assert.equal(await page.inputValue("[data-testid='name-white']"), "Ann Lee");
  assert.equal(await page.inputValue("[data-testid='name-black']"), "Bob");
  assert.equal(await page.locator("[data-square]").count(), 80, "the first variant given is used");
  // A 20,000-character name: quoted at 40 characters, and the page keeps its width.
  const other = await suite.browser.newPage({ viewport: { width: 390, height: 844 } });
  const otherErrors = watchErrors(other);
  await other.goto(suite.server.url + `#/play?names=${"x".repeat(20000)},Bob`);
  await appReady(other);
  await other.locator("[data-testid='error-banner']").waitFor();
  const text = await other.textContent("[data-testid='error-banner']");
  assert.ok(text.length < 400, `the banner says ${text.length} characters`);
  assert.match(text, /x…'/);
  const overflow = await other.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `the page is ${overflow}px wider than the screen`);
  assert.deepEqual(errors, []);
  assert.deepEqual(otherErrors, []);
  await other.close();
});

test("the settings form builds a shareable link that opens the same settings", async () => {
  const page = await suite.page();
  await page.goto(suite.server.url + "#/play");
  await appReady(page);
  await page.selectOption("#variant", "foolish-king");
  await page.selectOption("#model", "kriegspiel");
  await page.selectOption("#preset", "wild16");
  await page.selectOption("#clock", "3+2");
  assert.equal(await page.locator("[data-square]").count(), 80, "Foolish King Chess is 10×8");
  const href = await page.getAttribute("[data-testid='settings-link']", "href");
  assert.equal(href, "#/play?variant=foolish-king&model=kriegspiel&preset=wild16&clock=3+2&handoff=paused&mode=hotseat");
  const other = await suite.browser.newPage();
  await other.goto(suite.server.url + href);
  await appReady(other);
  assert.equal(await other.inputValue("#preset"), "wild16");
  assert.equal(await other.inputValue("#clock"), "3+2");
  assert.equal(await other.locator("[data-testid='error-banner']").count(), 0);
  await other.close();
});

test("the new-game form's picture of the board takes no Tab stop", async () => {
  const page = await suite.page({ viewport: { width: 1280, height: 800 } });
  const errors = watchErrors(page);
  await page.goto(suite.server.url + "#/play");
  await appReady(page);
  await page.waitForSelector("svg.board");
  assert.equal(await page.locator("svg.board").getAttribute("tabindex"), null);
  assert.equal(await page.locator("svg.board").getAttribute("role"), "img");
  // Tabbing through the whole page never lands on it.
  const stops = await page.locator("a, button, input, select, textarea, [tabindex]").count();
  for (let i = 0; i < stops + 2; i++) {
    await page.keyboard.press("Tab");
    const onBoard = await page.evaluate(() => document.activeElement?.closest("svg.board") !== null);
    assert.ok(!onBoard, `Tab stop ${i + 1} is the decorative board`);
  }
  assert.deepEqual(errors, []);
});
