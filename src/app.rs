//! Routes, navigation and the frame around every page.
//!
//! The page's own routes (home, play, saved games, replay, rules, not
//! found) are drawn here; the study routes (puzzles, the editor, the
//! solvers, the lab, About) by the study module, a second WebAssembly
//! module loaded the first time one is visited ([`crate::study_host`]).
//! Both apps route on the URL's fragment and both hear every navigation,
//! because every link and every programmatic move is a fragment
//! navigation ([`Route::href`], [`go_to`]), which fires `popstate` for
//! both routers — yew-router's `Link` would tell its own app only.

#![cfg(target_arch = "wasm32")]

use yew::prelude::*;
use yew_router::prelude::*;

use crate::components::{ErrorBanner, ErrorContext, Errors};
use crate::pages;
use crate::study_host::StudyHost;

/// Every page of the product. The router works on the URL's fragment
/// (`#/play`), so the built site runs from any static file server and any
/// folder.
#[derive(Clone, Debug, PartialEq, Routable)]
pub enum Route {
    #[at("/")]
    Home,
    #[at("/play")]
    Play,
    #[at("/games")]
    Games,
    #[at("/replay")]
    Replay,
    #[at("/puzzles")]
    Puzzles,
    #[at("/puzzle")]
    Puzzle,
    #[at("/puzzles/editor")]
    PuzzleEditor,
    #[at("/solvers")]
    Solvers,
    #[at("/solvers/fox-hounds")]
    FoxHounds,
    #[at("/solvers/krk")]
    Krk,
    #[at("/solvers/fog-endgames")]
    FogEndgames,
    #[at("/rules")]
    Rules,
    #[at("/about")]
    About,
    #[not_found]
    #[at("/404")]
    NotFound,
}

impl Route {
    /// The routes in the navigation, with their labels.
    pub const NAV: [(Route, &'static str); 6] = [
        (Route::Play, "Play"),
        (Route::Games, "Saved games"),
        (Route::Puzzles, "Puzzles"),
        (Route::Solvers, "Solvers"),
        (Route::Rules, "Rules"),
        (Route::About, "About"),
    ];

    /// The title shown in the browser tab.
    pub fn title(&self) -> &'static str {
        match self {
            Route::Home => "fogbound — chess in the fog",
            Route::Play => "Play — fogbound",
            Route::Games => "Saved games — fogbound",
            Route::Replay => "Replay — fogbound",
            Route::Puzzles => "Puzzles — fogbound",
            Route::Puzzle => "Puzzle — fogbound",
            Route::PuzzleEditor => "Puzzle editor — fogbound",
            Route::Solvers => "Solvers — fogbound",
            Route::FoxHounds => "Fox & Hounds solver — fogbound",
            Route::Krk => "King and Rook vs King — fogbound",
            Route::FogEndgames => "Fog of War endgames — fogbound",
            Route::Rules => "Rules — fogbound",
            Route::About => "About — fogbound",
            Route::NotFound => "Page not found — fogbound",
        }
    }

    /// Whether the study module draws this route (see [`crate::study`]).
    pub fn is_study(&self) -> bool {
        match self {
            Route::Puzzles
            | Route::Puzzle
            | Route::PuzzleEditor
            | Route::Solvers
            | Route::FoxHounds
            | Route::Krk
            | Route::FogEndgames
            | Route::About => true,
            Route::Home
            | Route::Play
            | Route::Games
            | Route::Replay
            | Route::Rules
            | Route::NotFound => false,
        }
    }

    /// The route's address for a link (`#/solvers/krk`). Following it is a
    /// fragment navigation, which both the page's router and the study
    /// module's hear.
    pub fn href(&self) -> String {
        format!("#{}", self.to_path())
    }

    /// The navigation entry this route belongs under.
    pub fn section(&self) -> Option<Route> {
        match self {
            Route::FoxHounds | Route::Krk | Route::FogEndgames => Some(Route::Solvers),
            Route::Puzzle | Route::PuzzleEditor => Some(Route::Puzzles),
            // A replay is a finished game: a saved one, or one shared
            // from elsewhere that can be imported there.
            Route::Games | Route::Replay => Some(Route::Games),
            Route::Home | Route::NotFound => None,
            other => Some(other.clone()),
        }
    }
}

