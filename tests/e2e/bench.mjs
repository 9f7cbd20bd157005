// Benchmark harness (not a test): the solvers and perft in headless Chromium's
// WebAssembly against the same computations natively, in one run, and the
// computer player's time per move in the page against its time natively.
//
//   cargo build --release -p fogbound-cli
//   PATH="$PWD/tools/node_modules/.bin:$PATH" trunk build --release
//   node tests/e2e/bench.mjs [--big] [--bot-only] [--lab-only] [--puzzles-only]
//   (--big adds Fox & Hounds 10×10; FOGBOUND_CLI names another native
//   binary, e.g. target/checked/fogbound)
//
// Prints a table: wasm time, native time, the ratio, and the published
// solver's figures where seed 002 gives them.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { serveDist, launch, pageStopwatch } from "./harness.js";

const BIG = process.argv.includes("--big");
// --bot-only: just the computer player's rows; --lab-only: just the Fog of
// War endgame lab's queries.
const LAB_ONLY = process.argv.includes("--lab-only");
// --puzzles-only: the puzzle solver on every entry of the collection (the
// Rotenberg mate in 8 from scratch included) and the umpire's answer to
// Rotenberg's key, in the page and natively.
const PUZZLES_ONLY = process.argv.includes("--puzzles-only");
const BOT_ONLY = process.argv.includes("--bot-only") || LAB_ONLY || PUZZLES_ONLY;
const CLI = process.env.FOGBOUND_CLI ?? fileURLToPath(new URL("../../target/release/fogbound", import.meta.url));

function native(args) {
  const started = process.hrtime.bigint();
  const out = execFileSync(CLI, args, { encoding: "utf8", maxBuffer: 1 << 26 });
  const wall = Number(process.hrtime.bigint() - started) / 1e6;
  try {
    const json = JSON.parse(out);
    return { ms: json.seconds ? json.seconds * 1000 : wall, json };
  } catch {
    return { ms: wall, text: out.trim() };
  }
}

async function solveIn(page, url, size, select, run, done, read) {
  await page.goto(url);
  await page.waitForSelector(select);
  await page.selectOption(select, String(size));
  await page.click(run);
  await page.locator(done).waitFor({ timeout: 600000 });
  return read(await page.locator(done).textContent());
}

const server = await serveDist();
const browser = await launch();
const page = await browser.newPage();
const rows = [];

