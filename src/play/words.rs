//! Words the game table shows people: moves as a player knows them, the
//! umpire's announcements, resolutions of attempts, results.

use fogbound_engine::{
    Attempt, Color, Geometry, Message, Outcome, Reason, Resolution, SeenMove, Square, Variant,
};

/// What a game on this page shows and what it keeps, said on the Play page
/// and the Rules page.
pub const WHAT_THE_PAGE_HOLDS: &str = "The board and the page show each player only what \
    that player may see: while a player is looking, the men hidden from them are never drawn, \
    nor written into the page's text or markup. The game itself, every man included, is kept \
    in this browser's memory and in its autosave, as any game played on one device must be: \
    the screen keeps the fog, not the device, so someone who opens the browser's developer \
    tools could read the game. The whole position is shown when the game is over.";

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
        // What the page lets through is possible on the player's board: an
        // impossible answer now means a try refused already this turn, or
        // one the umpire's own words ruled out.
        Resolution::Impossible => {
            "Impossible, as you could have known (refused already, or ruled out by what you \
             were told): only you heard it. Try another."
                .into()
        }
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

/// The result as a sentence, each side named by `player`: `White wins by
/// capturing the king` (the royal man the variant gives the loser: a fool
/// in Foolish King Chess), `Black wins: time forfeit`, `Draw: repetition`.
pub fn outcome_sentence(
    o: &Outcome,
    variant: &Variant,
    player: impl Fn(Color) -> String,
) -> String {
    match (o.winner, o.reason) {
        (Some(winner), Reason::RoyalCaptured) => match variant.royal_role(!winner) {
            Some(role) => format!("{} wins by capturing the {role}", player(winner)),
            None => format!(
                "{} wins by capturing {}'s last royal man",
                player(winner),
                player(!winner)
            ),
        },
        (Some(winner), reason) => format!("{} wins: {reason}", player(winner)),
        (None, reason) => format!("Draw: {reason}"),
    }
}

/// [`outcome_sentence`] with the sides named by their colours.
pub fn outcome_text(o: &Outcome, variant: &Variant) -> String {
    outcome_sentence(o, variant, |c| c.name().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_result_names_the_man_taken() {
        let taken = |winner| Outcome {
            winner: Some(winner),
            reason: Reason::RoyalCaptured,
        };
        let chess = Variant::chess();
        assert_eq!(
            outcome_text(&taken(Color::White), &chess),
            "White wins by capturing the king"
        );
        let fk = Variant::foolish_king();
        assert_eq!(
            outcome_text(&taken(Color::Black), &fk),
            "Black wins by capturing the fool"
        );
        assert_eq!(
            outcome_text(&taken(Color::White), &fk),
            "White wins by capturing the king"
        );
        // A side with two royal roles: no single name to give.
        let mut two = Variant::chess();
        two.promotion.black.push(fogbound_engine::Role::Fool);
        assert_eq!(
            outcome_sentence(&taken(Color::White), &two, |c| format!("Ann ({c})")),
            "Ann (White) wins by capturing Ann (Black)'s last royal man"
        );
        let mate = Outcome {
            winner: Some(Color::Black),
            reason: Reason::Checkmate,
        };
        assert_eq!(outcome_text(&mate, &chess), "Black wins: checkmate");
        let draw = Outcome {
            winner: None,
            reason: Reason::ThreefoldRepetition,
        };
        assert_eq!(outcome_text(&draw, &chess), "Draw: repetition");
    }
}

/// What the hint says: the attempt the computer would make for the viewer,
/// worked out from the viewer's own observations.
pub(crate) fn hint_text(attempt: &Attempt, g: Geometry) -> String {
    match attempt {
        Attempt::Move(m) => format!(
            "Seeing only what you see, the computer would try {}–{}.",
            g.square_name(m.from),
            g.square_name(m.to)
        ),
        Attempt::AskAny => "Seeing only what you see, the computer would ask the umpire \"Any?\"".to_string(),
        Attempt::AskRebuffs => {
            "Seeing only what you see, the computer would ask how many tries your opponent was refused.".to_string()
        }
    }
}
