//! The saved-games library in the browser's `localStorage`.
//!
//! Keys: one per game, `fogbound.game.<id>` (the [`GameTable`] save JSON);
//! an index `fogbound.games` (a [`Summary`] per game, for the list without
//! replaying every game); `fogbound.active`, the id of the game the Play
//! page resumes. Every game autosaves under its own id (given when it
//! starts and kept in its save), so starting a new game never touches an
//! unfinished one. The single save of earlier builds (`fogbound.current`)
//! is moved into the library the first time the library is read.
//!
//! A save that does not load is never dropped: its raw text moves to
//! `fogbound.corrupt` (then `fogbound.corrupt.2`, …), where the page offers
//! to download or discard it.

use fogbound_engine::small_sort::{sort_small, sort_small_by};
use serde::{Deserialize, Serialize};

use super::replay::{players_line, RecordTags, Replay, IMPORTED_TAG};
use super::table::GameTable;
use super::words::outcome_text;

pub const INDEX_KEY: &str = "fogbound.games";
pub const GAME_PREFIX: &str = "fogbound.game.";
pub const ACTIVE_KEY: &str = "fogbound.active";
/// Where earlier builds kept their one game.
pub const LEGACY_KEY: &str = "fogbound.current";
/// Where an unreadable save is moved, so nothing is lost.
pub const CORRUPT_KEY: &str = "fogbound.corrupt";

/// What the list shows of a saved game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub id: String,
    /// "Kriegspiel: RAND · Chess".
    pub title: String,
    /// "Ann (White) vs Random mover (Black)".
    #[serde(default)]
    pub players: String,
    /// "White to move" or the result.
    pub status: String,
    pub finished: bool,
    /// Plies played.
    pub plies: u32,
    /// First and last save, milliseconds since the epoch.
    pub created: f64,
    pub updated: f64,
    /// Brought in from a PGN file: it opens in the replay, never at the table.
    #[serde(default)]
    pub imported: bool,
    /// The day the record says the game was played (`2026.11.24`).
    #[serde(default)]
    pub day: Option<String>,
}

impl Summary {
    pub fn of(game: &GameTable, created: f64, now: f64) -> Summary {
        let settings = game.settings();
        let title = settings.title();
        let (status, finished) = match game.outcome() {
            Some(o) => (outcome_text(&o, game.variant()), true),
            None => (format!("{} to move", game.turn().name()), false),
        };
        Summary {
            id: game.id().to_string(),
            title,
            players: players_line(&RecordTags::of_settings(settings)),
            status,
            finished,
            plies: game.plies() as u32,
            created,
            updated: now,
            imported: false,
            day: None,
        }
    }

    /// The row of a game imported from PGN.
    pub fn of_import(replay: &Replay, id: &str, created: f64, now: f64) -> Summary {
        Summary {
            id: id.to_string(),
            title: replay.title(),
            players: replay.players_line(),
            status: replay.status(replay.plies()),
            finished: replay.outcome().is_some(),
            plies: replay.plies(),
            created,
            updated: now,
            imported: true,
            day: replay.record().day.clone(),
        }
    }

    /// The row of any save of the library, read whole (when the index has
    /// to be rebuilt).
    pub fn of_save(raw: &str, now: f64) -> Option<Summary> {
        let imported = fogbound_engine::save_from_json(raw)
            .ok()?
            .tags
            .contains_key(IMPORTED_TAG);
        if imported {
            let replay = Replay::from_save_json(raw).ok()?;
            let id = fogbound_engine::save_from_json(raw)
                .ok()?
                .tags
                .get("id")?
                .clone();
            Some(Summary::of_import(&replay, &id, now, now))
        } else {
            let game = GameTable::from_json(raw, now).ok()?;
            Some(Summary::of(&game, now, now))
        }
    }
}

/// The index as stored; an unreadable index is rebuilt from the game keys.
pub fn parse_index(text: &str) -> Option<Vec<Summary>> {
    serde_json::from_str(text).ok()
}

