//! The hot-seat game in headless Chromium (wasm-bindgen-test): start from a
//! link, lift the curtain, make a move by clicks, and check that the DOM
//! holds only the viewer's picture.

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement};

use crate::dom::{click, mount_point, set_value};

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
    let handle = yew::Renderer::<fogbound::App>::with_root(root.clone()).render();
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
    // No black man named anywhere on the board (the phantom tray below
    // offers every kind of black man, so it is left out).
    let board = root.query_selector("svg.board").unwrap().unwrap();
    assert!(!board.outer_html().contains("black"));
    assert_eq!(count(&root, "[data-testid=tray]"), 1);

    // Select the e-pawn: its two destinations; play e2-e4.
    click(&root, "[data-square=e2]");
    yew::scheduler::flush().await;
    assert_eq!(count(&root, "[data-dest]"), 2);
    assert_eq!(count(&root, "[data-square=e4] [data-dest]"), 1);
    click(&root, "[data-square=e4]");
    yew::scheduler::flush().await;

    // White looks at the board after the move: e4 is seen, nothing is
    // movable, no black man anywhere; then White passes the device.
    assert_eq!(count(&root, "[data-square=e4] [data-piece=wP]"), 1);
    assert_eq!(count(&root, "[data-dest]"), 0);
    let board = root.query_selector("svg.board").unwrap().unwrap();
    assert!(!board.outer_html().contains("black"));
    assert!(text(&root, "[data-testid=pass]").contains("Pass to Black"));
    assert!(crate::dom::pass(&root).await);

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
    handle.destroy();
}

fn text(root: &Element, selector: &str) -> String {
    root.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("nothing matches {selector}"))
        .text_content()
        .unwrap_or_default()
}

fn press(root: &Element, selector: &str) {
    root.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("nothing matches {selector}"))
        .dyn_into::<HtmlElement>()
        .unwrap()
        .click();
}

/// Renders the app at `hash` with no saved game.
async fn open_at(hash: &str) -> (Element, yew::AppHandle<fogbound::App>) {
    let window = web_sys::window().unwrap();
    let storage = window.local_storage().unwrap().unwrap();
    storage.clear().unwrap();
    window.location().set_hash(hash).unwrap();
    let root = mount_point();
    let handle = yew::Renderer::<fogbound::App>::with_root(root.clone()).render();
    yew::scheduler::flush().await;
    yew::scheduler::flush().await;
    (root, handle)
}

/// Types `move_text` into the typed-move box and submits it.
async fn type_move(root: &Element, move_text: &str) {
    set_value(root, "[data-testid=typed-move]", move_text, "input");
    press(root, "[data-testid=typed-go]");
    yew::scheduler::flush().await;
}

