//! Kriegspiel (the encyclopedia article "Kriegspiel (chess)"; each preset
//! read against its own source: `preset_sources.rs`, `KRIEGSPIEL.md`): each
//! player sees only their own men; an [`Umpire`] judges tries and makes
//! announcements. Every preset is a [`KriegspielRules`] value (data), not a
//! fork of the code. Tries the mover could have known were impossible are
//! answered to it alone ([`crate::nonsense`]).

use serde::{Deserialize, Serialize};

use crate::model::{find_move, hints_of, masked, Judgement, Said};
pub use crate::nonsense::possible_on_own_board;
use crate::nonsense::{is_pawn_capture_try, may_answer_check, same_try};
use crate::observation::{
    Actions, Audience, CheckDirection, Extras, Hint, ManKind, Message, Tries,
};
use crate::{
    Attempt, Bitboard, ByColor, Color, InformationModel, ModelSpec, Move, MoveAttempt, MoveKind,
    Position, Resolution, Role, RuleMode, Square,
};

/// Who hears that a try was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Hearers {
    /// Both players.
    Both,
    /// Only the player who tried.
    Mover,
}

/// How much a capture announcement tells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CaptureDetail {
    /// The square only.
    Square,
    /// The square and whether the captured man was a pawn or a piece.
    SquareAndVictim,
    /// The square and whether the capturing man was a pawn or a piece.
    SquareAndCapturer,
}

/// How a pawn's check is announced.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PawnCheck {
    /// As the long or short diagonal, like any diagonal check.
    LongOrShort,
    /// As "a diagonal". No preset says it now: `rand` did until it followed
    /// its rule 15 (a pawn's check is announced as a bishop's would be);
    /// kept so the games saved then replay with their words.
    Diagonal,
}

/// What "Any?" obliges after a positive answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AnyObligation {
    /// Try at least one pawn capture; a failed one frees the player.
    TryOne,
    /// Keep trying pawn captures until one is legal and played.
    UntilLegal,
}

/// What the umpire says about pawn captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PawnTries {
    /// Nothing.
    None,
    /// A player may ask "Any?"; a positive answer obliges.
    AskAny { obligation: AnyObligation },
    /// The number of legal pawn captures, every turn.
    Count,
    /// "Pawn capture" when at least one legal pawn capture exists.
    Exists,
    /// The squares on which the side to move's pawns can capture.
    Squares,
}

/// An umpire's rules: one preset as data. Legal pawn captures are counted
/// among legal moves, so in check only captures that remove the check count
/// (the `cincinnati` and `rand` rule) in every preset.
///
/// The principle every preset keeps: the opponent never learns anything
/// from a try the mover could have known was impossible. Such a try is
/// answered with [`nonsense_word`](Self::nonsense_word) to the mover alone,
/// is not counted as a rebuff and discharges no "Any?" duty; which tries
/// count is the flags below (see [`crate::nonsense`]). The fields added
/// after the first saves default to the behaviour those saves were played
/// under, so an old save replays as it was played.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct KriegspielRules {
    /// Preset id (`cvp`, `english`, …).
    pub id: String,
    /// Human name and source.
    pub name: String,
    /// Who hears that a try was refused.
    pub illegal_heard_by: Hearers,
    /// The word for a refused try ("Illegal", "No").
    pub illegal_word: String,
    /// The word for a try the player must know is impossible (only the
    /// player hears it, and it is not counted); `None` (saves made before
    /// every preset had one): such tries are refused like any other.
    pub nonsense_word: Option<String>,
    /// Repeating a try refused this turn is nonsense.
    pub repeated_try_is_nonsense: bool,
    /// A pawn capture tried after the umpire said this turn that there is
    /// none ("Any?" answered no; a count of 0; no "pawn capture" call; a
    /// square the `rand` call did not name) is nonsense.
    #[serde(default)]
    pub told_none_is_nonsense: bool,
    /// In check, a try that neither moves the king nor lands where the
    /// announced check allows (on its line, a knight's leap away; nothing
    /// but the king against a double check), or castles, is nonsense (RAND
    /// rule 7).
    #[serde(default)]
    pub off_the_check_is_nonsense: bool,
    pub capture: CaptureDetail,
    /// En passant captures are announced as such, on the square the
    /// capturing pawn reaches (else on the taken pawn's square, as any
    /// capture).
    pub en_passant_announced: bool,
    pub pawn_check: PawnCheck,
    pub pawn_tries: PawnTries,
    /// Answers to "Any?".
    pub any_yes_word: String,
    pub any_no_word: String,
    /// "Any?" is asked and answered in secret, and a "No" reaches the
    /// opponent as one refused try for each pawn capture the asker's own
    /// board allows and it has not tried this turn: the opponent hears just
    /// what it would have heard had every pawn capture been tried (Wolfe's
    /// Berkeley "Any?" rule).
    #[serde(default)]
    pub secret_any: bool,
    /// Promotions are announced (not the square or the new man).
    pub promotion_announced: bool,
    /// Threefold repetition and the 50-move rule apply.
    pub host_draws: bool,
    /// A player may ask how many tries the opponent had refused last turn.
    pub rebuff_query: bool,
    /// The stalemated player loses (RAND rule 20) instead of drawing.
    #[serde(default)]
    pub stalemate_loses: bool,
}

