//! Words the game table shows people: moves as a player knows them, the
//! umpire's announcements, resolutions of attempts, results.

use fogbound_engine::{Color, Geometry, Message, Outcome, Resolution, SeenMove, Square};

/// A move as one player knows it.
pub(crate) fn describe(seen: &SeenMove, viewer: Color, g: Geometry) -> String {
    let name = |sq: Option<Square>| sq.map(|s| g.square_name(s)).unwrap_or_else(|| "?".into());
    if seen.passed {
        return "probe (turn used)".into();
    }
    let by = seen.by.unwrap_or(viewer);
    if by == viewer {
        let sep = if seen.capture_at.is_some() {
            "x"
        } else {
            "–"
        };
        let mut s = format!("{}{sep}{}", name(seen.from), name(seen.to));
        if let Some(r) = seen.promotion {
            s.push('=');
            s.push(r.upper_char());
        }
        return s;
    }
    let mut s = match (seen.from, seen.to) {
        (None, None) => "?".to_string(),
        (from, to) => format!("{}–{}", name(from), name(to)),
    };
    if let Some(c) = seen.capture_at {
        s.push_str(&format!(", took on {}", g.square_name(c)));
    }
    s
}

pub(crate) fn resolution_text(r: &Resolution, g: Geometry) -> String {
    match r {
        Resolution::Played => String::new(),
        Resolution::Illegal => "Illegal: that move is not possible. Try another.".into(),
        Resolution::Impossible => "Impossible on your own board. Try another.".into(),
        Resolution::MustTryPawnCapture => {
            "You asked “Any?” and heard yes: try a pawn capture first.".into()
        }
        Resolution::Probe { square } => format!(
            "Your pawn probed {}: nothing to capture there, and your turn was used.",
            g.square_name(*square)
        ),
        Resolution::IntoCheck { .. } => {
            "That move would leave your king in check (the attackers flash red). Try another."
                .into()
        }
        Resolution::AnyAnswer { yes: true } => "Any? Yes: you must try a pawn capture.".into(),
        Resolution::AnyAnswer { yes: false } => "Any? No pawn captures.".into(),
        Resolution::RebuffCount { count } => format!(
            "Your opponent's tries refused on their last turn: {}.",
            match count {
                0 => "none".to_string(),
                n => n.to_string(),
            }
        ),
    }
}

/// An announcement as the log shows it: refusals and answers say whose
/// try or question they answer (the bare words "No" would be ambiguous).
pub(crate) fn heard_text(message: &Message, g: Geometry) -> String {
    match message {
        Message::Illegal { by, word } => format!("{by}'s try: {word}"),
        Message::Nonsense { by, word } => format!("{by}'s try: {word}"),
        Message::AnyAnswer { by, word, .. } => format!("{by} asked “Any?”: {word}"),
        other => other.text(g),
    }
}

/// `"1-0 (royal man captured)"` in words.
pub fn outcome_text(o: &Outcome) -> String {
    let who = match o.winner {
        Some(c) => format!("{c} wins"),
        None => "Draw".into(),
    };
    format!("{who}: {}", o.reason)
}
