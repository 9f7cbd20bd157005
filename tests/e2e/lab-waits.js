// What the lab's journeys wait for: states the lab page publishes once the
// worker has answered, never a moment in time.
import { WORKER_WAIT } from "./harness.js";

/** Waits until the lab has no job running or waiting (the page publishes
 * the count). */
export async function labIdle(page) {
  await page.waitForSelector("[data-testid='lab-jobs'][data-pending='0']", { timeout: WORKER_WAIT });
}

/** The verdict of the start on the board once the worker answered: White's
 * moves to the capture (0: not won). */
export async function labVerdict(page) {
  await page.waitForSelector("[data-testid='lab-verdict'][data-moves]", { timeout: WORKER_WAIT });
  return Number(await page.locator("[data-testid='lab-verdict']").getAttribute("data-moves"));
}
