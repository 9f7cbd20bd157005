//! The Replay page (`#/replay`): a finished game from a share link
//! (`?game=CODE`, see [`fogbound_engine::share`]) or from the saved games
//! (`?id=ID`). A bad, cut or unknown link gets a clear message.

use std::rc::Rc;

#[cfg(target_arch = "wasm32")]
use {crate::app::Route, crate::play::review::GameReview, yew::prelude::*, yew_router::prelude::*};

use crate::play::library;
use crate::play::replay::Replay;
use crate::query::{echo, Query};

/// What a replay address asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayLink {
    /// A share code.
    Shared(String),
    /// A game in this browser's library.
    Saved(String),
}

/// Reads the query of a replay address (decoded as browsers write it).
pub fn parse_replay_query(query: &str) -> Result<ReplayLink, String> {
    let query = Query::parse(query);
    let mut found = None;
    for param in query.params {
        let link = match param.name.as_str() {
            "game" => ReplayLink::Shared(param.value),
            "id" => ReplayLink::Saved(param.value),
            other => {
                return Err(format!(
                    "the link has an unknown parameter '{}'",
                    echo(other)
                ))
            }
        };
        if found.replace(link).is_some() {
            return Err("the link names more than one game".into());
        }
    }
    if let Some(name) = query.repeated.first() {
        return Err(format!(
            "the link gives '{}' more than once, so it names more than one game",
            echo(name)
        ));
    }
    found.ok_or_else(|| "the link names no game (it should end in ?game=…)".into())
}

fn open(query: &str) -> Result<(Rc<Replay>, bool), String> {
    match parse_replay_query(query)? {
        ReplayLink::Shared(code) => Replay::from_share(&code)
            .map(|r| (Rc::new(r), false))
            .map_err(|e| {
                format!("This share link does not open a game: {e}. Was it copied whole?")
            }),
        ReplayLink::Saved(id) => {
            let raw = library::raw(&id)
                .ok_or_else(|| "That saved game is no longer in this browser.".to_string())?;
            Replay::from_save_json(&raw)
                .map(|r| (Rc::new(r), true))
                .map_err(|e| format!("That saved game cannot be replayed: {e}."))
        }
    }
}

/// The Replay page. See the module docs.
#[cfg(target_arch = "wasm32")]
#[function_component(ReplayPage)]
pub fn replay_page() -> Html {
    let location = use_location();
    let query = location
        .as_ref()
        .map(|l| l.query_str().to_string())
        .unwrap_or_default();
    let opened = use_memo(query, |q| open(q));
    let back = html! {
        <a href={Route::Games.href()} class="button-link">{ "Saved games" }</a>
    };
    match &*opened {
        Ok((replay, saved)) => {
            let title = if *saved { "Replay" } else { "Shared game" };
            html! {
                <GameReview replay={replay.clone()} {title}>
                    { back }
                    <a href={Route::Play.href()} class="button-link">{ "Play a game" }</a>
                </GameReview>
            }
        }
        Err(message) => html! {
            <section class="page narrow">
                <header class="page-head"><h1>{ "Replay" }</h1></header>
                <p class="error-text" role="alert" data-testid="replay-error">{ message.clone() }</p>
                <div class="buttons">{ back }</div>
            </section>
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replay_queries() {
        assert_eq!(
            parse_replay_query("?game=AbC-_"),
            Ok(ReplayLink::Shared("AbC-_".into()))
        );
        assert_eq!(
            parse_replay_query("id=x1"),
            Ok(ReplayLink::Saved("x1".into()))
        );
        assert!(parse_replay_query("").is_err());
        assert!(parse_replay_query("game=a&id=b").is_err());
        assert!(parse_replay_query("colour=red").is_err());
        // Decoded as browsers write it; a repeated game is refused, not
        // silently resolved; a long unknown name is quoted short.
        assert_eq!(
            parse_replay_query("id=x%31"),
            Ok(ReplayLink::Saved("x1".into()))
        );
        let err = parse_replay_query("game=a&game=b").unwrap_err();
        assert!(err.contains("'game' more than once"), "{err}");
        let err = parse_replay_query(&format!("{}=1", "n".repeat(20_000))).unwrap_err();
        assert!(err.len() < 100, "{err}");
        // A cut code is the replay's error, with a clear message.
        let err = open("game=AAAA").unwrap_err();
        assert!(err.contains("does not open a game"), "{err}");
    }
}
