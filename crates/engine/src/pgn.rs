//! PGN export and import for matches under any information model.
//!
//! Tags: the seven-tag roster; for anything but chess on the open board,
//! `Variant` with the game's name as people read it (`Fog of War`,
//! `Kriegspiel`, `Foolish King Chess (10×8), Dark Chess`), so that other
//! readers see what was played, and for our import `FogboundVariant` (the
//! variant id), `InformationModel` (`open`, `fog`, `dark`, `kriegspiel`) and
//! `KriegspielPreset`; `FEN` and `SetUp` for other start positions;
//! `Termination` (the ending reason). A game of chess on the open board
//! from the usual start is plain standard PGN.
//! Movetext: the true moves in SAN-like text, check marks only where the
//! rules have check (none in Fog of War). The umpire's announcements of
//! each ply follow its move as a plain comment. Attempts that did not play a
//! move are kept as comment commands so a record replays exactly:
//! `{[%try e2e5]}` (refused tries, "Any?" as `{[%try any?]}`, Dark Chess
//! probes, followed by `--` for the wasted turn) and `{[%route g2g3]}` before
//! a knight move whose Dark Chess route was not the default.
//!
//! Import replays the record through the engine and returns a typed
//! [`PgnError`]; it never panics. It reads our tags, the variant ids of
//! earlier exports in `Variant`, and a `Variant` that names a model
//! (`Fog of War`, `Dark Chess`, `Kriegspiel`) when no `InformationModel` tag
//! says otherwise. Recursive variations, NAGs and move numbers are skipped.

use core::fmt;

use crate::matches::Ply;
use crate::observation::Audience;
use crate::{
    AnyMatch, Attempt, Bitboard, Color, Match, MatchError, ModelError, ModelSpec, Reason,
    Resolution, Variant,
};

/// Longest PGN text accepted (bytes).
pub const MAX_PGN_LEN: usize = 1 << 20;

/// Why a PGN text could not be imported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnError {
    TooLong {
        len: usize,
    },
    /// Malformed text at byte `offset`.
    Syntax {
        offset: usize,
        message: String,
    },
    UnknownVariant {
        id: String,
    },
    Model(ModelError),
    Match(MatchError),
    /// A move or attempt that does not replay.
    Move {
        text: String,
        message: String,
    },
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnError::TooLong { len } => {
                write!(f, "PGN is {len} bytes; at most {MAX_PGN_LEN} are accepted")
            }
            PgnError::Syntax { offset, message } => {
                write!(f, "PGN syntax error at byte {offset}: {message}")
            }
            PgnError::UnknownVariant { id } => write!(f, "unknown variant '{id}'"),
            PgnError::Model(e) => e.fmt(f),
            PgnError::Match(e) => write!(f, "invalid start position: {e}"),
            PgnError::Move { text, message } => write!(f, "'{text}' does not replay: {message}"),
        }
    }
}

impl std::error::Error for PgnError {}

/// What a record's `Variant` tag calls the game: `None` for chess on the
/// open board (standard PGN), else the variant's and the model's labels.
fn game_name(variant_id: &str, spec: &ModelSpec) -> Option<String> {
    let model = crate::catalogue::model_entry(spec.id()).map_or(spec.id(), |e| e.label);
    match (variant_id, spec) {
        ("chess", ModelSpec::Open) => None,
        ("chess", _) => Some(model.to_string()),
        (id, ModelSpec::Open) => Some(crate::catalogue::variant_label(id)),
        (id, _) => Some(format!("{}, {model}", crate::catalogue::variant_label(id))),
    }
}

/// The variant id and model id a record's tags name (see the module docs).
fn read_game<'a>(tag: impl Fn(&str) -> Option<&'a str>) -> (String, Option<String>) {
    let named = tag("Variant").map(str::trim).unwrap_or("");
    if let Some(id) = tag("FogboundVariant") {
        return (id.to_string(), tag("InformationModel").map(str::to_string));
    }
    // An id, as earlier exports wrote it.
    if Variant::by_id(&named.to_ascii_lowercase()).is_some() {
        return (
            named.to_ascii_lowercase(),
            tag("InformationModel").map(str::to_string),
        );
    }
    // A name: "Fog of War", "Foolish King Chess (10×8), Dark Chess", "Standard".
    let (variant_part, model_part) = match named.rsplit_once(", ") {
        Some((v, m)) => (v, m),
        None => ("", named),
    };
    let same = |a: &str, b: &str| a.eq_ignore_ascii_case(b);
    let model = crate::catalogue::models()
        .iter()
        .find(|e| same(e.label, model_part))
        .map(|e| e.id.to_string());
    let variant = crate::catalogue::variants()
        .iter()
        .find(|e| same(e.label, variant_part) || (model.is_none() && same(e.label, named)))
        .map_or("chess", |e| e.id);
    let standard = [
        "",
        "standard",
        "chess",
        "classical",
        "normal",
        "from position",
    ]
    .iter()
    .any(|s| same(s, named));
    let variant = if model.is_none() && variant == "chess" && !standard {
        // A name we do not know: say so rather than misread the game.
        named.to_string()
    } else {
        variant.to_string()
    };
    (
        variant,
        tag("InformationModel").map(str::to_string).or(model),
    )
}

