// What a journey's page costs the machine: the core-seconds (from
// /proc/stat, so Chromium's processes are counted) and the wall time of
// each way of giving a journey a fresh page, against dist/. `harness.js`'s
// `suite.page` keeps one page and loads it anew because of these figures.
//
//   node tests/e2e/context-cost.mjs [ROUTE]      e.g. "#/play"
import { readFileSync } from "node:fs";
import { serveDist, launch, appReady } from "./harness.js";

const N = 8;
const busy = () => {
  const f = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  return (f[0] + f[1] + f[2] + f[5] + f[6] + f[7]) / 100;
};
async function measure(name, once) {
  const b0 = busy();
  const t0 = Date.now();
  for (let i = 0; i < N; i++) await once();
  console.log(`${name}: ${((busy() - b0) / N).toFixed(2)} core-s, ${((Date.now() - t0) / N / 1000).toFixed(2)} s wall each`);
}

const server = await serveDist();
const browser = await launch();
const url = server.url + (process.argv[2] ?? "");
const viewport = { width: 1280, height: 800 };
await measure("a context on a blank page", async () => {
  const context = await browser.newContext();
  await (await context.newPage()).goto("about:blank");
  await context.close();
});
await measure("a context of its own", async () => {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(url);
  await appReady(page);
  await context.close();
});
const shared = await browser.newContext({ viewport });
await measure("a new page in one context", async () => {
  const page = await shared.newPage();
  await page.goto(url);
  await appReady(page);
  await page.close();
});
const kept = await shared.newPage();
await measure("one page kept, loaded anew", async () => {
  await kept.goto("about:blank");
  await kept.goto(url);
  await appReady(kept);
});
await browser.close();
await server.close();
