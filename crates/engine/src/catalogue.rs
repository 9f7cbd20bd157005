//! The catalogue of what can be played: the built-in variants, information
//! models and Kriegspiel umpire presets, each with its id (links, saves, the
//! command line), the label people read and its rules in words. The
//! new-game form, game links, the Rules page and the command line all read
//! this one listing; nothing else names them.
//!
//! Preset descriptions are written from the preset's data
//! ([`KriegspielRules`]), so the words cannot drift from what the umpire does.

use crate::preset_sources::PRESET_SOURCES;
use crate::{
    AnyObligation, CaptureDetail, Hearers, KriegspielRules, ModelSpec, PawnCheck, PawnTries,
    Variant,
};

/// One playable variant or information model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The id links, saves and the command line use.
    pub id: &'static str,
    /// The name people read.
    pub label: &'static str,
    /// The rules in a few sentences, one a line (the Rules page shows them).
    pub rules: &'static [&'static str],
}

/// The variants the page offers (the solvers' endgame boards are reached
/// through their own pages, by [`Variant::by_id`]).
pub const VARIANTS: [Entry; 2] = [
    Entry {
        id: "chess",
        label: "Chess",
        rules: &["The usual 8×8 board, men and moves."],
    },
    Entry {
        id: "foolish-king",
        label: "Foolish King Chess (10×8)",
        rules: &[
            "A 10×8 board. White: Fool e1, Archbishops b1 and i1, Bishops d1 and g1, Knights c1, f1, h1, Rooks a1 and j1, ten pawns. Black: King e8, Queen f8, Knights b8, c8, h8, i8, Hunters d8 and g8, Rooks a8 and j8, ten pawns.",
            "Archbishop: moves as a bishop or a knight. Hunter: slides diagonally like a bishop, and along ranks and files but may only stop on a square of its own colour (it cannot jump).",
            "Fool (White's royal man): moves as a knight or one step along a rank or file; captures nothing; only a king or a pawn can capture it. It is not subject to check.",
            "Pawns promote to Hunters (Black) and Fools (White). Castling is free castling.",
            "White wins by mating Black. Black wins if White has no rooks and no archbishops, if White has no Fool, or when the black king reaches White's back rank.",
        ],
    },
];

/// The information models: who sees what.
pub const MODELS: [Entry; 4] = [
    Entry {
        id: "open",
        label: "Open board",
        rules: &["Both players see the whole board: ordinary chess rules."],
    },
    Entry {
        id: "fog",
        label: "Fog of War",
        rules: &[
            "You see your own men and every square they could move to, including moves that would leave your king attacked. An enemy man is visible exactly when one of yours could capture it.",
            "A pawn sees the squares it could advance to, not the man blocking it; it sees a diagonal square only when it could capture there. A pawn that may be taken en passant is visible to the capturer for that turn.",
            "There is no check and no mate: you may move into check, and the game is won by capturing the king. There is no stalemate.",
            "Castling is allowed out of, through and into attacked squares.",
            "Threefold repetition and the 50-move rule end the game as a draw automatically: nobody can see enough to claim them.",
        ],
    },
    Entry {
        id: "dark",
        label: "Dark Chess",
        rules: &[
            "You see your own men and every square your men have travelled over in the game so far: each step of a pawn, every square of a slider's path, a king's start and end (castling: both paths), and the L-route you choose for a knight.",
            "When the opponent captures one of your men, that square is revealed to you.",
            "A probe — pushing a pawn into an occupied square, or a pawn capture onto an empty square — costs your turn and leaves that square explored.",
            "A slider aimed past a hidden enemy man captures the first one in its path and stops there.",
            "A move that would leave your king in check fails without costing the turn; the squares that would attack the king flash red. Otherwise the usual check, mate and stalemate apply.",
        ],
    },
    Entry {
        id: "kriegspiel",
        label: "Kriegspiel",
        rules: &[
            "Each player sees only their own men. An umpire, who sees everything, accepts or rejects every attempted move and announces captures, checks and pawn tries according to the chosen convention (the umpire preset).",
            "A refused try costs nothing: try another. Long and short diagonal: the two diagonals through the king's square have different lengths; “long” is the longer. A double check names both directions.",
            crate::preset_sources::NONSENSE_PRINCIPLE,
        ],
    },
];

/// The label of each Kriegspiel preset, by id, in
/// [`KriegspielRules::PRESET_IDS`] order.
const PRESET_LABELS: [(&str, &str); 8] = [
    ("cvp", "Chess Variant Pages"),
    ("english", "English (Gambit Club 1933)"),
    ("wild16", "ICC wild 16"),
    ("berkeley", "Berkeley"),
    ("berkeley-any", "Berkeley with Any?"),
    ("cincinnati", "Cincinnati"),
    ("rand", "RAND"),
    ("dutch", "Dutch (problems)"),
];