fn quote(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

fn comment_safe(s: &str) -> String {
    s.replace('}', ")").replace('{', "(")
}

impl<B: Bitboard> Match<B> {
    /// The match as PGN, with `extra` tags after the standard ones.
    pub fn to_pgn(&self, extra: &[(&str, &str)]) -> String {
        let g = self.geometry();
        let outcome = self.outcome();
        let result = match outcome {
            Some(o) => match o.winner {
                Some(Color::White) => "1-0",
                Some(Color::Black) => "0-1",
                None => "1/2-1/2",
            },
            None => "*",
        };
        let mut tags: Vec<(String, String)> = vec![
            ("Event".into(), "?".into()),
            ("Site".into(), "fogbound".into()),
            ("Date".into(), "????.??.??".into()),
            ("Round".into(), "?".into()),
            ("White".into(), "?".into()),
            ("Black".into(), "?".into()),
        ];
        for (k, v) in extra {
            if let Some(t) = tags.iter_mut().find(|(n, _)| n == k) {
                t.1 = v.to_string();
            } else {
                tags.push((k.to_string(), v.to_string()));
            }
        }
        tags.insert(6, ("Result".into(), result.into()));
        let start = self.positions()[0].to_fen();
        let standard = start == self.variant().start_fen;
        if let Some(name) = game_name(&self.variant().id, self.spec()) {
            tags.push(("Variant".into(), name));
            tags.push(("FogboundVariant".into(), self.variant().id.clone()));
            tags.push(("InformationModel".into(), self.spec().id().into()));
            if let Some(p) = self.spec().preset_id() {
                tags.push(("KriegspielPreset".into(), p.into()));
            }
        }
        if !standard {
            tags.push(("SetUp".into(), "1".into()));
            tags.push(("FEN".into(), start));
        }
        if let Some(o) = outcome {
            tags.push(("Termination".into(), o.reason_text(self.variant())));
        }
        let mut out = String::new();
        for (k, v) in &tags {
            out.push_str(&format!("[{k} \"{}\"]\n", quote(v)));
        }
        out.push('\n');

        let mut tokens: Vec<String> = Vec::new();
        let said_at = |ply: u32| -> Vec<String> {
            self.announcements()
                .iter()
                .filter(|a| a.ply == ply && a.audience == Audience::All)
                .map(|a| a.message.text(g))
                .collect()
        };
        let first = said_at(0);
        if !first.is_empty() {
            tokens.push(format!("{{{}}}", comment_safe(&first.join("; "))));
        }
        let mut ply = 0usize;
        let start_turn = self.positions()[0].turn();
        let start_move = self.positions()[0].fullmoves();
        let number = |ply: usize| -> (u32, bool) {
            let offset = ply + usize::from(start_turn == Color::Black);
            (start_move + (offset / 2) as u32, offset.is_multiple_of(2))
        };
        for e in self.log() {
            match &e.resolution {
                Resolution::Played => {
                    let Some(Ply { mv: Some(mv), .. }) = self.plies().get(ply) else {
                        break;
                    };
                    let pos = &self.positions()[ply];
                    let dark = matches!(self.spec(), ModelSpec::Dark);
                    if let Some(route) = e.attempt.as_move().and_then(|a| a.route).filter(|_| dark)
                    {
                        let routes = pos.leap_routes(mv.from, mv.to);
                        if routes.first() != Some(&route) {
                            tokens.push(format!(
                                "{{[%route {}{}]}}",
                                g.square_name(route[0]),
                                g.square_name(route[1])
                            ));
                        }
                    }
                    let (n, white) = number(ply);
                    if white {
                        tokens.push(format!("{n}."));
                    } else if tokens.last().is_none_or(|t| t.starts_with('{')) {
                        tokens.push(format!("{n}..."));
                    }
                    tokens.push(pos.to_san(mv, self.mode()));
                    ply += 1;
                    let said = said_at(ply as u32);
                    if !said.is_empty() {
                        tokens.push(format!("{{{}}}", comment_safe(&said.join("; "))));
                    }
                }
                r => {
                    tokens.push(format!("{{[%try {}]}}", e.attempt.to_text(g)));
                    if r.passes_turn() {
                        let (n, white) = number(ply);
                        tokens.push(if white {
                            format!("{n}. --")
                        } else {
                            format!("{n}... --")
                        });
                        ply += 1;
                    }
                }
            }
        }
        tokens.push(result.into());
        // Wrap at 80 columns.
        let mut line = String::new();
        for t in tokens {
            if !line.is_empty() && line.len() + 1 + t.len() > 80 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&t);
        }
        out.push_str(&line);
        out.push('\n');
        out
    }
}