impl KriegspielRules {
    /// Every preset id, in the README's order.
    pub const PRESET_IDS: [&'static str; 8] = [
        "cvp",
        "english",
        "wild16",
        "berkeley",
        "berkeley-any",
        "cincinnati",
        "rand",
        "dutch",
    ];

    fn base(id: &str, name: &str) -> KriegspielRules {
        KriegspielRules {
            id: id.into(),
            name: name.into(),
            illegal_heard_by: Hearers::Both,
            illegal_word: "Illegal".into(),
            nonsense_word: Some("Impossible".into()),
            repeated_try_is_nonsense: true,
            told_none_is_nonsense: true,
            off_the_check_is_nonsense: false,
            capture: CaptureDetail::Square,
            en_passant_announced: false,
            pawn_check: PawnCheck::LongOrShort,
            pawn_tries: PawnTries::None,
            any_yes_word: "Yes".into(),
            any_no_word: "No".into(),
            secret_any: false,
            promotion_announced: false,
            host_draws: true,
            rebuff_query: false,
            stalemate_loses: false,
        }
    }

    /// The preset with this id. Where each value comes from, and every
    /// reading where the source is silent, is in the catalogue's preset
    /// entry (`catalogue::presets`), which the Rules page shows.
    pub fn preset(id: &str) -> Option<KriegspielRules> {
        let ask_any = |obligation| PawnTries::AskAny { obligation };
        Some(match id {
            "cvp" => KriegspielRules {
                en_passant_announced: true,
                pawn_tries: ask_any(AnyObligation::TryOne),
                any_yes_word: "Try".into(),
                ..Self::base("cvp", "Chess Variant Pages (H. Bodlaender, \"Kriegspiel\")")
            },
            "english" => KriegspielRules {
                pawn_tries: ask_any(AnyObligation::TryOne),
                ..Self::base("english", "English rules (Gambit Club, 1933)")
            },
            "wild16" => KriegspielRules {
                illegal_heard_by: Hearers::Mover,
                // ICC tells the mover "Illegal move" whatever the reason.
                nonsense_word: Some("Illegal".into()),
                capture: CaptureDetail::SquareAndVictim,
                pawn_tries: PawnTries::Count,
                ..Self::base("wild16", "ICC Wild 16 (Computer Olympiad)")
            },
            "berkeley" => KriegspielRules {
                illegal_word: "No".into(),
                nonsense_word: Some("Nonsense".into()),
                host_draws: false,
                ..Self::base("berkeley", "Berkeley rules (Wolfe)")
            },
            "berkeley-any" => KriegspielRules {
                illegal_word: "No".into(),
                nonsense_word: Some("Nonsense".into()),
                host_draws: false,
                pawn_tries: ask_any(AnyObligation::UntilLegal),
                any_yes_word: "Try".into(),
                secret_any: true,
                ..Self::base("berkeley-any", "Berkeley rules with \"Any?\" (Wolfe)")
            },
            "cincinnati" => KriegspielRules {
                illegal_word: "No".into(),
                nonsense_word: Some("Nonsense".into()),
                capture: CaptureDetail::SquareAndVictim,
                pawn_tries: PawnTries::Exists,
                ..Self::base("cincinnati", "Cincinnati rules (Moeser, 1977)")
            },
            "rand" => KriegspielRules {
                illegal_word: "No".into(),
                nonsense_word: Some("Hell no".into()),
                off_the_check_is_nonsense: true,
                capture: CaptureDetail::SquareAndVictim,
                pawn_tries: PawnTries::Squares,
                promotion_announced: true,
                rebuff_query: true,
                stalemate_loses: true,
                ..Self::base("rand", "RAND rules (Williams, 1950)")
            },
            "dutch" => KriegspielRules {
                capture: CaptureDetail::SquareAndCapturer,
                pawn_tries: ask_any(AnyObligation::TryOne),
                ..Self::base("dutch", "Dutch problem convention")
            },
            _ => return None,
        })
    }