/// A Kriegspiel umpire preset with its label, its source and our readings
/// of it ([`crate::preset_sources`]); its rules in words come from its data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preset {
    pub id: &'static str,
    pub label: &'static str,
    pub rules: KriegspielRules,
    /// The publication the preset follows.
    pub source: &'static str,
    /// Our decisions where the source is silent or ambiguous, one a line,
    /// each naming the rule it rests on.
    pub readings: &'static [&'static str],
}

/// The model a new game uses unless told otherwise (Fog of War).
pub fn default_model() -> ModelSpec {
    ModelSpec::Fog
}

/// Every variant the page offers.
pub fn variants() -> &'static [Entry] {
    &VARIANTS
}

/// Every information model.
pub fn models() -> &'static [Entry] {
    &MODELS
}

/// Every Kriegspiel umpire preset, in the rules README's order.
pub fn presets() -> Vec<Preset> {
    PRESET_LABELS
        .iter()
        .zip(PRESET_SOURCES.iter())
        .filter_map(|(&(id, label), src)| {
            let rules = KriegspielRules::preset(id)?;
            (src.id == id).then_some(Preset {
                id,
                label,
                rules,
                source: src.source,
                readings: src.readings,
            })
        })
        .collect()
}

/// The variant entry with this id.
pub fn variant_entry(id: &str) -> Option<&'static Entry> {
    VARIANTS.iter().find(|e| e.id == id)
}

/// The model entry with this id.
pub fn model_entry(id: &str) -> Option<&'static Entry> {
    MODELS.iter().find(|e| e.id == id)
}

/// The preset with this id.
pub fn preset(id: &str) -> Option<Preset> {
    presets().into_iter().find(|p| p.id == id)
}

/// An offered variant by id (the catalogue's, not the solvers' boards).
pub fn variant(id: &str) -> Option<Variant> {
    variant_entry(id).and_then(|e| Variant::by_id(e.id))
}

/// The label of a variant id (the id itself when it is not offered).
pub fn variant_label(id: &str) -> String {
    variant_entry(id).map_or_else(|| id.to_string(), |e| e.label.to_string())
}

/// A model as people read it: `Fog of War`, `Kriegspiel: RAND`.
pub fn model_label(spec: &ModelSpec) -> String {
    let model = model_entry(spec.id()).map_or(spec.id(), |e| e.label);
    match spec.preset_id() {
        Some(id) => {
            let preset = PRESET_LABELS
                .iter()
                .find(|(p, _)| *p == id)
                .map_or(id, |(_, label)| label);
            format!("{model}: {preset}")
        }
        None => model.to_string(),
    }
}

impl Preset {
    /// Who hears a refused try, and the words used.
    pub fn illegal_text(&self) -> String {
        let r = &self.rules;
        let mut s = match r.illegal_heard_by {
            Hearers::Both => format!("“{}” announced to both", r.illegal_word),
            Hearers::Mover => format!("“{}” told to the mover only", r.illegal_word),
        };
        let Some(word) = &r.nonsense_word else {
            return s;
        };
        if *word == r.illegal_word && r.illegal_heard_by == Hearers::Mover {
            s.push_str(", whatever the reason");
            return s;
        }
        let mut kinds = vec!["a try impossible on their own board"];
        if r.repeated_try_is_nonsense {
            kinds.push("one refused already this turn");
        }
        if r.told_none_is_nonsense && r.pawn_tries != PawnTries::None {
            kinds.push("a pawn capture after being told there is none");
        }
        if r.off_the_check_is_nonsense {
            kinds.push("in check, one that cannot answer the check announced");
        }
        let last = kinds.pop().unwrap_or_default();
        let kinds = if kinds.is_empty() {
            last.to_string()
        } else {
            format!("{} or {last}", kinds.join(", "))
        };
        s.push_str(&format!(
            "; “{word}” to the player alone, not counted, for {kinds}"
        ));
        s
    }

    /// What a capture announcement tells.
    pub fn capture_text(&self) -> String {
        let mut s = match self.rules.capture {
            CaptureDetail::Square => "the square".to_string(),
            CaptureDetail::SquareAndVictim => {
                "the square, and whether a pawn or a piece was captured".to_string()
            }
            CaptureDetail::SquareAndCapturer => {
                "the square, and whether a pawn or a piece captured".to_string()
            }
        };
        if self.rules.en_passant_announced {
            s.push_str("; en passant named, on the square the capturing pawn reaches");
        } else {
            s.push_str("; en passant on the taken pawn's square");
        }
        s
    }

