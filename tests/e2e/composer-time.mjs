// Timing harness (not a test): the composer's view of one collection
// puzzle in the page's worker, from the click to the view shown (the key,
// its tree, the cook pass, every first move classified, the duals).
//
//   PATH="$PWD/tools/node_modules/.bin:$PATH" trunk build --release
//   node tests/e2e/composer-time.mjs [ID]      (default rotenberg-1976)
//
// Prints the seconds and the view's tries/fails/undecided counts.
import { serveDist, launch } from "./harness.js";

const id = process.argv[2] ?? "rotenberg-1976";
const server = await serveDist();
const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await page.goto(`${server.url}#/puzzle?id=${id}`);
await page.waitForSelector("[data-testid='puzzle-solve']:not([disabled])", { timeout: 120000 });
await page.click("[data-testid='puzzle-solve']");
await page.waitForSelector("[data-testid='puzzle-verdict'][data-verdict='solved']", { timeout: 600000 });
const started = Date.now();
await page.click("[data-testid='puzzle-composer-run']:not([disabled])");
await page.waitForSelector("[data-testid='puzzle-composer'][data-state='done']", { timeout: 3600000 });
const seconds = (Date.now() - started) / 1000;
const tries = await page.locator("[data-testid='puzzle-composer-tries']").getAttribute("data-count");
const text = await page.locator("[data-testid='puzzle-composer']").textContent();
console.log(JSON.stringify({ id, seconds, tries: Number(tries), view: text }));
await browser.close();
await server.close();
