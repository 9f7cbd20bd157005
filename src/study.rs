//! The study pages as an app of their own: the puzzles, the editor, the
//! solvers, the endgame lab and About, built from this library as a second
//! WebAssembly module (`src/bin/study.rs`) that the page loads the first
//! time one of these routes is visited ([`crate::study_host`]). Someone
//! who only plays never downloads it.
//!
//! The page keeps its header and its router; the study app is mounted
//! into an element the page's [`crate::study_host::StudyHost`] draws, routes
//! on the same fragment with its own router, and draws nothing on the
//! page's own routes (the page unmounts it there anyway).

#![cfg(target_arch = "wasm32")]

use std::cell::RefCell;

use yew::prelude::*;
use yew_router::prelude::*;

use crate::app::Route;
use crate::pages;

fn switch(route: Route) -> Html {
    match route {
        Route::Puzzles => html! { <pages::Puzzles /> },
        Route::Puzzle => html! { <pages::PuzzleSolve /> },
        Route::PuzzleEditor => html! { <pages::PuzzleEditor /> },
        Route::Solvers => html! { <pages::Solvers /> },
        Route::FoxHounds => html! { <pages::FoxHounds /> },
        Route::Krk => html! { <pages::Krk /> },
        Route::FogEndgames => html! { <pages::FogEndgames /> },
        Route::About => html! { <pages::About /> },
        // The page's own routes: the page draws them.
        Route::Home
        | Route::Play
        | Route::Games
        | Route::Replay
        | Route::Rules
        | Route::NotFound => html! {},
    }
}

/// The study app: its router and the study pages.
#[function_component(StudyApp)]
pub fn study_app() -> Html {
    html! {
        <HashRouter>
            <Switch<Route> render={switch} />
        </HashRouter>
    }
}

thread_local! {
    static MOUNTED: RefCell<Option<yew::AppHandle<StudyApp>>> = const { RefCell::new(None) };
}

/// Mounts the study app into `root` (unmounting it from where it was).
pub fn mount(root: web_sys::Element) {
    unmount();
    let handle = yew::Renderer::<StudyApp>::with_root(root).render();
    MOUNTED.with(|m| *m.borrow_mut() = Some(handle));
}

/// Takes the study app down, if it is up.
pub fn unmount() {
    if let Some(handle) = MOUNTED.with(|m| m.borrow_mut().take()) {
        handle.destroy();
    }
}

/// The subtree numbers the page's app may use (Yew numbers an app's root
/// and each portal from 1, in each WebAssembly module separately).
pub const PAGE_SUBTREES: usize = 15;

/// Keeps the study app's event handling apart from the page's. Yew
/// delegates events to each app's root element and finds the app an event
/// belongs to by the subtree number written on the elements; the study app
/// lives inside the page's DOM, and both modules number their subtrees
/// from 1, so an event in a study page would look like the page's own. The
/// study module therefore spends its first numbers on throwaway apps before
/// it mounts the real one. Called once, when the module starts.
pub fn keep_clear_of_the_page() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    for _ in 0..PAGE_SUBTREES {
        if let Ok(scratch) = document.create_element("div") {
            yew::Renderer::<Nothing>::with_root(scratch)
                .render()
                .destroy();
        }
    }
}

#[function_component(Nothing)]
fn nothing() -> Html {
    html! {}
}