    /// How checks are announced.
    pub fn check_text(&self) -> String {
        let mut s = "rank, file, long or short diagonal, knight".to_string();
        if self.rules.pawn_check == PawnCheck::Diagonal {
            s.push_str("; a pawn's check as “a diagonal”");
        }
        s
    }

    /// What the umpire says about pawn captures.
    pub fn pawn_tries_text(&self) -> String {
        let r = &self.rules;
        match r.pawn_tries {
            PawnTries::None => "nothing".to_string(),
            PawnTries::AskAny { obligation } => {
                let (yes, no) = (&r.any_yes_word, &r.any_no_word);
                let duty = match obligation {
                    AnyObligation::TryOne => "at least one pawn capture must be tried",
                    AnyObligation::UntilLegal => "pawn captures must be tried until one is legal",
                };
                let mut s =
                    format!("a player may ask “Any?” → “{no}” or “{yes}”; after “{yes}” {duty}");
                if r.secret_any {
                    s.push_str(&format!(
                        "; asked and answered in secret, a “{no}” heard by the opponent as a refusal for each pawn capture not yet tried"
                    ));
                }
                s
            }
            PawnTries::Count => {
                "the number of legal pawn captures is announced every turn".to_string()
            }
            PawnTries::Exists => "“Pawn capture” is said when one is legal".to_string(),
            PawnTries::Squares => {
                "the squares where pawns can capture are announced every turn".to_string()
            }
        }
    }

    /// Everything else that sets the preset apart (empty when nothing).
    pub fn other_text(&self) -> String {
        let r = &self.rules;
        let mut parts = Vec::new();
        if r.promotion_announced {
            parts.push("promotions are announced");
        }
        if r.stalemate_loses {
            parts.push("the stalemated player loses");
        }
        if r.rebuff_query {
            parts.push("a player may ask how many tries the opponent had refused");
        }
        if !r.host_draws {
            parts.push("no automatic draw by repetition or the 50-move rule");
        }
        parts.join("; ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_has_a_label_and_every_label_a_preset() {
        let ids: Vec<&str> = presets().iter().map(|p| p.id).collect();
        assert_eq!(ids, KriegspielRules::PRESET_IDS.to_vec());
    }

    #[test]
    fn every_listed_variant_and_model_exists() {
        for v in variants() {
            assert!(variant(v.id).is_some(), "{}", v.id);
        }
        for m in models() {
            let preset = (m.id == "kriegspiel").then_some("cvp");
            assert!(ModelSpec::parse(m.id, preset).is_ok(), "{}", m.id);
        }
        assert!(
            variant("krk-5x5").is_none(),
            "solver boards are not offered"
        );
    }

    #[test]
    fn labels_name_the_preset() {
        let spec = ModelSpec::parse("kriegspiel", Some("rand")).unwrap();
        assert_eq!(model_label(&spec), "Kriegspiel: RAND");
        assert_eq!(model_label(&ModelSpec::Fog), "Fog of War");
    }

    #[test]
    fn preset_words_follow_the_data() {
        let wild = preset("wild16").unwrap();
        assert!(wild
            .illegal_text()
            .contains("mover only, whatever the reason"));
        assert!(wild.pawn_tries_text().contains("number"));
        let rand = preset("rand").unwrap();
        assert!(rand.illegal_text().contains("Hell no"));
        assert!(rand.illegal_text().contains("cannot answer the check"));
        assert!(rand.other_text().contains("how many tries"));
        assert!(rand.other_text().contains("stalemated player loses"));
        assert!(!rand.check_text().contains("a diagonal"));
        let english = preset("english").unwrap();
        assert!(english
            .illegal_text()
            .contains("“Impossible” to the player alone"));
        assert!(english.capture_text().contains("taken pawn's square"));
        assert!(preset("berkeley-any")
            .unwrap()
            .pawn_tries_text()
            .contains("in secret"));
        let cvp = preset("cvp").unwrap();
        assert!(cvp.pawn_tries_text().contains("“Try”"));
        assert!(cvp.capture_text().contains("en passant"));
        let berkeley = preset("berkeley").unwrap();
        assert_eq!(berkeley.pawn_tries_text(), "nothing");
        assert!(berkeley.other_text().contains("no automatic draw"));
    }

    #[test]
    fn every_preset_names_its_source_and_readings() {
        for p in presets() {
            assert!(!p.source.is_empty() && !p.readings.is_empty(), "{}", p.id);
        }
    }
}
