// Timing harness (not a test): a puzzle solved in the page's worker, timed
// by Chromium's own trace, against the same solve natively — CPU time beside
// wall time, so that a machine shared with other work does not pass for a
// slow platform (the wall time of a loaded machine is not the solver's).
//
//   cargo build --profile checked -p fogbound-cli
//   PATH="$PWD/tools/node_modules/.bin:$PATH" trunk build --release
//   node tests/e2e/solve-cpu.mjs [ID | FILE.json] [--cooks] [--after-stop] [--runs N]
//   (ID: a collection entry, default rotenberg-1976; FILE.json: any puzzle
//   file, opened in the page by its link code, e.g.
//   crates/puzzles/tests/data/rotenberg-fiedler50-15.json; FOGBOUND_CLI
//   names another native binary)
//
// Per run, a fresh page: "Solve it" clicked once the page is ready (the
// worker already started by the page), then the verdict; with --cooks the
// cook pass too; with --after-stop, the click that is timed is a second
// "Solve it", a second after Stop ended the first one's cook pass (Stop ends
// the worker). Printed: the wall time from the click to the verdict in
// the document (the page's own clock, `pageStopwatch`), from the click to the worker's
// job starting (the trace), the
// job's time as the worker reports it, the worker's task in the trace (wall
// and CPU), the page's main thread CPU over the run, and the native CLI's
// CPU (user) and wall for the same work (`--no-cooks` unless --cooks), with
// the load average.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { serveDist, launch, pageStopwatch } from "./harness.js";

const args = process.argv.slice(2);
const COOKS = args.includes("--cooks");
const AFTER_STOP = args.includes("--after-stop");
const RUNS = Number(args[args.indexOf("--runs") + 1] ?? 1) || 1;
const id = args.find((a, i) => !a.startsWith("--") && args[i - 1] !== "--runs") ?? "rotenberg-1976";
const CLI = process.env.FOGBOUND_CLI ?? fileURLToPath(new URL("../../target/checked/fogbound", import.meta.url));

let file;
let route;
if (id.endsWith(".json")) {
  // A puzzle file: the page opens it by the link code the CLI gives it.
  file = id;
  const check = spawnSync(CLI, ["puzzle", "check", file], { encoding: "utf8" });
  const code = check.stdout.match(/^link code: (\S+)$/m)?.[1];
  if (!code) throw new Error(`no link code for ${file}: ${check.stderr || check.stdout}`);
  route = `#/puzzle?p=${code}`;
} else {
  const entries = JSON.parse(readFileSync(new URL("../../crates/puzzles/src/collection.json", import.meta.url), "utf8"));
  const entry = entries.find((e) => e.id === id);
  if (!entry) throw new Error(`no collection entry ${id}`);
  file = join(mkdtempSync(join(tmpdir(), "fogbound-solve-cpu-")), `${id}.json`);
  writeFileSync(file, JSON.stringify(entry.puzzle));
  route = `#/puzzle?id=${id}`;
}

/** The trace's tasks of one thread: [wall ms, CPU ms, start µs] of each. */
function tasks(trace, thread) {
  const events = trace.traceEvents ?? trace;
  const ids = new Set(events.filter((e) => e.ph === "M" && e.name === "thread_name" && thread.test(e.args.name)).map((e) => `${e.pid}:${e.tid}`));
  return events
    .filter((e) => e.ph === "X" && e.name === "ThreadControllerImpl::RunTask" && ids.has(`${e.pid}:${e.tid}`))
    .map((e) => [e.dur / 1000, (e.tdur ?? 0) / 1000, e.ts]);
}

/** When the page's click event was dispatched (µs, the trace's clock). */
function clickAt(trace) {
  return (trace.traceEvents ?? trace).find((e) => e.name === "EventDispatch" && e.args?.data?.type === "click")?.ts;
}

