//! Entry point of the page: install the panic hook, register the service
//! worker for offline use, take down the loading frame of `index.html` and
//! mount the app.

#[cfg(target_arch = "wasm32")]
fn main() {
    fogbound::panic::install("The page");
    // A debug build is served by `trunk serve`, which rebuilds on every
    // change: caching it would only serve stale files.
    if !cfg!(debug_assertions) {
        fogbound::app::register_service_worker();
    }
    fogbound::app::remove_boot_frame();
    yew::Renderer::<fogbound::App>::new().render();
}

/// Natively there is no page: Trunk builds it for wasm32 (`./dev serve`),
/// and the app's logic is tested as a library.
#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the page runs in a browser: `./dev serve` builds it for wasm32");
    std::process::exit(2);
}