/// The summaries, newest first.
pub fn sorted(mut games: Vec<Summary>) -> Vec<Summary> {
    sort_small_by(&mut games, |a, b| a.updated > b.updated);
    games
}

/// A date as `2026-11-21 17:30` in the viewer's time zone.
pub fn format_date(ms: f64) -> String {
    #[cfg(target_arch = "wasm32")]
    {
        let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms));
        format!(
            "{}-{:02}-{:02} {:02}:{:02}",
            d.get_full_year(),
            d.get_month() + 1,
            d.get_date(),
            d.get_hours(),
            d.get_minutes()
        )
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        format!("{ms}")
    }
}

pub use browser::*;

/// The parts that talk to the browser's storage (natively, where there is
/// none, they find nothing and keep nothing) and its downloads.
mod browser {
    use super::*;

    use crate::local_storage::{get, keys, remove, set};

    fn game_key(id: &str) -> String {
        format!("{GAME_PREFIX}{id}")
    }

    fn write_index(games: &[Summary]) {
        if let Ok(text) = serde_json::to_string(games) {
            set(INDEX_KEY, &text);
        }
    }

    /// Keeps `raw` where the page offers it for download; returns its key.
    pub fn keep_corrupt(raw: &str) -> String {
        let mut key = CORRUPT_KEY.to_string();
        let mut n = 1;
        while get(&key).is_some_and(|old| old != raw) {
            n += 1;
            key = format!("{CORRUPT_KEY}.{n}");
        }
        set(&key, raw);
        key
    }

    fn corrupt_message(error: &str, key: &str) -> String {
        format!(
            "Your saved game could not be resumed ({error}). Its raw data is kept in this \
             browser's storage under '{key}': download it below, or discard it. A new game can \
             be started."
        )
    }

    /// Moves the save of earlier builds into the library; a message if it
    /// could not be read.
    fn migrate(now: f64) -> Option<String> {
        let raw = get(LEGACY_KEY)?;
        let message = match GameTable::from_json(&raw, now) {
            Ok(game) => {
                save(&game, now);
                None
            }
            Err(error) => {
                let key = keep_corrupt(&raw);
                Some(corrupt_message(&error, &key))
            }
        };
        remove(LEGACY_KEY);
        message
    }

    /// The index, rebuilt from the game keys if it is missing or damaged,
    /// and without entries whose game is gone.
    fn index() -> Vec<Summary> {
        if let Some(games) = get(INDEX_KEY).as_deref().and_then(parse_index) {
            let kept: Vec<Summary> = games
                .iter()
                .filter(|g| get(&game_key(&g.id)).is_some())
                .cloned()
                .collect();
            if kept.len() != games.len() {
                write_index(&kept);
            }
            return kept;
        }
        #[cfg(target_arch = "wasm32")]
        let now = js_sys::Date::now();
        #[cfg(not(target_arch = "wasm32"))]
        let now = 0.0;
        let games: Vec<Summary> = keys()
            .iter()
            .filter_map(|k| k.strip_prefix(GAME_PREFIX))
            .filter_map(|id| Summary::of_save(&get(&game_key(id))?, now))
            .collect();
        write_index(&games);
        games
    }

    /// Every saved game, newest first, and a message for a save of an
    /// earlier build that could not be read.
    pub fn list(now: f64) -> (Vec<Summary>, Option<String>) {
        let message = migrate(now);
        (sorted(index()), message)
    }

    /// Writes a save and its row in the index; `summary` is given the
    /// time the game was first saved, if it was.
    fn put(id: &str, json: &str, summary: impl FnOnce(Option<f64>) -> Summary) {
        set(&game_key(id), json);
        let mut games = get(INDEX_KEY)
            .as_deref()
            .and_then(parse_index)
            .unwrap_or_default();
        let created = games.iter().find(|g| g.id == id).map(|g| g.created);
        games.retain(|g| g.id != id);
        games.push(summary(created));
        write_index(&games);
    }