#[wasm_bindgen_test]
async fn the_new_game_form_takes_names_a_custom_clock_and_the_handoff() {
    let (root, handle) = open_at("#/play").await;
    set_value(&root, "[data-testid=name-white]", "Ann", "input");
    yew::scheduler::flush().await;
    set_value(&root, "[data-testid=name-black]", "Bob", "input");
    yew::scheduler::flush().await;
    // No clock: no hand-off question.
    assert_eq!(count(&root, "[data-testid=handoff]"), 0);
    set_value(&root, "#clock", "custom", "change");
    yew::scheduler::flush().await;
    assert_eq!(count(&root, "[data-testid=handoff]"), 1);
    // A bad value: said inline, and Start waits.
    set_value(&root, "[data-testid=clock-minutes]", "0", "input");
    yew::scheduler::flush().await;
    assert!(text(&root, "[data-testid=clock-error]").contains("1 to 180"));
    let start = root.query_selector("[data-testid=start]").unwrap().unwrap();
    assert!(start.has_attribute("disabled"));
    set_value(&root, "[data-testid=clock-minutes]", "7", "input");
    set_value(&root, "[data-testid=clock-increment]", "5", "input");
    yew::scheduler::flush().await;
    assert_eq!(count(&root, "[data-testid=clock-error]"), 0);
    assert!(!start.has_attribute("disabled"));
    press(&root, "[data-testid=handoff-running]");
    yew::scheduler::flush().await;
    let link = text(&root, "[data-testid=start-link]");
    assert!(link.contains("clock=7+5"), "{link}");
    assert!(link.contains("handoff=running"), "{link}");
    assert!(link.contains("names=Ann,Bob"), "{link}");
    // On the open board there is no curtain, so no hand-off to ask about.
    assert_eq!(count(&root, "[data-testid=what-is-shown]"), 1);
    set_value(&root, "#model", "open", "change");
    yew::scheduler::flush().await;
    assert_eq!(count(&root, "[data-testid=handoff]"), 0);
    assert!(text(&root, "[data-testid=no-handoff]").contains("the clock stops."));
    assert_eq!(count(&root, "[data-testid=what-is-shown]"), 0);
    set_value(&root, "#model", "fog", "change");
    yew::scheduler::flush().await;
    assert_eq!(count(&root, "[data-testid=handoff]"), 1);
    // A name too long is refused inline.
    set_value(&root, "[data-testid=name-black]", &"x".repeat(30), "input");
    yew::scheduler::flush().await;
    assert!(start.has_attribute("disabled"));
    assert!(root.inner_html().contains("at most 24"));
    set_value(&root, "[data-testid=name-black]", "Bob", "input");
    yew::scheduler::flush().await;

    press(&root, "[data-testid=start]");
    yew::scheduler::flush().await;
    let curtain = text(&root, "[data-testid=curtain]");
    assert!(curtain.contains("Ann (White) to move"), "{curtain}");
    assert!(
        curtain.contains("Pass the device to Ann (White)"),
        "{curtain}"
    );
    assert_eq!(text(&root, "[data-testid=reveal]"), "Show Ann's board");
    let white_clock = text(&root, "[data-testid=clock-w]");
    assert!(
        white_clock.contains("Ann (White)") && white_clock.contains("7:00"),
        "{white_clock}"
    );
    let document = web_sys::window().unwrap().document().unwrap();
    assert_eq!(document.title(), "fogbound — Pass to Ann (White)");
    press(&root, "[data-testid=reveal]");
    yew::scheduler::flush().await;
    assert_eq!(document.title(), "fogbound — Ann (White) to move");
    handle.destroy();
}

#[wasm_bindgen_test]
async fn typed_moves_read_against_the_viewers_board() {
    let (root, handle) = open_at("#/play?model=fog&start=1").await;
    press(&root, "[data-testid=reveal]");
    yew::scheduler::flush().await;
    let input = root.query_selector("#typed-move").unwrap().unwrap();
    // Labelled for screen readers.
    let label = root
        .query_selector("label[for=typed-move]")
        .unwrap()
        .unwrap();
    assert_eq!(label.text_content().as_deref(), Some("Type a move"));
    type_move(&root, "Nf9").await;
    let error = text(&root, "[data-testid=typed-error]");
    assert!(error.contains("Nf9"), "{error}");
    let input_now = root.query_selector("#typed-move").unwrap().unwrap();
    // The refused text stays in the box to correct.
    assert_eq!(
        input_now
            .dyn_ref::<web_sys::HtmlInputElement>()
            .unwrap()
            .value(),
        "Nf9"
    );
    assert_eq!(
        input_now.get_attribute("aria-invalid").as_deref(),
        Some("true")
    );
    assert!(input_now
        .get_attribute("aria-describedby")
        .unwrap()
        .contains("typed-error"));
    drop(input);
    type_move(&root, "Nf3").await;
    assert!(crate::dom::pass(&root).await);
    assert_eq!(count(&root, "[data-testid=curtain]"), 1);
    press(&root, "[data-testid=reveal]");
    yew::scheduler::flush().await;
    type_move(&root, "e7e5").await;
    assert!(crate::dom::pass(&root).await);
    press(&root, "[data-testid=reveal]");
    yew::scheduler::flush().await;
    let list = text(&root, "[data-testid=move-list]");
    assert!(list.contains("Nf3"), "{list}");
    handle.destroy();
}

