//! The routes: every page's menu entry, and which module draws it.

use fogbound::Route;
use wasm_bindgen_test::*;

/// Every route but the start page and "not found".
const IN_A_SECTION: [Route; 12] = [
    Route::Play,
    Route::Games,
    Route::Replay,
    Route::Puzzles,
    Route::Puzzle,
    Route::PuzzleEditor,
    Route::Solvers,
    Route::FoxHounds,
    Route::Krk,
    Route::FogEndgames,
    Route::Rules,
    Route::About,
];

#[wasm_bindgen_test]
fn every_page_lights_its_own_menu_entry() {
    assert_eq!(Route::Replay.section(), Some(Route::Games));
    assert_eq!(Route::Games.section(), Some(Route::Games));
    assert_eq!(Route::Play.section(), Some(Route::Play));
    assert_eq!(Route::Krk.section(), Some(Route::Solvers));
    assert_eq!(Route::Home.section(), None);
    // Every section is an entry of the menu.
    for route in IN_A_SECTION {
        let section = route.section().unwrap();
        assert!(Route::NAV.iter().any(|(r, _)| *r == section), "{route:?}");
    }
}

#[wasm_bindgen_test]
fn a_section_is_drawn_by_one_module() {
    // A menu entry's pages are all the page's own or all the study
    // module's, so the menu never straddles the two.
    for route in IN_A_SECTION {
        let section = route.section().unwrap();
        assert_eq!(route.is_study(), section.is_study(), "{route:?}");
    }
    assert_eq!(Route::Krk.href(), "#/solvers/krk");
    assert!(!Route::NotFound.is_study() && !Route::Home.is_study());
}