const foxSizes = BOT_ONLY ? [] : BIG ? [8, 10] : [8];
for (const size of foxSizes) {
  const wasm = await solveIn(page, server.url + "#/solvers/fox-hounds", size, "#fox-size", "[data-testid='fox-solve']",
    "[data-testid='fox-ours']", (t) => ({ ms: Number(/(\d+) ms/.exec(t)[1]), mb: Number(/([\d.]+) MB/.exec(t)[1]) }));
  const nat = native(["fox-hounds", "--size", String(size), "--json"]);
  rows.push({ what: `Fox & Hounds ${size}×${size}`, wasm_ms: wasm.ms, native_ms: nat.ms, tables_mb: wasm.mb,
    published: size === 8 ? "3 min, 650 MB" : "8 h, 41 GB" });
}
for (const size of BOT_ONLY ? [] : [8, 16]) {
  const wasm = await solveIn(page, server.url + "#/solvers/krk", size, "#krk-size", "[data-testid='krk-solve']",
    "[data-testid='krk-results'] h2", (t) => ({ ms: Number(/solved in (\d+) ms/.exec(t)[1]) }));
  const nat = native(["krk", "--size", String(size), "--json"]);
  rows.push({ what: `KRK ${size}×${size}`, wasm_ms: wasm.ms, native_ms: nat.ms, tables_mb: nat.json.peak_bytes / 1e6, published: "" });
}
if (!BOT_ONLY) {
  await page.goto(server.url + "#/about");
  await page.waitForSelector("#perft-depth");
  await page.selectOption("#perft-depth", "5");
  await page.click("[data-testid='perft-run']");
  await page.locator("[data-testid='perft-result']").waitFor({ timeout: 600000 });
  const text = await page.locator("[data-testid='perft-result']").textContent();
  const wasmMs = Number(/in (\d+) ms/.exec(text)[1]);
  const nat = native(["perft", "--depth", "5"]);
  rows.push({ what: "perft(5) start position", wasm_ms: wasmMs, native_ms: nat.ms, tables_mb: 0, published: "" });
}
// The computer player: what a person waits for a move in the page (the
// worker keeps the bot's seat and tells it what is new, then it searches)
// against the bot's thinking time per attempt natively (one player kept
// alive through a match against the random mover). Fog of War, the person
// Black, up to 30 moves: the later moves' row shows that a move does not
// cost more as the game grows.
for (const level of LAB_ONLY || PUZZLES_ONLY ? [] : ["beginner", "club", "strong"]) {
  await page.goto(server.url + `#/play?model=fog&mode=computer&computer=bot:${level}&side=black&start=1`);
  const blackToMove = () => page.waitForFunction(
    () => document.querySelector('[data-testid="turn"]')?.textContent === "Black to move" ||
      document.querySelector('[data-testid="outcome"], [data-testid="replay-slider"]'),
    null, { timeout: 120000 });
  await blackToMove();
  const waits = [];
  // The person's moves: a fixed pseudo-random choice among its men other
  // than the king (a game lasts longer than with the first legal move).
  let seed = 12345;
  const next = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  for (let move = 0; move < 30; move++) {
    if (await page.locator('[data-testid="outcome"], [data-testid="replay-slider"]').count()) break;
    const all = await page.$$eval('[data-square] [data-piece^="b"]', (els) => els.map((e) => [e.closest("[data-square]").dataset.square, e.dataset.piece]));
    const men = all.filter(([, p]) => p !== "bK").map(([sq]) => sq);
    const start = men.length ? next(men.length) : 0;
    const order = men.slice(start).concat(men.slice(0, start), all.filter(([, p]) => p === "bK").map(([sq]) => sq));
    let played = false;
    for (const from of order) {
      await page.locator(`[data-square="${from}"]`).click();
      const dest = await page.$$eval("[data-dest]", (els) => els.map((e) => e.closest("[data-square]").dataset.square));
      if (dest.length === 0) continue;
      const started = Date.now();
      await page.locator(`[data-square="${dest[next(dest.length)]}"]`).click();
      await blackToMove();
      waits.push(Date.now() - started);
      played = true;
      break;
    }
    if (!played) break;
  }
  const nat = native(["match", "--model", "fog", "--a", `bot:${level}`, "--b", "random", "--games", "2", "--json"]);
  const mean = waits.reduce((a, b) => a + b, 0) / Math.max(1, waits.length);
  rows.push({ what: `bot:${level}, a Fog of War move (mean of ${waits.length})`, wasm_ms: mean, native_ms: nat.json.mean_ms_a, tables_mb: 0, published: "" });
  const late = waits.slice(15);
  if (late.length) {
    const lateMean = late.reduce((a, b) => a + b, 0) / late.length;
    rows.push({ what: `bot:${level}, moves 16–${waits.length} only (mean of ${late.length})`, wasm_ms: lateMean, native_ms: nat.json.mean_ms_a, tables_mb: 0, published: "" });
  }
}
// The endgame lab: a query's time in the worker, the first (the file
// fetched and read) and the next (a lookup), for a start's verdict and for
// its optimal line; against the same line natively by the rounds search
// (which solves first: the page reads the solved table instead).
const labRows = [];
for (const material of BOT_ONLY && !LAB_ONLY ? [] : ["KR", "KQ", "KRR"]) {
  // A fresh page each time: a new worker, nothing loaded.
  console.error(`lab: ${material}…`);
  await page.goto("about:blank");
  await page.goto(server.url + "#/solvers/fog-endgames");
  await page.waitForSelector("[data-testid='lab-verdict'][data-millis]", { timeout: 60000 });
  const millis = async (sel) => Number(await page.locator(sel).getAttribute("data-millis"));
  const verdictAfter = async (act) => {
    await page.evaluate(() => document.querySelector("[data-testid='lab-verdict']")?.removeAttribute("data-millis"));
    await act();
    await page.waitForSelector("[data-testid='lab-verdict'][data-millis]", { timeout: 600000 });
    return millis("[data-testid='lab-verdict']");
  };
  const first = material === "KR" ? await millis("[data-testid='lab-verdict']") : await verdictAfter(() => page.selectOption("#lab-material", material));
  const map = await page.$$eval("[data-testid='lab-start-map'] tr", (rows) =>
    rows.flatMap((row, r) => [...row.querySelectorAll("td")].flatMap((td, f) => (td.classList.contains("won") ? ["abcdefgh"[f] + (8 - r)] : []))));
  const tools = page.locator("[data-testid='lab-tool']");
  await tools.last().click();
  const next = await verdictAfter(() => page.click(`[data-square='${map[0]}']`));
  const wall = Date.now();
  await page.click("[data-testid='lab-explain']");
  await page.waitForSelector("[data-testid='lab-line'][data-millis]", { timeout: 600000 });
  const lineFirst = await millis("[data-testid='lab-line']");
  const lineWall = Date.now() - wall;
  const steps = await page.locator(".lab-steps li").count();
  await page.getByRole("button", { name: "Edit the start" }).click();
  await tools.last().click();
  await verdictAfter(() => page.click(`[data-square='${map[map.length - 1]}']`));
  // The line's section is drawn anew for this start ("Edit the start"
  // took the last one away), so its time is this answer's.
  await page.click("[data-testid='lab-explain']");
  await page.waitForSelector("[data-testid='lab-line'][data-millis]", { timeout: 600000 });
  const lineNext = await millis("[data-testid='lab-line']");
  const memory = await page.evaluate(() => performance.memory?.usedJSHeapSize ?? 0);
  labRows.push({ material, first, next, lineFirst, lineWall, lineNext, steps, memory });
}
// The puzzles: the solver in the worker (the "Solve it" button's first
// pass: the key and its proof at the stipulated length, from scratch)
// against `fogbound puzzle solve --no-cooks --threads 1` (one thread, as
// the worker has), per entry of the collection
// (the Rotenberg mate in 8 included); and the umpire's answer to a try.
const puzzleRows = [];
const coldRows = [];
if (PUZZLES_ONLY || !BOT_ONLY) {
  const { readFileSync, writeFileSync, mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const entries = JSON.parse(readFileSync(new URL("../../crates/puzzles/src/collection.json", import.meta.url), "utf8"));
  const dir = mkdtempSync(join(tmpdir(), "fogbound-puzzles-"));
  for (const e of entries) {
    await page.goto("about:blank");
    await page.goto(server.url + `#/puzzle?id=${e.id}`);
    await page.waitForSelector("[data-testid='puzzle-solve']:not([disabled])", { timeout: 60000 });
    await page.click("[data-testid='puzzle-solve']");
    await page.waitForSelector("[data-testid='puzzle-verdict'][data-millis]", { timeout: 600000 });
    const verdict = page.locator("[data-testid='puzzle-verdict']");
    const wasmMs = Number(await verdict.getAttribute("data-millis"));
    const file = join(dir, `${e.id}.json`);
    writeFileSync(file, JSON.stringify(e.puzzle));
    const nat = native(["puzzle", "solve", file, "--json", "--no-cooks", "--threads", "1"]);
    puzzleRows.push({ id: e.id, verdict: await verdict.getAttribute("data-verdict"), key: nat.json.first_move,
      nodes: nat.json.nodes, beliefs: nat.json.belief_states, wasm: wasmMs, native: nat.ms });
  }
  // Rotenberg's mate in 8 as a person meets it: a fresh page (its worker
  // started by the page, which asks it for the puzzle's first picture),
  // "Solve it" clicked as soon as it can be, then after reading the puzzle
  // for READ_MS; from the click to the verdict in the page (its own clock)
  // and the job's time in the worker; then, in the second page, the cook
  // pass (every other first move refuted), from the verdict to "done".
  const READ_MS = 1500;
  const VERDICT = "[data-testid='puzzle-verdict'][data-millis]";
  for (const read of [0, READ_MS]) {
    await page.goto("about:blank");
    await page.goto(server.url + "#/puzzle?id=rotenberg-1976");
    await page.waitForSelector("[data-testid='puzzle-solve']:not([disabled])", { timeout: 60000 });
    if (read) await page.waitForTimeout(read);
    const verdictAfter = await pageStopwatch(page, "[data-testid='puzzle-solve']", VERDICT);
    await page.click("[data-testid='puzzle-solve']");
    const ms = await verdictAfter();
    const worker = Number(await page.locator(VERDICT).getAttribute("data-millis"));
    coldRows.push({ what: `click → verdict, clicked ${read ? `after ${read} ms reading` : "at once"}`, wall: ms, worker, native: NaN });
    if (read) {
      const doneAfter = await pageStopwatch(page, null, "[data-testid='puzzle-cooks'][data-state='done']");
      const cookMs = await doneAfter();
      const nat = native(["puzzle", "solve", join(dir, "rotenberg-1976.json"), "--json", "--threads", "1", "--max-nodes", "300000000"]);
      coldRows.push({ what: `the cook pass, verdict → "done" (native: key and cook pass, ${nat.json.nodes} nodes)`,
        wall: cookMs, worker: NaN, native: nat.ms });
    }
  }
  // The umpire's answer to Rotenberg's key 1.Rg2 (its search budget spent
  // in full: the key cannot be refuted), as a person waits for it.
  await page.goto("about:blank");
  await page.goto(server.url + "#/puzzle?id=rotenberg-1976");
  await page.waitForSelector("[data-testid='puzzle-typed']:not([disabled])", { timeout: 60000 });
  const started = Date.now();
  await page.fill("[data-testid='puzzle-typed']", "Rg2");
  await page.press("[data-testid='puzzle-typed']", "Enter");
  await page.waitForFunction(() => /\d+ moves? left/.test(document.querySelector("[data-testid='puzzle-status']")?.textContent ?? "")
    && document.querySelectorAll("[data-testid='puzzle-log'] li").length > 0, null, { timeout: 600000 });
  puzzleRows.push({ id: "rotenberg-1976: the umpire's answer to 1.Rg2", verdict: "", key: "", nodes: 3000000, beliefs: "",
    wasm: Date.now() - started, native: NaN });
}
await browser.close();
await server.close();
if (puzzleRows.length > 0) {
  console.log("| puzzle | verdict | key | nodes | belief states | wasm (worker) | native | wasm / native |");
  console.log("|---|---|---|---|---|---|---|---|");
  for (const r of puzzleRows) {
    console.log(`| ${r.id} | ${r.verdict} | ${r.key} | ${r.nodes} | ${r.beliefs} | ${r.wasm.toFixed(1)} ms | ${r.native.toFixed(1)} ms | ${(r.wasm / r.native).toFixed(2)}× |`);
  }
}
if (coldRows.length > 0) {
  console.log("| rotenberg-1976 in a fresh page | wall (page) | the job in the worker | native |");
  console.log("|---|---|---|---|");
  for (const r of coldRows) {
    console.log(`| ${r.what} | ${r.wall.toFixed(0)} ms | ${Number.isNaN(r.worker) ? "" : `${r.worker.toFixed(1)} ms`} | ${Number.isNaN(r.native) ? "" : `${r.native.toFixed(0)} ms`} |`);
  }
}
if (labRows.length > 0) {
  console.log("| lab, 8×8 | verdict, first | verdict, next | line, first (wall) | line, next |");
  console.log("|---|---|---|---|---|");
  for (const r of labRows) {
    console.log(`| ${r.material} | ${r.first} ms | ${r.next} ms | ${r.lineFirst} ms (${r.lineWall} ms) | ${r.lineNext} ms |`);
  }
}

console.log("| computation | wasm (Chromium) | native | wasm / native | tables | published solver |");
console.log("|---|---|---|---|---|---|");
for (const r of rows) {
  console.log(`| ${r.what} | ${r.wasm_ms.toFixed(0)} ms | ${r.native_ms.toFixed(0)} ms | ${(r.wasm_ms / r.native_ms).toFixed(2)}× | ${r.tables_mb.toFixed(1)} MB | ${r.published} |`);
}
