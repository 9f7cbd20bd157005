//! The Play page: the new-game form, or the game table. A game can be set
//! up from a link (`#/play?variant=chess&model=fog&clock=3+2&mode=hotseat`,
//! or `mode=computer&computer=random&side=black`); a link with a bad
//! parameter shows what is wrong and falls back to the default for that
//! parameter. `start=1` added to a link starts the game at once (the page
//! then drops `start` from the address, so a reload resumes the saved game
//! rather than starting another).

#![cfg(target_arch = "wasm32")]

use yew::prelude::*;
use yew_router::prelude::*;

use crate::components::error_banner::show_error;
use crate::components::{ErrorContext, NewGameForm, PageFrame};
use crate::play::effects::{
    use_autosave, use_computer, use_cues, use_heartbeat, use_hint, use_tab_title, use_visibility,
};
use crate::play::library;
use crate::play::review::FinishedGame;
use crate::play::settings::{split_start, PlayLink};
use crate::play::sound;
use crate::play::state::{PlayAction, PlayState};
use crate::play::table::{Act, GameTable};
use crate::play::view::{game_view, js_now, mute_button, tab_title};
use crate::play::words::WHAT_THE_PAGE_HOLDS;

/// Replaces the address without the `start` parameter, so that a reload
/// resumes the game instead of starting another (no navigation happens).
fn forget_start(link: &PlayLink) {
    if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
        let url = format!("#/play?{}", link.to_query());
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
}

/// Starts a game with `link`, or says why it could not start.
fn start(state: &UseReducerHandle<PlayState>, errors: &Option<ErrorContext>, link: PlayLink) {
    match GameTable::new(link, js_now()) {
        Ok(game) => state.dispatch(PlayAction::Start(Box::new(game))),
        Err(error) => show_error(errors, format!("The game could not start: {error}")),
    }
}

/// Resumes the library's active game, if there is one.
fn resume(state: &UseReducerHandle<PlayState>, errors: &Option<ErrorContext>) {
    match library::load_active(js_now()) {
        Ok(Some(game)) => state.dispatch(PlayAction::Start(Box::new(game))),
        Ok(None) => {}
        Err(message) => show_error(errors, message),
    }
}

/// The Play page. With `start=1` in the link the game starts at once;
/// without it a saved game in progress is resumed, else the new-game form
/// is shown.
#[function_component(Play)]
pub fn play() -> Html {
    let location = use_location();
    let errors = use_context::<ErrorContext>();
    let query = location
        .as_ref()
        .map(|l| l.query_str().to_string())
        .unwrap_or_default();
    let (link_query, start_now, start_errors) = split_start(&query);
    let state = use_reducer(PlayState::default);
    let now = use_state(js_now);
    {
        let errors = errors.clone();
        let state = state.clone();
        let link_query = link_query.clone();
        use_effect_with(query, move |_| {
            let (link, problems) = PlayLink::parse(&link_query);
            for error in problems.into_iter().chain(start_errors) {
                let fallback = if error.keeps_default() {
                    " The default is used instead."
                } else {
                    ""
                };
                show_error(
                    &errors,
                    format!("This game link has a problem: {error}.{fallback}"),
                );
            }
            if start_now {
                forget_start(&link);
                start(&state, &errors, link);
            } else if !state.has_game() {
                resume(&state, &errors);
            }
        });
    }
    let act = {
        let state = state.dispatcher();
        Callback::from(move |a: Act| state.dispatch(PlayAction::Play(a)))
    };
    let game = state.game();
    use_autosave(state.shared(), state.starts);
    use_tab_title(game.as_deref().map(tab_title));
    use_visibility(act.clone());
    use_cues(game.as_deref().map(|g| (state.starts, g.cue())));
    use_heartbeat(
        game.as_deref()
            .is_some_and(|g| g.clock().is_some() && g.outcome().is_none()),
        now.clone(),
        act.clone(),
    );
    use_computer(state.shared(), state.starts, act.clone());
    use_hint(state.shared(), state.starts, act.clone());
    let muted = use_state(sound::muted);

    let Some(game) = game else {
        let on_start = {
            let state = state.clone();
            let errors = errors.clone();
            Callback::from(move |link: PlayLink| start(&state, &errors, link))
        };
        let on_resume = library::active().is_some().then(|| {
            let state = state.clone();
            let errors = errors.clone();
            Callback::from(move |()| resume(&state, &errors))
        });
        let settings = PlayLink::parse(&link_query).0;
        return html! {
            <NewGameForm {settings} {on_start} {on_resume}>
                <super::CorruptSaves />
            </NewGameForm>
        };
    };
    let on_new = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(PlayAction::Leave))
    };
    if game.outcome().is_some() {
        // The fog lifts: the finished game opens in the replay. Leaving it
        // for a new game: the Play page stops resuming it (it stays in the
        // saved games).
        let on_new = Callback::from(move |_| {
            library::clear_active();
            on_new.emit(())
        });
        return html! {
            <FinishedGame save={game.to_json(js_now())} id={game.id().to_string()}
                          revision={game.revision()} {on_new} />
        };
    }
    let shown = game_view(&game, (*now).max(js_now()), act, on_new);
    let mute = {
        let muted = muted.clone();
        Callback::from(move |_| {
            let next = !*muted;
            sound::set_muted(next);
            muted.set(next);
        })
    };
    let seats = if game.has_curtain() {
        "Hot-seat: after your move you see what it showed you, then pass the device; \
        a curtain hides the board until the next player lifts it."
            .to_string()
    } else if let Some(you) = game.seats().lone_person() {
        format!(
            "You play {you} against {}. It is told only what its side may know, \
            and thinks in the background.",
            game.name(!you)
        )
    } else {
        "Both players see the whole board.".to_string()
    };
    // Where nothing is hidden there is nothing to say about what is. Folded
    // during a game, so the board stays in view.
    let intro = html! {
        <>
            <p>{ seats }</p>
            if game.hides_men() {
                <details class="what-is-shown">
                    <summary>{ "What this page shows, and what it keeps" }</summary>
                    <p data-testid="what-is-shown">{ WHAT_THE_PAGE_HOLDS }</p>
                </details>
            }
        </>
    };
    html! {
        <PageFrame title="Play" {intro} board={shown.board}>
            { shown.panel }
            <div class="buttons sound-switch">{ mute_button(*muted, mute) }</div>
        </PageFrame>
    }
}
