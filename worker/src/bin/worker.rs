//! Entry point of the Web Worker that runs heavy computations off the page's thread.

#[cfg(target_arch = "wasm32")]
fn main() {
    use gloo_worker::Registrable;

    // No document in a worker: the console is where a panic can be told.
    // The page learns of it through the worker's `error` event (the app's
    // `worker::client`).
    console_error_panic_hook::set_once();
    fogbound_worker::ComputeWorker::registrar().register();
}

/// Natively there is no page to serve: Trunk builds the worker for wasm32
/// (`./dev serve`), and its jobs are tested as a library.
#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the worker runs in a browser: `./dev serve` builds it for wasm32");
    std::process::exit(2);
}
