//! Entry point of the Web Worker that runs heavy computations off the page's thread.

use gloo_worker::Registrable;

fn main() {
    // No document in a worker: the console is where a panic can be told.
    // The page learns of it through the worker's `error` event (the app's
    // `worker::client`).
    console_error_panic_hook::set_once();
    fogbound_worker::ComputeWorker::registrar().register();
}
