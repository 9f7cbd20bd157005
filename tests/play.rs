//! The hot-seat game in headless Chromium (wasm-bindgen-test): start from a
//! link, lift the curtain, make a move by clicks, and check that the DOM
//! holds only the viewer's picture.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement};

mod dom;

use dom::{click, mount_point};

wasm_bindgen_test_configure!(run_in_browser);

fn count(root: &Element, selector: &str) -> u32 {
    root.query_selector_all(selector).unwrap().length()
}

#[wasm_bindgen_test]
async fn a_fog_game_through_the_curtain() {
    let window = web_sys::window().unwrap();
    let storage = window.local_storage().unwrap().unwrap();
    storage.clear().unwrap();
    window
        .location()
        .set_hash("#/play?variant=chess&model=fog&clock=none&start=1")
        .unwrap();
    let root = mount_point();
    yew::Renderer::<fogbound::App>::with_root(root.clone()).render();
    yew::scheduler::flush().await;
    yew::scheduler::flush().await;

    // Behind the curtain: no board, no piece, only the reveal button.
    assert_eq!(count(&root, "[data-testid=curtain]"), 1);
    assert_eq!(count(&root, "[data-square]"), 0);
    assert_eq!(count(&root, "[data-piece]"), 0);
    let reveal = root
        .query_selector("[data-testid=reveal]")
        .unwrap()
        .unwrap()
        .dyn_into::<HtmlElement>()
        .unwrap();
    assert_eq!(reveal.text_content().as_deref(), Some("Show White's board"));
    reveal.click();
    yew::scheduler::flush().await;

    // White's view: own men only, ranks 5 to 8 in the fog.
    assert_eq!(count(&root, "[data-square]"), 64);
    assert_eq!(count(&root, "[data-piece]"), 16);
    assert_eq!(count(&root, "[data-piece^=b]"), 0);
    assert_eq!(count(&root, "[data-fog]"), 32);
    assert_eq!(count(&root, "[data-square=e8][data-fog]"), 1);
    assert!(!root.inner_html().contains("black"));

    // Select the e-pawn: its two destinations; play e2-e4.
    click(&root, "[data-square=e2]");
    yew::scheduler::flush().await;
    assert_eq!(count(&root, "[data-dest]"), 2);
    assert_eq!(count(&root, "[data-square=e4] [data-dest]"), 1);
    click(&root, "[data-square=e4]");
    yew::scheduler::flush().await;

    // The curtain drops for Black; the game is saved.
    assert_eq!(count(&root, "[data-square]"), 0);
    assert_eq!(count(&root, "[data-piece]"), 0);
    let curtain = root
        .query_selector("[data-testid=curtain]")
        .unwrap()
        .unwrap();
    assert!(curtain.text_content().unwrap().contains("Black to move"));
    let id = storage.get_item("fogbound.active").unwrap().unwrap();
    let saved = storage
        .get_item(&format!("fogbound.game.{id}"))
        .unwrap()
        .unwrap();
    assert!(saved.contains("\"log\""));
    assert!(storage
        .get_item("fogbound.games")
        .unwrap()
        .unwrap()
        .contains(&id));

    click(&root, "[data-testid=reveal]");
    yew::scheduler::flush().await;
    // Black sees none of White's men at this point.
    assert_eq!(count(&root, "[data-piece^=w]"), 0);
    assert_eq!(count(&root, "[data-piece^=b]"), 16);
    let list = root
        .query_selector("[data-testid=move-list]")
        .unwrap()
        .unwrap();
    assert!(!list.text_content().unwrap().contains("e4"));
}
