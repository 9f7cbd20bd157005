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
    storage.remove_item("fogbound.current").unwrap();
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
    let saved = storage.get_item("fogbound.current").unwrap().unwrap();
    assert!(saved.contains("\"log\""));

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

fn attr(root: &Element, selector: &str, name: &str) -> Option<String> {
    root.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("nothing matches {selector}"))
        .get_attribute(name)
}

/// Every square's accessible name says exactly what the square shows:
/// the shown man, "hidden" for fog, else "empty".
fn audit_labels(root: &Element) {
    let cells = root.query_selector_all("[data-square]").unwrap();
    assert!(cells.length() > 0);
    for i in 0..cells.length() {
        let cell = cells.item(i).unwrap().dyn_into::<Element>().unwrap();
        let name = cell.get_attribute("data-square").unwrap();
        let label = cell.get_attribute("aria-label").unwrap();
        let shown = cell
            .query_selector("[data-piece]")
            .unwrap()
            .map(|p| p.get_attribute("data-piece").unwrap());
        let what = match (shown, cell.has_attribute("data-fog")) {
            (Some(code), _) => fogbound::components::board::piece_name(&code),
            (None, true) => "hidden".to_string(),
            (None, false) => "empty".to_string(),
        };
        assert!(
            label == format!("{name}, {what}") || label.starts_with(&format!("{name}, {what}, ")),
            "{label} but the square shows {what}"
        );
    }
}

#[wasm_bindgen_test]
async fn moves_by_drag_touch_and_keyboard_and_marks_stay_with_their_viewer() {
    use dom::{key, Pointer};
    let window = web_sys::window().unwrap();
    window
        .local_storage()
        .unwrap()
        .unwrap()
        .remove_item("fogbound.current")
        .unwrap();
    window
        .location()
        .set_hash("#/play?variant=chess&model=fog&clock=none&start=1")
        .unwrap();
    let root = mount_point();
    yew::scheduler::flush().await;
    yew::Renderer::<fogbound::App>::with_root(root.clone()).render();
    yew::scheduler::flush().await;
    yew::scheduler::flush().await;
    click(&root, "[data-testid=reveal]");
    yew::scheduler::flush().await;
    audit_labels(&root);
    assert!(!root.inner_html().contains("black"));

    // White draws an arrow, flips the board with the button and back.
    Pointer::RIGHT.drag(&root, &["d2", "d4"]);
    yew::scheduler::flush().await;
    assert_eq!(count(&root, "[data-mark=arrow]"), 1);
    click(&root, "[data-testid=flip]");
    yew::scheduler::flush().await;
    assert_eq!(
        attr(&root, "[data-square=a1] rect", "y").as_deref(),
        Some("0")
    );
    assert_eq!(
        attr(&root, "[data-testid=flip]", "aria-pressed").as_deref(),
        Some("true")
    );
    assert_eq!(
        count(&root, "[data-mark=arrow]"),
        1,
        "a flip keeps the drawing"
    );
    click(&root, "[data-testid=flip]");
    yew::scheduler::flush().await;
    assert_eq!(
        attr(&root, "[data-square=a1] rect", "y").as_deref(),
        Some("700")
    );

    // e2-e4 by mouse drag: the curtain falls and the arrow goes with the view.
    Pointer::MOUSE.drag(&root, &["e2", "e3", "e4"]);
    yew::scheduler::flush().await;
    assert_eq!(count(&root, "[data-testid=curtain]"), 1);
    assert_eq!(count(&root, "[data-mark]"), 0);
    click(&root, "[data-testid=reveal]");
    yew::scheduler::flush().await;
    assert_eq!(count(&root, "[data-mark]"), 0, "Black sees White's drawing");
    audit_labels(&root);
    assert!(!root.inner_html().contains("white"));

    // Black plays e7-e5 from the keyboard: the cursor starts at Black's
    // bottom-left corner, h8.
    let board = "svg.board";
    key(&root, board, "ArrowUp");
    for k in ["ArrowRight", "ArrowRight", "ArrowRight", "ArrowUp", "Enter"] {
        key(&root, board, k);
    }
    yew::scheduler::flush().await;
    assert_eq!(count(&root, "[data-square=e7][aria-selected=true]"), 1);
    assert_eq!(count(&root, "[data-dest]"), 2);
    key(&root, board, "ArrowUp");
    key(&root, board, "ArrowUp");
    key(&root, board, "Enter");
    yew::scheduler::flush().await;
    assert_eq!(count(&root, "[data-testid=curtain]"), 1);

    // White's d-pawn by a finger.
    click(&root, "[data-testid=reveal]");
    yew::scheduler::flush().await;
    Pointer::TOUCH.drag(&root, &["d2", "d3", "d4"]);
    yew::scheduler::flush().await;
    assert_eq!(count(&root, "[data-testid=curtain]"), 1);
    let saved = window
        .local_storage()
        .unwrap()
        .unwrap()
        .get_item("fogbound.current")
        .unwrap()
        .unwrap();
    // The three moves, as square indices: e2-e4, e7-e5, d2-d4.
    for mv in [
        "\"from\":12,\"to\":28",
        "\"from\":52,\"to\":36",
        "\"from\":11,\"to\":27",
    ] {
        assert!(saved.contains(mv), "{mv} missing from {saved}");
    }
    assert_eq!(saved.matches("\"Played\"").count(), 3, "{saved}");
}

#[wasm_bindgen_test]
async fn a_dragged_knight_takes_the_chosen_dark_chess_route() {
    use dom::Pointer;
    let window = web_sys::window().unwrap();
    let storage = window.local_storage().unwrap().unwrap();
    storage.remove_item("fogbound.current").unwrap();
    window
        .location()
        .set_hash("#/play?variant=chess&model=dark&clock=none&start=1")
        .unwrap();
    let root = mount_point();
    yew::scheduler::flush().await;
    yew::Renderer::<fogbound::App>::with_root(root.clone()).render();
    yew::scheduler::flush().await;
    yew::scheduler::flush().await;
    click(&root, "[data-testid=reveal]");
    yew::scheduler::flush().await;
    click(&root, "[data-testid=route]");
    yew::scheduler::flush().await;
    Pointer::MOUSE.drag(&root, &["g1", "g2", "f3"]);
    yew::scheduler::flush().await;
    assert_eq!(count(&root, "[data-testid=curtain]"), 1);
    let saved = storage.get_item("fogbound.current").unwrap().unwrap();
    // g1-f3 across first: through f1 and f2 (squares 5 and 13).
    assert!(
        saved.contains("\"from\":6,\"to\":21") && saved.contains("\"route\":[5,13]"),
        "{saved}"
    );
}