/// A PGN item after tokenising.
#[derive(Debug)]
enum Item {
    Tag(String, String),
    Comment(String),
    Symbol(String),
    Result(String),
}

fn tokenize(text: &str) -> Result<Vec<Item>, PgnError> {
    let bytes = text.as_bytes();
    let mut i = 0;
    let mut items = Vec::new();
    let err = |offset: usize, message: &str| PgnError::Syntax {
        offset,
        message: message.into(),
    };
    while i < bytes.len() {
        let c = bytes[i];
        match c {
            b' ' | b'\t' | b'\r' | b'\n' => i += 1,
            b'[' => {
                let start = i;
                i += 1;
                let name_start = i;
                while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                    i += 1;
                }
                let name = text[name_start..i].to_string();
                if name.is_empty() {
                    return Err(err(start, "a tag without a name"));
                }
                while i < bytes.len() && bytes[i].is_ascii_whitespace() {
                    i += 1;
                }
                if i >= bytes.len() || bytes[i] != b'"' {
                    return Err(err(i, "a tag value must be in double quotes"));
                }
                i += 1;
                let mut value = String::new();
                let mut closed = false;
                while i < bytes.len() {
                    match bytes[i] {
                        b'\\' if i + 1 < bytes.len() => {
                            let ch = text[i + 1..].chars().next().unwrap_or('?');
                            value.push(ch);
                            i += 1 + ch.len_utf8();
                        }
                        b'"' => {
                            closed = true;
                            i += 1;
                            break;
                        }
                        _ => {
                            let ch = text[i..].chars().next().unwrap_or('?');
                            value.push(ch);
                            i += ch.len_utf8();
                        }
                    }
                }
                if !closed {
                    return Err(err(start, "unterminated tag value"));
                }
                while i < bytes.len() && bytes[i].is_ascii_whitespace() {
                    i += 1;
                }
                if i >= bytes.len() || bytes[i] != b']' {
                    return Err(err(i, "a tag must end with ']'"));
                }
                i += 1;
                items.push(Item::Tag(name, value));
            }
            b'{' => {
                let start = i;
                let end = text[i..]
                    .find('}')
                    .ok_or_else(|| err(start, "unterminated comment"))?;
                items.push(Item::Comment(text[i + 1..i + end].to_string()));
                i += end + 1;
            }
            b';' => {
                let end = text[i..].find('\n').map_or(bytes.len(), |e| i + e);
                i = end;
            }
            b'(' => {
                let start = i;
                let mut depth = 0usize;
                while i < bytes.len() {
                    match bytes[i] {
                        b'(' => depth += 1,
                        b')' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        b'{' => match text[i..].find('}') {
                            Some(e) => i += e,
                            None => return Err(err(i, "unterminated comment")),
                        },
                        _ => {}
                    }
                    i += 1;
                }
                if depth != 0 {
                    return Err(err(start, "unterminated variation"));
                }
                i += 1;
            }
            b')' => return Err(err(i, "')' without '('")),
            b'$' => {
                i += 1;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
            }
            _ => {
                let start = i;
                while i < bytes.len() && !b" \t\r\n{}()[];".contains(&bytes[i]) {
                    i += 1;
                }
                if i == start {
                    return Err(err(i, "unexpected character"));
                }
                let sym = &text[start..i];
                match sym {
                    "1-0" | "0-1" | "1/2-1/2" | "*" => items.push(Item::Result(sym.into())),
                    _ => {
                        let digits = sym.bytes().take_while(|b| b.is_ascii_digit()).count();
                        let rest = &sym[digits..];
                        let s = if digits > 0 && rest.starts_with('.') {
                            rest.trim_start_matches('.')
                        } else {
                            sym
                        };
                        if !s.is_empty() && s != "--" {
                            items.push(Item::Symbol(s.into()));
                        }
                    }
                }
            }
        }
    }
    Ok(items)
}

/// The `[%name value]` commands in a comment.
fn commands(comment: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = comment;
    while let Some(p) = rest.find("[%") {
        let after = &rest[p + 2..];
        let Some(end) = after.find(']') else { break };
        let body = after[..end].trim();
        let (name, value) = body.split_once(char::is_whitespace).unwrap_or((body, ""));
        out.push((name.to_string(), value.trim().to_string()));
        rest = &after[end + 1..];
    }
    out
}