#[wasm_bindgen_test]
async fn ghosts_and_phantoms_are_drawn_for_their_owner_only() {
    let (root, handle) = open_at("#/play?model=fog&start=1").await;
    // 1. Nc3 d5 2. Nb1 h6: White saw the d5 pawn, then lost sight of it.
    for m in ["Nc3", "d5", "Nb1", "h6"] {
        press(&root, "[data-testid=reveal]");
        yew::scheduler::flush().await;
        type_move(&root, m).await;
        assert!(crate::dom::pass(&root).await);
    }
    press(&root, "[data-testid=reveal]");
    yew::scheduler::flush().await;
    assert_eq!(count(&root, "[data-ghost]"), 1);
    assert_eq!(
        count(&root, "[data-square=d5][data-fog] [data-ghost=bP]"),
        1
    );
    assert_eq!(count(&root, "[data-square=d5] [data-piece]"), 0);
    assert_eq!(count(&root, "[data-piece^=b]"), 0);
    // The ghost can be switched off and on.
    press(&root, "[data-testid=toggle-ghosts]");
    yew::scheduler::flush().await;
    assert_eq!(count(&root, "[data-ghost]"), 0);
    press(&root, "[data-testid=toggle-ghosts]");
    yew::scheduler::flush().await;
    assert_eq!(count(&root, "[data-ghost]"), 1);

    // A phantom queen on d8 (hidden); none on e4 (seen, empty).
    press(&root, "[data-testid=tray-bQ]");
    yew::scheduler::flush().await;
    click(&root, "[data-square=d8]");
    yew::scheduler::flush().await;
    click(&root, "[data-square=e3]");
    yew::scheduler::flush().await;
    assert_eq!(count(&root, "[data-phantom]"), 1);
    assert_eq!(count(&root, "[data-square=d8] [data-phantom=bQ]"), 1);
    assert_eq!(count(&root, "[data-square=d8] [data-piece]"), 0);
    assert_eq!(count(&root, "[data-piece]"), 16);
    let label = root
        .query_selector("[data-square=d8]")
        .unwrap()
        .unwrap()
        .get_attribute("aria-label")
        .unwrap();
    assert!(label.contains("your phantom: black queen"), "{label}");
    // Remove mode takes it off; place it again and keep it in the save.
    press(&root, "[data-testid=tray-remove]");
    yew::scheduler::flush().await;
    click(&root, "[data-square=d8]");
    yew::scheduler::flush().await;
    assert_eq!(count(&root, "[data-phantom]"), 0);
    press(&root, "[data-testid=tray-bN]");
    yew::scheduler::flush().await;
    click(&root, "[data-square=g8]");
    yew::scheduler::flush().await;
    assert_eq!(count(&root, "[data-square=g8] [data-phantom=bN]"), 1);
    // With the tool in hand, a right-click takes a phantom off.
    click(&root, "[data-square=h8]");
    yew::scheduler::flush().await;
    assert_eq!(count(&root, "[data-square=h8] [data-phantom=bN]"), 1);
    crate::dom::Pointer::RIGHT.drag(&root, &["h8"]);
    yew::scheduler::flush().await;
    assert_eq!(count(&root, "[data-square=h8] [data-phantom]"), 0);
    assert_eq!(
        count(&root, "[data-mark]"),
        0,
        "the right-click was the tool's, not a circle"
    );
    assert_eq!(count(&root, "[data-phantom]"), 1);
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    let saved = active_save(&storage);
    assert!(saved.contains("g8") && saved.contains("bN"), "{saved}");
    press(&root, "[data-testid=tray-bN]");
    yew::scheduler::flush().await;

    // Black's turn: none of White's aids.
    type_move(&root, "e4").await;
    assert!(crate::dom::pass(&root).await);
    press(&root, "[data-testid=reveal]");
    yew::scheduler::flush().await;
    assert_eq!(count(&root, "[data-phantom]"), 0);
    assert_eq!(count(&root, "[data-ghost]"), 0);
    handle.destroy();
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
    use crate::dom::{key, Pointer};
    let window = web_sys::window().unwrap();
    window.local_storage().unwrap().unwrap().clear().unwrap();
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
    // The phantom tray offers every kind of black man, so only the board
    // is searched.
    let board = root.query_selector("svg.board").unwrap().unwrap();
    assert!(!board.outer_html().contains("black"));

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

    // e2-e4 by mouse drag: the mover looks, passes, the curtain falls and
    // the arrow goes with the view.
    Pointer::MOUSE.drag(&root, &["e2", "e3", "e4"]);
    yew::scheduler::flush().await;
    assert!(crate::dom::pass(&root).await);
    assert_eq!(count(&root, "[data-testid=curtain]"), 1);
    assert_eq!(count(&root, "[data-mark]"), 0);
    click(&root, "[data-testid=reveal]");
    yew::scheduler::flush().await;
    assert_eq!(count(&root, "[data-mark]"), 0, "Black sees White's drawing");
    audit_labels(&root);
    let board = root.query_selector("svg.board").unwrap().unwrap();
    assert!(!board.outer_html().contains("white"));

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
    assert!(crate::dom::pass(&root).await);
    assert_eq!(count(&root, "[data-testid=curtain]"), 1);

    // White's d-pawn by a finger.
    click(&root, "[data-testid=reveal]");
    yew::scheduler::flush().await;
    Pointer::TOUCH.drag(&root, &["d2", "d3", "d4"]);
    yew::scheduler::flush().await;
    assert!(crate::dom::pass(&root).await);
    assert_eq!(count(&root, "[data-testid=curtain]"), 1);
    let saved = active_save(&window.local_storage().unwrap().unwrap());
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
    use crate::dom::Pointer;
    let window = web_sys::window().unwrap();
    let storage = window.local_storage().unwrap().unwrap();
    storage.clear().unwrap();
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
    assert_eq!(count(&root, "[data-testid=pass]"), 1);
    let id = storage.get_item("fogbound.active").unwrap().unwrap();
    let saved = storage
        .get_item(&format!("fogbound.game.{id}"))
        .unwrap()
        .unwrap();
    // g1-f3 across first: through f1 and f2 (squares 5 and 13).
    assert!(
        saved.contains("\"from\":6,\"to\":21") && saved.contains("\"route\":[5,13]"),
        "{saved}"
    );
}