    /// Every preset.
    pub fn presets() -> Vec<KriegspielRules> {
        Self::PRESET_IDS
            .iter()
            .filter_map(|id| Self::preset(id))
            .collect()
    }
}

/// The Kriegspiel umpire: the model for [`ModelSpec::Kriegspiel`].
#[derive(Clone, Debug)]
pub struct Umpire {
    rules: KriegspielRules,
    /// "Any?" was asked this turn.
    asked_any: bool,
    /// "Any?" was answered no this turn.
    any_said_no: bool,
    /// The player must try a pawn capture.
    obligation: Option<AnyObligation>,
    /// Tries refused this turn.
    tries: Vec<MoveAttempt>,
    /// Tries refused in each side's current or last turn.
    refused: ByColor<u32>,
}

impl Umpire {
    /// An umpire following `rules`.
    pub fn new(rules: KriegspielRules) -> Umpire {
        Umpire {
            rules,
            asked_any: false,
            any_said_no: false,
            obligation: None,
            tries: Vec::new(),
            refused: ByColor::default(),
        }
    }

    /// The rules followed.
    pub fn rules(&self) -> &KriegspielRules {
        &self.rules
    }

    fn nonsense(&mut self, player: Color, said: &mut Said) -> Judgement {
        match &self.rules.nonsense_word {
            Some(word) => {
                said.push((
                    Audience::Only(player),
                    Message::Nonsense {
                        by: player,
                        word: word.clone(),
                    },
                ));
                Judgement::Keep(Resolution::Impossible)
            }
            None => self.refuse(player, said),
        }
    }

    fn refuse(&mut self, player: Color, said: &mut Said) -> Judgement {
        self.refused[player] += 1;
        let audience = match self.rules.illegal_heard_by {
            Hearers::Both => Audience::All,
            Hearers::Mover => Audience::Only(player),
        };
        said.push((
            audience,
            Message::Illegal {
                by: player,
                word: self.rules.illegal_word.clone(),
            },
        ));
        Judgement::Keep(Resolution::Illegal)
    }

    /// A secret "Any?" answered no: every pawn capture `player`'s board
    /// allows and it has not tried this turn counts as tried and refused,
    /// and the opponent hears the refusals it would have heard (the asker
    /// heard its "No").
    fn refuse_untried_pawn_captures<B: Bitboard>(
        &mut self,
        pos: &Position<B>,
        player: Color,
        said: &mut Said,
    ) {
        let own = pos.by_color(player);
        for from in pos.pieces(player, Role::Pawn).squares() {
            for to in (pos.rules().pawn_attacks(player, from) & !own).squares() {
                let a = MoveAttempt::plain(from, to);
                if self.tries.iter().any(|t| same_try(t, &a)) {
                    continue;
                }
                self.tries.push(a);
                self.refused[player] += 1;
                if self.rules.illegal_heard_by == Hearers::Both {
                    said.push((
                        Audience::Only(!player),
                        Message::Illegal {
                            by: player,
                            word: self.rules.illegal_word.clone(),
                        },
                    ));
                }
            }
        }
    }