fn replay<B: Bitboard>(m: &mut Match<B>, items: &[Item]) -> Result<(), PgnError> {
    let g = m.geometry();
    let mut route = None;
    for item in items {
        match item {
            Item::Comment(c) => {
                for (name, value) in commands(c) {
                    let bad = |message: String| PgnError::Move {
                        text: format!("[%{name} {value}]"),
                        message,
                    };
                    match name.as_str() {
                        "try" => {
                            let a = Attempt::parse(&value, g).map_err(|e| bad(e.to_string()))?;
                            let player = m.turn();
                            let r = m.attempt(player, a).map_err(|e| bad(e.to_string()))?;
                            if r.resolution == Resolution::Played {
                                return Err(bad("a recorded try played a move".into()));
                            }
                        }
                        "route" => {
                            let (a, rest) = g
                                .parse_square_prefix(&value)
                                .ok_or_else(|| bad("not two squares".into()))?;
                            let b = g
                                .parse_square(rest)
                                .ok_or_else(|| bad("not two squares".into()))?;
                            route = Some([a, b]);
                        }
                        _ => {}
                    }
                }
            }
            Item::Symbol(s) => {
                let bad = |message: String| PgnError::Move {
                    text: s.chars().take(40).collect(),
                    message,
                };
                let pos = m.position();
                let mv = pos.parse_san(s, m.mode()).map_err(|e| bad(e.to_string()))?;
                let mut a = Attempt::from_move(&mv);
                if let Attempt::Move(ma) = &mut a {
                    ma.route = route.take();
                }
                let player = m.turn();
                let r = m.attempt(player, a).map_err(|e| bad(e.to_string()))?;
                if r.resolution != Resolution::Played {
                    return Err(bad(format!("refused: {:?}", r.resolution)));
                }
            }
            Item::Tag(..) | Item::Result(_) => {}
        }
    }
    Ok(())
}

impl AnyMatch {
    /// The match as PGN (see the module docs).
    pub fn to_pgn(&self, extra: &[(&str, &str)]) -> String {
        match self {
            AnyMatch::B64(m) => m.to_pgn(extra),
            AnyMatch::B128(m) => m.to_pgn(extra),
            AnyMatch::B256(m) => m.to_pgn(extra),
        }
    }

    /// Reads a PGN game and replays it. Returns the match and all tags.
    pub fn from_pgn(text: &str) -> Result<(AnyMatch, Vec<(String, String)>), PgnError> {
        if text.len() > MAX_PGN_LEN {
            return Err(PgnError::TooLong { len: text.len() });
        }
        let items = tokenize(text)?;
        let mut tags = Vec::new();
        let mut result = None;
        let mut movetext = false;
        for it in &items {
            match it {
                Item::Tag(k, v) => {
                    if movetext {
                        return Err(PgnError::Syntax {
                            offset: 0,
                            message: format!("tag [{k}] after the moves"),
                        });
                    }
                    tags.push((k.clone(), v.clone()));
                }
                Item::Result(r) => result = Some(r.clone()),
                _ => movetext = true,
            }
        }
        let tag = |name: &str| {
            tags.iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.as_str())
        };
        let (variant_id, model_id) = read_game(tag);
        let variant = Variant::by_id(&variant_id).ok_or_else(|| PgnError::UnknownVariant {
            id: variant_id.chars().take(40).collect(),
        })?;
        let spec = ModelSpec::parse(
            model_id.as_deref().unwrap_or("open"),
            tag("KriegspielPreset"),
        )
        .map_err(PgnError::Model)?;
        let mut m = AnyMatch::new(&variant, spec, tag("FEN")).map_err(PgnError::Match)?;
        match &mut m {
            AnyMatch::B64(x) => replay(x, &items)?,
            AnyMatch::B128(x) => replay(x, &items)?,
            AnyMatch::B256(x) => replay(x, &items)?,
        }
        // A decided result the moves do not explain is an event.
        if m.outcome().is_none() {
            let term = tag("Termination").unwrap_or("");
            let flag = term == Reason::FlagFall.to_string();
            let ev = match result.as_deref() {
                Some("1-0") if flag => Some(crate::GameEvent::FlagFall(Color::Black)),
                Some("0-1") if flag => Some(crate::GameEvent::FlagFall(Color::White)),
                Some("1-0") => Some(crate::GameEvent::Resign(Color::Black)),
                Some("0-1") => Some(crate::GameEvent::Resign(Color::White)),
                Some("1/2-1/2") => Some(crate::GameEvent::DrawAgreed),
                _ => None,
            };
            if let Some(ev) = ev {
                m.end(ev).map_err(|e| PgnError::Move {
                    text: "result".into(),
                    message: e.to_string(),
                })?;
            }
        }
        Ok((m, tags))
    }
}
