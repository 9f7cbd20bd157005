//! The browser tests (wasm-bindgen-test in headless Chromium), one binary so
//! the app links and wasm-bindgen runs once: components rendered into the
//! real DOM, the hot-seat game, the replay, and the engine as the page
//! builds it (one bitboard width).
#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::wasm_bindgen_test_configure;

mod components;
mod dom;
mod engine;
mod play;
mod replay;
mod routes;

wasm_bindgen_test_configure!(run_in_browser);
