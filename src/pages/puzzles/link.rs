//! Puzzle addresses: `#/puzzle?id=ID` (an entry of the collection),
//! `#/puzzle?p=CODE` (the versioned, checksummed code) and
//! `#/puzzle?json=…` (the JSON itself, URL-encoded, for links written by
//! hand). Every fault is a message that says what is wrong.

use fogbound_puzzles::collection::{collection, Entry};
use fogbound_puzzles::puzzle::Puzzle;

use crate::query::{echo, encode, Query};

/// A puzzle an address opens: the puzzle, and its collection entry when
/// it is one (a code or JSON that equals an entry's puzzle counts too).
#[derive(Clone, Debug, PartialEq)]
pub struct Opened {
    pub puzzle: Puzzle,
    pub entry: Option<Entry>,
}

impl Opened {
    /// The puzzle's code (what a link carries).
    pub fn code(&self) -> String {
        self.puzzle.to_code()
    }

    /// The puzzle's identity in this browser's storage.
    pub fn identity(&self) -> String {
        identity(&self.puzzle)
    }
}

/// A puzzle's identity: the code of its position, hidden men, goal and
/// rules, without the credits — the same problem posted with or without a
/// title is one puzzle (solved once, its progress kept once).
pub fn identity(puzzle: &Puzzle) -> String {
    Puzzle {
        title: None,
        author: None,
        source: None,
        solution: None,
        ..puzzle.clone()
    }
    .to_code()
}

/// Reads the query of a puzzle address.
pub fn open(query: &str) -> Result<Opened, String> {
    let query = Query::parse(query);
    if let Some(name) = query.repeated.first() {
        return Err(format!(
            "the link gives '{}' more than once, so it names more than one puzzle",
            echo(name)
        ));
    }
    let mut found: Option<Puzzle> = None;
    for param in &query.params {
        let puzzle = match param.name.as_str() {
            "id" => {
                let entries = collection().map_err(|e| e.to_string())?;
                entries
                    .into_iter()
                    .find(|e| e.id == param.value)
                    .map(|e| e.puzzle)
                    .ok_or_else(|| {
                        format!("the collection has no puzzle called '{}'", echo(&param.value))
                    })?
            }
            "p" => Puzzle::from_code(&param.value).map_err(|e| {
                format!("This puzzle link does not open a puzzle: {e}.")
            })?,
            "json" => Puzzle::from_json(&param.value).map_err(|e| {
                format!("This puzzle link does not open a puzzle: {e}.")
            })?,
            other => {
                return Err(format!(
                    "the link has an unknown parameter '{}' (a puzzle link ends in ?p=…, ?json=… or ?id=…)",
                    echo(other)
                ))
            }
        };
        if found.replace(puzzle).is_some() {
            return Err("the link names more than one puzzle".into());
        }
    }
    let puzzle =
        found.ok_or("the link names no puzzle (it should end in ?p=…, ?json=… or ?id=…)")?;
    let id = identity(&puzzle);
    let entry = collection()
        .ok()
        .and_then(|all| all.into_iter().find(|e| identity(&e.puzzle) == id));
    Ok(Opened { puzzle, entry })
}

/// The address that opens `puzzle` (from the page's folder): the
/// collection's id for an entry, else the code.
pub fn address(opened: &Opened) -> String {
    match &opened.entry {
        Some(e) => format!("#/puzzle?id={}", encode(&e.id)),
        None => format!("#/puzzle?p={}", opened.code()),
    }
}

/// The address of a puzzle as a code, whatever it is (what "Copy link"
/// gives: it opens in any build that reads this code version).
pub fn code_address(puzzle: &Puzzle) -> String {
    format!("#/puzzle?p={}", puzzle.to_code())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_a_code_and_json_open_the_same_puzzle() {
        let by_id = open("id=speckmann-dsz-1975").unwrap();
        assert!(by_id.entry.is_some());
        let code = by_id.code();
        let by_code = open(&format!("p={code}")).unwrap();
        assert_eq!(by_code, by_id);
        let json = encode(&by_id.puzzle.to_json());
        let by_json = open(&format!("?json={json}")).unwrap();
        assert_eq!(by_json, by_id);
        assert_eq!(address(&by_id), "#/puzzle?id=speckmann-dsz-1975");
        // A code round trip through the address.
        let link = code_address(&by_id.puzzle);
        let back = open(link.split_once('?').unwrap().1).unwrap();
        assert_eq!(back.puzzle, by_id.puzzle);
    }

    #[test]
    fn a_collection_puzzle_posted_without_its_credits_is_still_that_entry() {
        let json = encode(
            r#"{"fen": "8/6P1/8/8/8/2K5/8/1kN5 w - - 0 1", "goal": "mate", "moves": 2, "rules": "english"}"#,
        );
        let opened = open(&format!("json={json}")).unwrap();
        assert_eq!(opened.entry.as_ref().unwrap().id, "speckmann-dsz-1975");
        assert_eq!(
            opened.identity(),
            open("id=speckmann-dsz-1975").unwrap().identity()
        );
        assert_ne!(opened.code(), open("id=speckmann-dsz-1975").unwrap().code());
    }

    #[test]
    fn a_puzzle_of_ones_own_is_no_entry() {
        let json = encode(
            r#"{"fen": "6k1/8/6K1/8/8/8/8/R7 w - - 0 1", "goal": "mate", "moves": 1, "rules": "english"}"#,
        );
        let opened = open(&format!("json={json}")).unwrap();
        assert!(opened.entry.is_none());
        assert!(address(&opened).starts_with("#/puzzle?p="));
    }

    #[test]
    fn bad_links_say_what_is_wrong() {
        for (query, words) in [
            ("", "names no puzzle"),
            ("id=nope", "no puzzle called 'nope'"),
            ("p=AAAA", "does not open a puzzle"),
            ("json=%7B", "does not open a puzzle"),
            ("x=1", "unknown parameter 'x'"),
            ("id=a&id=b", "more than once"),
            ("id=speckmann-dsz-1975&p=AAAA", "does not open"),
        ] {
            let e = open(query).unwrap_err();
            assert!(e.contains(words), "{query}: {e}");
        }
        let mut code = open("id=speckmann-dsz-1975").unwrap().code();
        code.pop();
        let e = open(&format!("p={code}")).unwrap_err();
        assert!(e.contains("damaged"), "{e}");
    }
}
