import { serveDist, launch, appReady, watchErrors } from "./harness.js";
const server = await serveDist();
const browser = await launch();
const out = "/tmp/shots/";
async function shot(name, size, hash, steps = async () => {}) {
  const page = await browser.newPage({ viewport: size });
  const errors = watchErrors(page);
  await page.goto(server.url + "#/");
  await page.evaluate(() => localStorage.clear());
  await page.goto(server.url + hash);
  await appReady(page);
  await page.waitForTimeout(300);
  await steps(page);
  await page.waitForTimeout(300);
  await page.screenshot({ path: out + name + ".png", fullPage: true });
  console.log(name, "errors:", JSON.stringify(errors));
  await page.close();
}
const desk = { width: 1280, height: 800 }, phone = { width: 390, height: 844 };
const reveal = async (p) => { await p.click('[data-testid="reveal"]'); };
await shot("form-desktop", desk, "#/play");
await shot("form-computer-phone", phone, "#/play?mode=computer&computer=random&side=black");
await shot("fog-pass-desktop", desk, "#/play?model=fog&start=1", async (p) => {
  await reveal(p); await p.click('[data-square="e2"]'); await p.click('[data-square="e4"]');
});
await shot("dark-desktop", desk, "#/play?model=dark&start=1", reveal);
await shot("krieg-english-desktop", desk, "#/play?model=kriegspiel&preset=english&start=1", async (p) => {
  await reveal(p); await p.click('[data-testid="any"]');
});
await shot("krieg-rand-phone", phone, "#/play?model=kriegspiel&preset=rand&start=1", async (p) => {
  await reveal(p); await p.click('[data-testid="rebuffs"]');
});
await shot("krieg-wild16-desktop", desk, "#/play?model=kriegspiel&preset=wild16&start=1", reveal);
await shot("open-desktop", desk, "#/play?model=open&start=1");
await shot("computer-fog-desktop", desk, "#/play?model=fog&mode=computer&computer=random&side=black&start=1", async (p) => {
  await p.waitForFunction(() => /to move/.test(document.querySelector('[data-testid="turn"]')?.textContent ?? ""), null, { timeout: 10000 });
});
await shot("computer-krieg-phone", phone, "#/play?model=kriegspiel&preset=english&mode=computer&side=white&start=1", async (p) => {
  await p.click('[data-square="e2"]'); await p.click('[data-square="e4"]');
  await p.waitForFunction(() => /to move/.test(document.querySelector('[data-testid="turn"]')?.textContent ?? ""), null, { timeout: 10000 });
});
await shot("rules-desktop", desk, "#/rules");
await browser.close();
server.close?.();
process.exit(0);