const server = await serveDist();
const browser = await launch();
const rows = [];
for (let run = 0; run < RUNS; run++) {
  const page = await browser.newPage();
  await page.goto(`${server.url}${route}`);
  await page.waitForSelector("[data-testid='puzzle-solve']:not([disabled])", { timeout: 120000 });
  if (AFTER_STOP) {
    await page.click("[data-testid='puzzle-solve']");
    await page.waitForFunction(() => Number(document.querySelector("[data-testid='puzzle-cooks']")?.dataset.decided) >= 1, null, { timeout: 600000 });
    await page.click("[data-testid='puzzle-cooks-stop']");
    await page.waitForSelector("[data-testid='puzzle-cooks'][data-state='stopped']");
    await page.waitForTimeout(1000);
    await page.evaluate(() => document.querySelector("[data-testid='puzzle-verdict']")?.removeAttribute("data-millis"));
  }
  await browser.startTracing(page, { categories: ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline"] });
  const load = loadavg()[0];
  const verdictAfter = await pageStopwatch(page, "[data-testid='puzzle-solve']", "[data-testid='puzzle-verdict'][data-millis]");
  await page.click("[data-testid='puzzle-solve']");
  const wall = await verdictAfter();
  const jobMs = Number(await page.locator("[data-testid='puzzle-verdict']").getAttribute("data-millis"));
  const verdict = (await page.locator("[data-testid='puzzle-verdict']").innerText()).split("\n")[0].slice(0, 60);
  if (COOKS) await page.waitForSelector("[data-testid='puzzle-cooks'][data-state='done']", { timeout: 3600000 });
  const trace = JSON.parse((await browser.stopTracing()).toString());
  await page.close();
  // The worker's jobs are its long tasks: the key (and with --cooks, the
  // cook pass, a job of its own).
  const jobs = tasks(trace, /^DedicatedWorker/).filter(([w]) => w > 50).sort((a, b) => a[2] - b[2]);
  // The key's job: the first of them as long as the job's own clock says.
  const key = jobs.find(([w]) => w >= jobMs - 1);
  const toJob = key ? (key[2] - clickAt(trace)) / 1000 : NaN;
  const main = tasks(trace, /^CrRendererMain$/).reduce((s, [, c]) => s + c, 0);
  const time = spawnSync("/usr/bin/time", ["-f", "%U %e", CLI, "puzzle", "solve", file, "--json", "--threads", "1",
    // The page's budgets: the worker's COOKS_NODES covers the pass,
    // SOLVE_NODES (60 M) the key and tree.
    ...(COOKS ? ["--max-nodes", "300000000"] : ["--no-cooks", "--max-nodes", "60000000"])], { encoding: "utf8", maxBuffer: 1 << 26 });
  const [user, elapsed] = time.stderr.trim().split("\n").pop().split(" ").map(Number);
  const native = JSON.parse(time.stdout);
  rows.push({ load, wall, toJob, jobMs, jobs, main, user, elapsed, nodes: native.nodes, verdict, nativeVerdict: native.verdict });
}
await browser.close();
await server.close();

console.log(`| ${id}${COOKS ? ", key then cook pass" : ", key and tree"}${AFTER_STOP ? ", after Stop" : ""} | load | click → verdict (wall) | click → job start | job (worker's clock) | worker tasks in the trace (wall / CPU) | page's main thread CPU | page's verdict | native CPU (wall) | native nodes, verdict |`);
console.log("|---|---|---|---|---|---|---|---|---|---|");
for (const r of rows) {
  const jobs = r.jobs.map(([w, c]) => `${w.toFixed(0)} / ${c.toFixed(0)} ms`).join("; ");
  console.log(`| | ${r.load.toFixed(1)} | ${r.wall.toFixed(0)} ms | ${r.toJob.toFixed(0)} ms | ${r.jobMs.toFixed(0)} ms | ${jobs} | ${r.main.toFixed(0)} ms | ${r.verdict} | ${(r.user * 1000).toFixed(0)} ms (${(r.elapsed * 1000).toFixed(0)} ms) | ${r.nodes}, ${r.nativeVerdict} |`);
}