    /// Whether `player` could have known `a` was impossible, by the kinds
    /// the rules name ([`crate::nonsense`]).
    fn known_impossible<B: Bitboard>(
        &self,
        pos: &Position<B>,
        player: Color,
        a: &MoveAttempt,
        pawn_try: bool,
    ) -> bool {
        let r = &self.rules;
        !possible_on_own_board(pos, player, a)
            || (r.repeated_try_is_nonsense && self.tries.iter().any(|t| same_try(t, a)))
            || (r.told_none_is_nonsense && pawn_try && self.told_no_pawn_capture(pos, a))
            || (r.off_the_check_is_nonsense
                && pos.is_check()
                && !may_answer_check(pos, player, a, &check_directions(pos, r.pawn_check)))
    }

    /// Whether the umpire said this turn that no pawn capture onto `a.to`
    /// is legal (what it said is what the position shows: the calls are
    /// made from it).
    fn told_no_pawn_capture<B: Bitboard>(&self, pos: &Position<B>, a: &MoveAttempt) -> bool {
        match self.rules.pawn_tries {
            PawnTries::None => false,
            PawnTries::AskAny { .. } => self.any_said_no,
            PawnTries::Count | PawnTries::Exists => legal_pawn_captures(pos).is_empty(),
            PawnTries::Squares => !legal_pawn_captures(pos).iter().any(|m| m.to == a.to),
        }
    }
}

/// The lines along which the side to move in `pos` is checked.
pub fn check_directions<B: Bitboard>(
    pos: &Position<B>,
    pawn_check: PawnCheck,
) -> Vec<CheckDirection> {
    let Some(king) = pos.king_of(pos.turn()) else {
        return Vec::new();
    };
    let g = pos.geometry();
    let (kf, kr) = g.coords(king);
    let (w, h) = (g.width() as i32, g.height() as i32);
    // Squares on the diagonal through the king with step (1, s).
    let diag_len = |s: i32| {
        let mut n = 1;
        for dir in [1, -1] {
            let (mut f, mut r) = (kf + dir, kr + dir * s);
            while (0..w).contains(&f) && (0..h).contains(&r) {
                n += 1;
                f += dir;
                r += dir * s;
            }
        }
        n
    };
    let mut dirs: Vec<CheckDirection> = pos
        .checkers()
        .squares()
        .map(|c| {
            let (cf, cr) = g.coords(c);
            let (df, dr) = (cf - kf, cr - kr);
            if dr == 0 {
                CheckDirection::Rank
            } else if df == 0 {
                CheckDirection::File
            } else if df.abs() == dr.abs() {
                if pawn_check == PawnCheck::Diagonal && pos.by_role(Role::Pawn).contains(c) {
                    CheckDirection::Diagonal
                } else {
                    let s = if (df > 0) == (dr > 0) { 1 } else { -1 };
                    // Ties (possible on some boards) count as long.
                    if diag_len(s) >= diag_len(-s) {
                        CheckDirection::LongDiagonal
                    } else {
                        CheckDirection::ShortDiagonal
                    }
                }
            } else {
                CheckDirection::Knight
            }
        })
        .collect();
    crate::small_sort::sort_small(&mut dirs);
    dirs.dedup();
    dirs
}

fn legal_pawn_captures<B: Bitboard>(pos: &Position<B>) -> Vec<Move> {
    pos.legal_moves()
        .into_iter()
        .filter(|m| m.role == Role::Pawn && m.capture.is_some())
        .collect()
}

