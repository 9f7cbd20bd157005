// The harness's kept page (`suite.page`): each journey gets it clean. What
// one journey leaves (the site's storage, a listener, a viewport) never
// reaches the next, and a journey still hears the page's errors.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useSuite, watchErrors, appReady } from "./harness.js";

const suite = useSuite();

for (const [round, viewport] of [
  [1, { width: 390, height: 844 }],
  [2, { width: 1280, height: 800 }],
]) {
  test(`the kept page comes to journey ${round} clean, at its size, and its errors are heard`, async () => {
    const page = await suite.page({ viewport });
    const errors = watchErrors(page);
    await page.goto(suite.server.url + "#/play");
    await appReady(page);
    assert.deepEqual(page.viewportSize(), viewport);
    assert.deepEqual(await page.evaluate(() => [window.innerWidth, window.innerHeight]), [viewport.width, viewport.height]);
    // What the journey before left in the site's storage is gone.
    assert.equal(await page.evaluate(() => localStorage.getItem("fogbound.harness-left")), null);
    await page.evaluate(() => {
      localStorage.setItem("fogbound.harness-left", "1");
      console.error("planted");
      setTimeout(() => {
        throw new Error("thrown");
      });
    });
    // The two reports come as events: wait for them, not for a moment.
    for (let polls = 0; errors.length < 2 && polls < 200; polls++) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(errors, ["console: planted", "page: thrown"]);
  });
}