    /// Saves `game` under its id and makes it the game the Play page resumes.
    pub fn save(game: &GameTable, now: f64) {
        put(game.id(), &game.to_json(now), |created| {
            Summary::of(game, created.unwrap_or(now), now)
        });
        set(ACTIVE_KEY, game.id());
    }

    /// Keeps a game imported from PGN among the saved games; returns its id.
    pub fn keep_imported(replay: &Replay, now: f64) -> String {
        let id = crate::play::game_id::new_id(now);
        put(&id, &replay.to_imported_save_json(&id, now), |_| {
            Summary::of_import(replay, &id, now, now)
        });
        id
    }

    /// The raw save of a game.
    pub fn raw(id: &str) -> Option<String> {
        get(&game_key(id))
    }

    /// Loads a game. One that does not load is moved to the corrupt store
    /// and taken off the list; the message says so.
    pub fn load(id: &str, now: f64) -> Result<GameTable, String> {
        let Some(raw) = raw(id) else {
            return Err("That saved game is no longer in this browser.".into());
        };
        match GameTable::from_json(&raw, now) {
            Ok(game) => Ok(game),
            Err(error) => {
                let key = keep_corrupt(&raw);
                delete(id);
                Err(corrupt_message(&error, &key))
            }
        }
    }

    /// The game the Play page resumes, if any.
    pub fn load_active(now: f64) -> Result<Option<GameTable>, String> {
        if let Some(message) = migrate(now) {
            return Err(message);
        }
        match active() {
            Some(id) => load(&id, now).map(Some),
            None => Ok(None),
        }
    }

    /// The id of the game the Play page resumes, if it is still saved.
    pub fn active() -> Option<String> {
        get(ACTIVE_KEY).filter(|id| get(&game_key(id)).is_some())
    }

    pub fn set_active(id: &str) {
        set(ACTIVE_KEY, id);
    }

    /// The Play page resumes no game (the games stay saved).
    pub fn clear_active() {
        remove(ACTIVE_KEY);
    }

    /// Deletes a game for good.
    pub fn delete(id: &str) {
        remove(&game_key(id));
        let mut games = get(INDEX_KEY)
            .as_deref()
            .and_then(parse_index)
            .unwrap_or_default();
        games.retain(|g| g.id != id);
        write_index(&games);
        if get(ACTIVE_KEY).as_deref() == Some(id) {
            remove(ACTIVE_KEY);
        }
    }

    /// The unreadable saves kept: key and raw text.
    pub fn corrupt_saves() -> Vec<(String, String)> {
        let mut found: Vec<(String, String)> = keys()
            .into_iter()
            .filter(|k| {
                k == CORRUPT_KEY
                    || k.strip_prefix(CORRUPT_KEY)
                        .and_then(|rest| rest.strip_prefix('.'))
                        .is_some_and(|n| n.parse::<u32>().is_ok())
            })
            .filter_map(|k| get(&k).map(|raw| (k, raw)))
            .collect();
        sort_small(&mut found);
        found
    }

    pub fn discard_corrupt(key: &str) {
        if key.starts_with(CORRUPT_KEY) {
            remove(key);
        }
    }

    /// Offers `text` as a file download (a Blob behind an object URL).
    #[cfg(target_arch = "wasm32")]
    pub fn download(filename: &str, mime: &str, text: &str) -> Result<(), String> {
        use wasm_bindgen::JsCast;
        let fail = |e: wasm_bindgen::JsValue| format!("the download could not start: {e:?}");
        let document = web_sys::window()
            .and_then(|w| w.document())
            .ok_or("no document")?;
        let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
        let options = web_sys::BlobPropertyBag::new();
        options.set_type(mime);
        let blob =
            web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(fail)?;
        let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(fail)?;
        let a: web_sys::HtmlAnchorElement = document
            .create_element("a")
            .map_err(fail)?
            .dyn_into()
            .map_err(|_| "no anchor element".to_string())?;
        a.set_href(&url);
        a.set_download(filename);
        a.style().set_property("display", "none").ok();
        if let Some(body) = document.body() {
            body.append_child(&a).map_err(fail)?;
            a.click();
            body.remove_child(&a).ok();
        }
        // Revoked once the click has been handled.
        let revoke = url.clone();
        gloo_timers::callback::Timeout::new(10_000, move || {
            let _ = web_sys::Url::revoke_object_url(&revoke);
        })
        .forget();
        Ok(())
    }