/// The number of legal pawn captures, one per pawn and square: a capture
/// onto the last rank counts once, not once per man it may promote to
/// (ICC: "number of legal capturing moves using pawns").
fn pawn_capture_count<B: Bitboard>(pos: &Position<B>) -> u32 {
    let mut pairs: Vec<(Square, Square)> = legal_pawn_captures(pos)
        .iter()
        .map(|m| (m.from, m.to))
        .collect();
    crate::small_sort::sort_small(&mut pairs);
    pairs.dedup();
    pairs.len() as u32
}

impl<B: Bitboard> InformationModel<B> for Umpire {
    fn spec(&self) -> ModelSpec {
        ModelSpec::Kriegspiel {
            rules: self.rules.clone(),
        }
    }

    fn clone_box(&self) -> Box<dyn InformationModel<B>> {
        Box::new(self.clone())
    }

    fn visible(&self, _pos: &Position<B>, _player: Color) -> B {
        B::EMPTY
    }

    /// No square is shown, and the umpire's words after a move name its
    /// landing square (or the pawn taken en passant, found from it), the
    /// man taken and the one that took, a promotion and the checks of the
    /// position after it: never where the man came from.
    fn tells_origin(&self) -> bool {
        false
    }

    fn judge(
        &mut self,
        pos: &Position<B>,
        player: Color,
        attempt: &Attempt,
        said: &mut Said,
    ) -> Judgement {
        match attempt {
            Attempt::AskRebuffs => {
                if !self.rules.rebuff_query {
                    return self.nonsense(player, said);
                }
                let count = self.refused[!player];
                said.push((
                    Audience::Only(player),
                    Message::RebuffCount { of: !player, count },
                ));
                Judgement::Keep(Resolution::RebuffCount { count })
            }
            Attempt::AskAny => {
                let PawnTries::AskAny { obligation } = self.rules.pawn_tries else {
                    return self.nonsense(player, said);
                };
                if self.asked_any || pos.pieces(player, Role::Pawn).is_empty() {
                    return self.nonsense(player, said);
                }
                self.asked_any = true;
                let yes = !legal_pawn_captures(pos).is_empty();
                let word = if yes {
                    self.rules.any_yes_word.clone()
                } else {
                    self.rules.any_no_word.clone()
                };
                let audience = if self.rules.secret_any {
                    Audience::Only(player)
                } else {
                    Audience::All
                };
                said.push((
                    audience,
                    Message::AnyAnswer {
                        by: player,
                        yes,
                        word,
                    },
                ));
                if yes {
                    self.obligation = Some(obligation);
                } else {
                    self.any_said_no = true;
                    if self.rules.secret_any {
                        self.refuse_untried_pawn_captures(pos, player, said);
                    }
                }
                Judgement::Keep(Resolution::AnyAnswer { yes })
            }
            Attempt::Move(a) => {
                let pawn_try = is_pawn_capture_try(pos, player, a);
                if self.obligation.is_some() && !pawn_try {
                    said.push((
                        Audience::Only(player),
                        Message::MustTryPawnCapture { by: player },
                    ));
                    return Judgement::Keep(Resolution::MustTryPawnCapture);
                }
                if self.known_impossible(pos, player, a, pawn_try) {
                    return self.nonsense(player, said);
                }
                match find_move(pos, RuleMode::Orthodox, a) {
                    Some(m) => {
                        self.obligation = None;
                        Judgement::Play(m)
                    }
                    None => {
                        self.tries.push(*a);
                        // A refused pawn capture is the one try the duty
                        // asks for (a repeated one was nonsense above).
                        if pawn_try && self.obligation == Some(AnyObligation::TryOne) {
                            self.obligation = None;
                        }
                        self.refuse(player, said)
                    }
                }
            }
        }
    }

