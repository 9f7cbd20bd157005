//! Entry point of the Web Worker that runs heavy computations off the page's thread.

use gloo_worker::Registrable;

fn main() {
    fogbound::panic::install("The background worker");
    fogbound::worker::ComputeWorker::registrar().register();
}
