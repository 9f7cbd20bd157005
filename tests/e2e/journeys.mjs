// Runs the journey files named in FOGBOUND_JOURNEYS (space-separated, e.g.
// "hotseat.test.js lab.test.js") in one process, so that they share one
// Node, one Chromium and one kept page (`useSuite` in harness.js). `./dev
// test` runs it twice: the untimed journeys, then the timed ones alone.
//
//   FOGBOUND_JOURNEYS="lab.test.js today.test.js" node --test journeys.mjs
//
// A single file still runs alone with `node --test FILE`.
const files = (process.env.FOGBOUND_JOURNEYS ?? "").split(/\s+/).filter(Boolean);
if (files.length === 0) throw new Error("FOGBOUND_JOURNEYS names no journey file");
for (const file of files) await import(new URL(file, import.meta.url));