    fn played(
        &mut self,
        before: &Position<B>,
        after: &Position<B>,
        mv: &Move,
        _attempt: &Attempt,
        said: &mut Said,
    ) {
        let by = before.turn();
        said.push((Audience::All, Message::Moved { by }));
        if let Some(victim) = mv.capture {
            let ep = mv.kind == MoveKind::EnPassant;
            // En passant named: where the capturing pawn lands ("taken en
            // passant on f3"); otherwise where the taken man stood.
            let named = ep && self.rules.en_passant_announced;
            let square = if ep && !named {
                before.ep_victim(mv.to)
            } else {
                mv.to
            };
            let (victim, capturer) = match self.rules.capture {
                CaptureDetail::Square => (None, None),
                CaptureDetail::SquareAndVictim => (Some(ManKind::of(victim)), None),
                CaptureDetail::SquareAndCapturer => (None, Some(ManKind::of(mv.role))),
            };
            said.push((
                Audience::All,
                Message::Capture {
                    square,
                    victim,
                    capturer,
                    en_passant: named,
                },
            ));
        }
        if mv.promotion.is_some() && self.rules.promotion_announced {
            said.push((Audience::All, Message::Promotion));
        }
        if after.is_check() {
            said.push((
                Audience::All,
                Message::Check {
                    directions: check_directions(after, self.rules.pawn_check),
                },
            ));
        }
    }

    fn turn_started(&mut self, pos: &Position<B>, said: &mut Said) {
        self.asked_any = false;
        self.any_said_no = false;
        self.obligation = None;
        self.tries.clear();
        self.refused[pos.turn()] = 0;
        match self.rules.pawn_tries {
            PawnTries::None | PawnTries::AskAny { .. } => {}
            PawnTries::Count => {
                let count = pawn_capture_count(pos);
                said.push((Audience::All, Message::PawnTries { count }));
            }
            PawnTries::Exists => {
                if !legal_pawn_captures(pos).is_empty() {
                    said.push((Audience::All, Message::PawnCaptureExists));
                }
            }
            PawnTries::Squares => {
                let mut sqs: Vec<_> = legal_pawn_captures(pos).iter().map(|m| m.to).collect();
                crate::small_sort::sort_small(&mut sqs);
                sqs.dedup();
                if !sqs.is_empty() {
                    let g = pos.geometry();
                    said.push((
                        Audience::All,
                        Message::PawnCaptureSquares {
                            squares: sqs.into_iter().map(|s| g.square_name(s)).collect(),
                        },
                    ));
                }
            }
        }
    }

    fn hints(&self, pos: &Position<B>, player: Color) -> Vec<Hint> {
        hints_of(&masked(pos, player, B::EMPTY).pseudo_legal_moves())
    }

    /// Each pawn's captures onto squares its own side does not hold: the
    /// player cannot see whether an enemy man stands there.
    fn try_hints(&self, pos: &Position<B>, player: Color) -> Vec<Hint> {
        let own = pos.by_color(player);
        let mut tries: Vec<Hint> = pos
            .pieces(player, Role::Pawn)
            .squares()
            .flat_map(|from| {
                (pos.rules().pawn_attacks(player, from) & !own)
                    .squares()
                    .map(move |to| Hint { from, to })
            })
            .collect();
        crate::small_sort::sort_small(&mut tries);
        tries
    }

    fn extras(&self, pos: &Position<B>, player: Color) -> Extras {
        Extras {
            must_try_pawn_capture: pos.turn() == player && self.obligation.is_some(),
            ..Extras::default()
        }
    }

    fn actions(&self, pos: &Position<B>, player: Color) -> Actions {
        let has_pawns = !pos.pieces(player, Role::Pawn).is_empty();
        Actions {
            tries: Tries::TryHints,
            // Asking again, or without a pawn, would be nonsense.
            ask_any: matches!(self.rules.pawn_tries, PawnTries::AskAny { .. })
                && !self.asked_any
                && has_pawns,
            ask_rebuffs: self.rules.rebuff_query,
            choose_route: false,
            must_try_pawn_capture: self.obligation.is_some(),
        }
    }
}
