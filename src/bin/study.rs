//! Entry point of the study module: the study pages (puzzles, the editor,
//! the solvers, the endgame lab, About) as a second WebAssembly module,
//! which the page imports the first time a study route is visited and
//! mounts into its own element (`fogbound::study_host`).

use wasm_bindgen::prelude::*;

fn main() {
    fogbound::panic::install("The study pages");
    fogbound::study::keep_clear_of_the_page();
}

/// Mounts the study pages into `root`.
#[wasm_bindgen]
pub fn mount(root: web_sys::Element) {
    fogbound::study::mount(root);
}

/// Takes the study pages down.
#[wasm_bindgen]
pub fn unmount() {
    fogbound::study::unmount();
}