    /// Copies `text` to the clipboard; the promise's failure is reported
    /// through `done`.
    #[cfg(target_arch = "wasm32")]
    pub fn copy(text: &str, done: impl FnOnce(Result<(), String>) + 'static) {
        use wasm_bindgen::JsCast;
        let navigator = match web_sys::window() {
            Some(w) => w.navigator(),
            None => return done(Err("no window".into())),
        };
        let clipboard = js_sys::Reflect::get(&navigator, &"clipboard".into())
            .ok()
            .filter(|c| !c.is_undefined());
        let write = clipboard.as_ref().and_then(|c| {
            js_sys::Reflect::get(c, &"writeText".into())
                .ok()?
                .dyn_into::<js_sys::Function>()
                .ok()
        });
        let (Some(clipboard), Some(write)) = (clipboard, write) else {
            return done(Err("this browser gives the page no clipboard".into()));
        };
        let promise = match write.call1(&clipboard, &text.into()) {
            Ok(p) => js_sys::Promise::from(p),
            Err(e) => return done(Err(format!("{e:?}"))),
        };
        wasm_bindgen_futures::spawn_local(async move {
            let result = wasm_bindgen_futures::JsFuture::from(promise).await;
            done(result.map(|_| ()).map_err(|e| {
                e.dyn_ref::<js_sys::Error>()
                    .map(|e| String::from(e.message()))
                    .unwrap_or_else(|| "the browser refused".into())
            }));
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::game_id::{new_id, valid_id};
    use crate::play::settings::PlayLink;

    #[test]
    fn ids_are_distinct_and_valid() {
        let a = new_id(1_763_700_000_000.0);
        let b = new_id(1_763_700_000_000.0);
        assert_ne!(a, b);
        assert!(valid_id(&a) && valid_id(&b), "{a} {b}");
        assert!(valid_id(&new_id(f64::NAN)));
        for bad in ["", "a.b", "x/y", &"z".repeat(41)] {
            assert!(!valid_id(bad), "{bad}");
        }
    }

    #[test]
    fn summaries_say_what_the_list_shows() {
        let (link, _) = PlayLink::parse("model=kriegspiel&preset=cvp");
        let game = GameTable::new(link, 5.0).unwrap();
        let s = Summary::of(&game, 1.0, 7.0);
        assert_eq!(s.title, "Kriegspiel: Chess Variant Pages · Chess");
        assert_eq!(s.status, "White to move");
        assert!(!s.finished);
        assert_eq!((s.plies, s.created, s.updated), (0, 1.0, 7.0));
        let text = serde_json::to_string(&vec![s.clone()]).unwrap();
        assert_eq!(parse_index(&text), Some(vec![s]));
        assert_eq!(parse_index("{oops"), None);
    }

    #[test]
    fn newest_first() {
        let (link, _) = PlayLink::parse("model=fog");
        let game = GameTable::new(link, 0.0).unwrap();
        let list = sorted(vec![
            Summary::of(&game, 0.0, 1.0),
            Summary::of(&game, 0.0, 3.0),
            Summary::of(&game, 0.0, 2.0),
        ]);
        let order: Vec<f64> = list.iter().map(|s| s.updated).collect();
        assert_eq!(order, vec![3.0, 2.0, 1.0]);
    }
}
