//! The engine as the page builds it (the `page` feature: one bitboard
//! width; `./dev test` builds the browser tests with it). The native suite runs the engine on every width; these check
//! what only this build does: which boards it can hold, and that a game
//! written to a link and read back is the same game on its one width.

use fogbound_engine::{AnyMatch, Attempt, MatchError, ModelSpec, Variant};
use wasm_bindgen_test::wasm_bindgen_test;

fn played(variant: &Variant, spec: ModelSpec, moves: &[&str]) -> AnyMatch {
    let mut m = AnyMatch::new(variant, spec, None).unwrap();
    for text in moves {
        let side = m.turn();
        let attempt = Attempt::parse(text, m.geometry()).unwrap();
        m.attempt(side, attempt).unwrap();
    }
    m
}

#[wasm_bindgen_test]
fn the_page_holds_boards_up_to_128_squares_and_says_so_of_larger_ones() {
    for id in ["chess", "foolish-king", "krk-8x8", "krk-11x11"] {
        let variant = Variant::by_id(id).unwrap();
        let m = AnyMatch::new(&variant, ModelSpec::Open, None).unwrap();
        assert_eq!(m.variant().id, id);
    }
    let big = Variant::by_id("krk-12x12").unwrap();
    let made = AnyMatch::new(&big, ModelSpec::Open, None);
    if cfg!(feature = "page") {
        let err = made.unwrap_err();
        assert_eq!(err, MatchError::BoardTooLarge { squares: 144 });
        assert!(err.to_string().contains("at most 128 squares"), "{err}");
    } else {
        // A run by hand without the page's feature: every width is there.
        assert!(
            made.is_ok(),
            "a 12×12 board refused on a build of every width"
        );
    }
}

#[wasm_bindgen_test]
fn a_game_read_back_from_its_link_is_the_same_game_on_the_pages_width() {
    let krieg = ModelSpec::parse("kriegspiel", Some("berkeley-any")).unwrap();
    let games = [
        played(
            &Variant::chess(),
            ModelSpec::Fog,
            &["e2e4", "f7f6", "d1h5", "a7a6", "h5e8"],
        ),
        played(
            &Variant::chess(),
            krieg,
            &["e2d3", "any?", "e2e4", "d7d5", "e4d5"],
        ),
        played(
            &Variant::chess(),
            ModelSpec::Dark,
            &["g1f3@f1f2", "a7a6", "e2e4", "b7b6"],
        ),
        played(&Variant::by_id("krk-11x11").unwrap(), ModelSpec::Open, &[]),
    ];
    for m in games {
        let back = AnyMatch::from_share(&m.to_share()).unwrap();
        assert_eq!(back.log(), m.log());
        assert_eq!(back.fens(), m.fens());
        assert_eq!(back.spec(), m.spec());
        assert_eq!(back.outcome(), m.outcome());
    }
}
