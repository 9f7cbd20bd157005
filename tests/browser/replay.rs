//! The replay component in headless Chromium (wasm-bindgen-test): a
//! finished Fog of War game stepped through with the keys, the buttons and
//! the move list, in each lens, checking what each view shows at past plies.

use std::rc::Rc;

use fogbound::play::replay::Replay;
use fogbound::play::review::{GameReview, GameReviewProps};
use fogbound::play::settings::PlayLink;
use fogbound::play::table::{Act, GameTable};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::Element;

use crate::dom::{click, mount_point};

fn count(root: &Element, selector: &str) -> u32 {
    root.query_selector_all(selector).unwrap().length()
}

fn text(root: &Element, selector: &str) -> String {
    root.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("nothing matches {selector}"))
        .text_content()
        .unwrap_or_default()
}

/// A key pressed with the focus on `target` (bubbling up to the document).
fn key(target: &web_sys::EventTarget, name: &str) {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(name);
    init.set_bubbles(true);
    init.set_cancelable(true);
    let event =
        web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    target.dispatch_event(&event).unwrap();
}

fn press(name: &str) {
    let document = web_sys::window().unwrap().document().unwrap();
    key(document.unchecked_ref(), name);
}

/// 1. e4 f6 2. Qh5 a6 3. Qxe8: White takes the king.
fn finished_game() -> Rc<Replay> {
    let mut s = GameTable::new(PlayLink::parse("model=fog").0, 0.0).unwrap();
    let g = s.geometry();
    for (from, to) in [
        ("e2", "e4"),
        ("f7", "f6"),
        ("d1", "h5"),
        ("a7", "a6"),
        ("h5", "e8"),
    ] {
        s.apply(Act::Pass);
        s.apply(Act::Reveal { now: 0.0 });
        for name in [from, to] {
            s.apply(Act::Square {
                square: g.parse_square(name).unwrap(),
                now: 0.0,
            });
        }
    }
    assert!(s.outcome().is_some());
    Rc::new(Replay::from_save_json(&s.to_json(0.0)).unwrap())
}

#[wasm_bindgen_test]
async fn the_replay_steps_through_every_lens() {
    let root = mount_point();
    let props = GameReviewProps {
        replay: finished_game(),
        title: "Replay".into(),
        children: yew::Html::default(),
    };
    yew::Renderer::<GameReview>::with_root_and_props(root.clone(), props).render();
    yew::scheduler::flush().await;

    // It opens at the end on the full board: the true final position.
    assert!(text(&root, "[data-testid=replay-ply]").starts_with("Ply 5 of 5 · Full board"));
    assert_eq!(count(&root, "[data-piece]"), 31);
    assert_eq!(count(&root, "[data-fog]"), 0);
    assert_eq!(count(&root, "[data-square=e8] [data-piece=wQ]"), 1);
    assert!(text(&root, "[data-testid=outcome]").contains("White wins"));

    // White's view at the end: fog, and only what White could see.
    click(&root, "[data-testid=lens-w]");
    yew::scheduler::flush().await;
    assert!(count(&root, "[data-fog]") > 0);
    assert_eq!(count(&root, "[data-testid=lens-w][aria-pressed=true]"), 1);

    // Home: the start, as White saw it.
    press("Home");
    yew::scheduler::flush().await;
    assert!(text(&root, "[data-testid=replay-ply]").starts_with("Ply 0 of 5"));
    assert_eq!(count(&root, "[data-piece]"), 16);
    assert_eq!(count(&root, "[data-piece^=b]"), 0);
    assert_eq!(count(&root, "[data-fog]"), 32);

    // → → : after 1... f6, which White never saw.
    press("ArrowRight");
    press("ArrowRight");
    yew::scheduler::flush().await;
    assert!(text(&root, "[data-testid=replay-ply]").starts_with("Ply 2 of 5"));
    assert_eq!(count(&root, "[data-square=f6][data-fog]"), 1);
    assert_eq!(count(&root, "[data-square=f6] [data-piece]"), 0);
    assert_eq!(count(&root, "[data-square=f7] [data-piece]"), 0);
    assert_eq!(count(&root, "[data-ply='2'][aria-current]"), 1);
    // White's move list: its own move, and a move it did not see.
    let moves = text(&root, "[data-testid=replay-moves]");
    assert!(moves.contains("1.e4") && !moves.contains("f6"), "{moves}");

    // Black's view at the same ply: the pawn on f6, the board turned.
    click(&root, "[data-testid=lens-b]");
    yew::scheduler::flush().await;
    assert_eq!(count(&root, "[data-square=f6] [data-piece=bP]"), 1);
    assert_eq!(count(&root, "[data-piece^=w]"), 0);
    assert!(text(&root, "[data-testid=replay-ply]").starts_with("Ply 2 of 5 · Black's view"));

    // A ply in the move list; ← steps back; keys typed into a field do not step.
    click(&root, "[data-ply='4']");
    yew::scheduler::flush().await;
    assert!(text(&root, "[data-testid=replay-ply]").starts_with("Ply 4 of 5"));
    // After 2. Qh5 the queen stood in Black's fog.
    assert_eq!(count(&root, "[data-square=h5][data-fog]"), 1);
    press("ArrowLeft");
    yew::scheduler::flush().await;
    assert!(text(&root, "[data-testid=replay-ply]").starts_with("Ply 3 of 5"));
    let slider = root
        .query_selector("[data-testid=replay-slider]")
        .unwrap()
        .unwrap();
    key(slider.unchecked_ref(), "Home");
    yew::scheduler::flush().await;
    assert!(text(&root, "[data-testid=replay-ply]").starts_with("Ply 3 of 5"));

    // The full board at ply 3: the queen on h5; End: the last ply.
    click(&root, "[data-testid=lens-full]");
    yew::scheduler::flush().await;
    assert_eq!(count(&root, "[data-square=h5] [data-piece=wQ]"), 1);
    assert_eq!(count(&root, "[data-piece]"), 32);
    press("End");
    yew::scheduler::flush().await;
    assert!(text(&root, "[data-testid=replay-ply]").starts_with("Ply 5 of 5"));
    assert_eq!(count(&root, "[data-testid=next][disabled]"), 1);
    // A finished game offers its share link.
    assert!(text(&root, "[data-testid=share-link]").contains("#/replay?game="));
}