/// Goes to `address` (`#/replay?id=…`) as following a link would: a
/// fragment navigation that both apps' routers hear.
pub fn go_to(address: &str) {
    if let Some(window) = web_sys::window() {
        let _ = window.location().set_hash(address);
    }
}

fn switch(route: Route) -> Html {
    if let Some(document) = web_sys::window().and_then(|w| w.document()) {
        document.set_title(route.title());
    }
    match route {
        Route::Home => html! { <pages::Home /> },
        Route::Play => html! { <pages::Play /> },
        Route::Games => html! { <pages::Games /> },
        Route::Replay => html! { <pages::ReplayPage /> },
        Route::Rules => html! { <pages::Rules /> },
        Route::NotFound => html! { <pages::NotFound /> },
        // One host for every study route, so moving between them keeps the
        // study module mounted: its own router changes the page.
        Route::Puzzles
        | Route::Puzzle
        | Route::PuzzleEditor
        | Route::Solvers
        | Route::FoxHounds
        | Route::Krk
        | Route::FogEndgames
        | Route::About => html! { <StudyHost /> },
    }
}

#[function_component(Nav)]
fn nav() -> Html {
    let route = use_route::<Route>().unwrap_or(Route::Home);
    let open = use_state(|| false);
    let toggle = {
        let open = open.clone();
        Callback::from(move |_| open.set(!*open))
    };
    let close = {
        let open = open.clone();
        Callback::from(move |_| open.set(false))
    };
    let section = route.section();
    let links = Route::NAV.iter().map(|(target, label)| {
        let current = section.as_ref() == Some(target);
        html! {
            <li onclick={close.clone()}>
                <a href={target.href()} class={classes!(current.then_some("current"))}>
                    { *label }
                </a>
            </li>
        }
    });
    html! {
        <nav class={classes!("top-nav", open.then_some("open"))} aria-label="Main">
            <a href={Route::Home.href()} class="brand">
                <span class="brand-mark" aria-hidden="true">{ "\u{265E}\u{FE0E}" }</span>
                { "fogbound" }
            </a>
            <button class="menu-toggle" onclick={toggle} aria-expanded={open.to_string()}
                    aria-label="Menu">{ "☰" }</button>
            <ul class="nav-links">{ for links }</ul>
        </nav>
    }
}

/// The whole app: router, shared error context, navigation and pages.
#[function_component(App)]
pub fn app() -> Html {
    let errors = use_reducer(Errors::default);
    html! {
        <HashRouter>
            <ContextProvider<ErrorContext> context={errors}>
                <Nav />
                <ErrorBanner />
                <main id="main">
                    <Switch<Route> render={switch} />
                </main>
                <footer class="site-footer">
                    <span>{ "fogbound — runs entirely in your browser; works offline after the first visit." }</span>
                </footer>
            </ContextProvider<ErrorContext>>
        </HashRouter>
    }
}

/// Registers `sw.js`, which caches the app's files so that it works with
/// the network off after the first visit. Failure (an old browser, a
/// `file://` page) only costs offline use, so it is logged, not shown.
pub fn register_service_worker() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let navigator = window.navigator();
    // Absent on insecure origins and file:// pages; calling it there would throw.
    if !js_sys::Reflect::has(&navigator, &"serviceWorker".into()).unwrap_or(false) {
        return;
    }
    let container = navigator.service_worker();
    let promise = container.register("sw.js");
    wasm_bindgen_futures::spawn_local(async move {
        if let Err(error) = wasm_bindgen_futures::JsFuture::from(promise).await {
            web_sys::console::warn_2(&"offline cache unavailable:".into(), &error);
        }
    });
}

/// Removes the loading frame that `index.html` shows until the app mounts,
/// and tells its script that the app is up (from then on errors are the
/// app's to report: the panic hook and the error banner).
pub fn remove_boot_frame() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let _ = js_sys::Reflect::set(&window, &"fogboundStarted".into(), &true.into());
    if let Some(boot) = window.document().and_then(|d| d.get_element_by_id("boot")) {
        boot.remove();
    }
}
