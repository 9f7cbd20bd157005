//! Entry point of the study module: the study pages (puzzles, the editor,
//! the solvers, the endgame lab, About) as a second WebAssembly module,
//! which the page imports the first time a study route is visited and
//! mounts into its own element (`fogbound::study_host`).

#[cfg(target_arch = "wasm32")]
use wasm_bindgen::prelude::*;

#[cfg(target_arch = "wasm32")]
fn main() {
    fogbound::panic::install("The study pages");
    fogbound::study::keep_clear_of_the_page();
}

/// Mounts the study pages into `root`.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
pub fn mount(root: web_sys::Element) {
    fogbound::study::mount(root);
}

/// Takes the study pages down.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
pub fn unmount() {
    fogbound::study::unmount();
}

/// Natively there is no page: Trunk builds the study module for wasm32
/// (`./dev serve`).
#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the study module runs in a browser: `./dev serve` builds it for wasm32");
    std::process::exit(2);
}
