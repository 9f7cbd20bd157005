// Benchmark harness (not a test): the solvers and perft in headless Chromium's
// WebAssembly against the same computations natively, in one run.
//
//   cargo build --release -p fogbound-cli
//   PATH="$PWD/tools/node_modules/.bin:$PATH" trunk build --release
//   node tests/e2e/bench.mjs [--big]      (--big adds Fox & Hounds 10×10)
//
// Prints a table: wasm time, native time, the ratio, and the published
// solver's figures where seed 002 gives them.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { serveDist, launch } from "./harness.js";

const BIG = process.argv.includes("--big");
const CLI = fileURLToPath(new URL("../../target/release/fogbound", import.meta.url));

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

const foxSizes = BIG ? [8, 10] : [8];
for (const size of foxSizes) {
  const wasm = await solveIn(page, server.url + "#/solvers/fox-hounds", size, "#fox-size", "[data-testid='fox-solve']",
    "[data-testid='fox-ours']", (t) => ({ ms: Number(/(\d+) ms/.exec(t)[1]), mb: Number(/([\d.]+) MB/.exec(t)[1]) }));
  const nat = native(["fox-hounds", "--size", String(size), "--json"]);
  rows.push({ what: `Fox & Hounds ${size}×${size}`, wasm_ms: wasm.ms, native_ms: nat.ms, tables_mb: wasm.mb,
    published: size === 8 ? "3 min, 650 MB" : "8 h, 41 GB" });
}
for (const size of [8, 16]) {
  const wasm = await solveIn(page, server.url + "#/solvers/krk", size, "#krk-size", "[data-testid='krk-solve']",
    "[data-testid='krk-results'] h2", (t) => ({ ms: Number(/solved in (\d+) ms/.exec(t)[1]) }));
  const nat = native(["krk", "--size", String(size), "--json"]);
  rows.push({ what: `KRK ${size}×${size}`, wasm_ms: wasm.ms, native_ms: nat.ms, tables_mb: nat.json.peak_bytes / 1e6, published: "" });
}
{
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
await browser.close();
await server.close();

console.log("| computation | wasm (Chromium) | native | wasm / native | tables | published solver |");
console.log("|---|---|---|---|---|---|");
for (const r of rows) {
  console.log(`| ${r.what} | ${r.wasm_ms.toFixed(0)} ms | ${r.native_ms.toFixed(0)} ms | ${(r.wasm_ms / r.native_ms).toFixed(2)}× | ${r.tables_mb.toFixed(1)} MB | ${r.published} |`);
}