/// Hands the device over (after a move) and lifts the curtain if one is
/// down (the open model has none).
async fn reveal_if_any(root: &Element) {
    crate::dom::pass(root).await;
    if count(root, "[data-testid=reveal]") == 1 {
        click(root, "[data-testid=reveal]");
        yew::scheduler::flush().await;
    }
}

#[wasm_bindgen_test]
async fn a_pawn_dragged_to_the_last_rank_asks_which_man_it_becomes() {
    use crate::dom::Pointer;
    let (root, _handle) = open_at("#/play?variant=chess&model=fog&clock=none&start=1").await;
    // 1.h4 g5 2.hxg5 h6 3.gxh6 Nf6 4.h7 Rg8, by clicks.
    for (from, to) in [
        ("h2", "h4"),
        ("g7", "g5"),
        ("h4", "g5"),
        ("h7", "h6"),
        ("g5", "h6"),
        ("g8", "f6"),
        ("h6", "h7"),
        ("h8", "g8"),
    ] {
        reveal_if_any(&root).await;
        click(&root, &format!("[data-square={from}]"));
        yew::scheduler::flush().await;
        click(&root, &format!("[data-square={to}]"));
        yew::scheduler::flush().await;
    }
    reveal_if_any(&root).await;
    // White drags the pawn to h8: the picker offers the four men, and
    // nothing is played until one is chosen.
    Pointer::MOUSE.drag(&root, &["h7", "h8"]);
    yew::scheduler::flush().await;
    assert_eq!(count(&root, "[data-testid=promotion]"), 1);
    for role in ["q", "r", "b", "n"] {
        assert_eq!(
            count(&root, &format!("[data-testid=promote-{role}]")),
            1,
            "{role}"
        );
    }
    assert_eq!(count(&root, "[data-square=h7] [data-piece=wP]"), 1);
    click(&root, "[data-testid=promote-n]");
    yew::scheduler::flush().await;
    // The knight stands on h8 in White's view; the curtain falls for Black.
    assert_eq!(count(&root, "[data-testid=promotion]"), 0);
    assert_eq!(count(&root, "[data-square=h8] [data-piece=wN]"), 1);
    assert!(crate::dom::pass(&root).await);
    assert_eq!(count(&root, "[data-testid=curtain]"), 1);
    reveal_if_any(&root).await;
    // Black saw the pawn capture-free walk end on h8: the knight is in
    // Black's view only if Black's men see h8 (the rook on g8 does).
    assert_eq!(count(&root, "[data-square=h8] [data-piece=wN]"), 1);
}

/// The saved game the Play page resumes (`fogbound.active` names it).
fn active_save(storage: &web_sys::Storage) -> String {
    let id = storage.get_item("fogbound.active").unwrap().unwrap();
    storage
        .get_item(&format!("fogbound.game.{id}"))
        .unwrap()
        .unwrap()
}

/// The questions offered come from the observation: "Any?" only where the
/// umpire answers it, the rebuff question only in RAND games.
#[wasm_bindgen_test]
async fn kriegspiel_buttons_follow_what_the_umpire_answers() {
    for (preset, any, rebuffs) in [
        ("wild16", 0, 0),
        ("berkeley", 0, 0),
        ("english", 1, 0),
        ("rand", 0, 1),
    ] {
        let (root, handle) =
            open_at(&format!("#/play?model=kriegspiel&preset={preset}&start=1")).await;
        press(&root, "[data-testid=reveal]");
        yew::scheduler::flush().await;
        assert_eq!(count(&root, "[data-testid=any]"), any, "{preset}");
        assert_eq!(count(&root, "[data-testid=rebuffs]"), rebuffs, "{preset}");
        if any == 1 {
            press(&root, "[data-testid=any]");
            yew::scheduler::flush().await;
            assert!(text(&root, "[data-testid=feedback]").contains("Any?"));
            assert_eq!(count(&root, "[data-testid=any]"), 0, "asked once a turn");
        }
        if rebuffs == 1 {
            press(&root, "[data-testid=rebuffs]");
            yew::scheduler::flush().await;
            let log = text(&root, "[data-testid=umpire-log]");
            assert!(log.contains("was refused last turn"), "{log}");
        }
        handle.destroy();
    }
}

/// A game against the default computer (the bot at its club level) from the form: no curtain, the
/// person's view throughout, "Move now" while it thinks, and no hint until the person's turn.
#[wasm_bindgen_test]
async fn the_form_seats_a_person_against_the_default_computer() {
    let (root, handle) = open_at("#/play").await;
    set_value(&root, "#mode", "computer", "change");
    yew::scheduler::flush().await;
    assert_eq!(count(&root, "#computer"), 1);
    set_value(&root, "#side", "black", "change");
    yew::scheduler::flush().await;
    assert_eq!(count(&root, "[data-testid=name-white]"), 0);
    assert_eq!(count(&root, "[data-testid=name-black]"), 1);
    let link = text(&root, "[data-testid=start-link]");
    assert!(
        link.contains("mode=computer&computer=bot:club&side=black"),
        "{link}"
    );
    press(&root, "[data-testid=start]");
    yew::scheduler::flush().await;
    assert_eq!(count(&root, "[data-testid=curtain]"), 0);
    assert_eq!(count(&root, "[data-testid=offer-draw]"), 0);
    // The computer (White) is to move; it thinks in the worker (the
    // journeys play such games against the built site).
    let status = text(&root, "[data-testid=turn]");
    assert!(
        status.contains("Fogbound bot (club) (White) is thinking"),
        "{status}"
    );
    assert_eq!(count(&root, "[data-testid=move-now]"), 1);
    assert_eq!(
        count(&root, "[data-testid=hint]"),
        0,
        "no hint while the computer moves"
    );
    assert_eq!(count(&root, "[data-piece^=b]"), 16);
    assert_eq!(count(&root, "[data-piece^=w]"), 0);
    handle.destroy();
}

/// The open board hides nothing: no curtain, and no word of one or of
/// moves "as you know them"; a fog game says what the page shows.
#[wasm_bindgen_test]
async fn the_open_board_speaks_of_no_fog() {
    let (root, handle) = open_at("#/play?variant=chess&model=open&clock=5+0&start=1").await;
    assert_eq!(count(&root, "[data-testid=curtain]"), 0);
    assert_eq!(count(&root, "[data-piece]"), 32);
    let page = text(&root, "main");
    for word in ["curtain", "as you know them", "the fog", "hidden men"] {
        assert!(!page.contains(word), "the open board says {word:?}: {page}");
    }
    assert!(text(&root, "[data-testid=hidden-note]").ends_with("the clock stops."));
    assert_eq!(count(&root, "[data-testid=what-is-shown]"), 0);
    handle.destroy();

    let (root, handle) = open_at("#/play?variant=chess&model=fog&clock=5+0&start=1").await;
    let said = text(&root, "[data-testid=what-is-shown]");
    assert!(said.contains("only what that player may see"), "{said}");
    assert!(said.contains("autosave"), "{said}");
    assert!(text(&root, "[data-testid=hidden-note]").contains("the curtain comes down"));
    handle.destroy();
}
