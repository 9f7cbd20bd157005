//! The composer's view of a problem: every first attempt of White judged
//! as a problemist judges it — the key, the cooks, the tries (first moves
//! that fail to exactly one defence, named), the moves that fail to many
//! — and the duals of the key's solution tree. The cook pass decides
//! which first moves force the stipulation; each refuted one is then
//! taken apart defence by defence here. What a defence is, and how
//! "exactly one" is tested, is in SOLVER-NOTES.md ("The composer's view").

use serde::{Deserialize, Serialize};

use fogbound_engine::belief::Belief;
use fogbound_engine::{Bitboard64, MoveAttempt};

use super::composer_progress::ComposerProgress;
use super::duals::{Dual, DualWalk, DUALS_NODES};
use super::{attempt_coord, seen_words, white_won, Group, Plan, Pos, Solver, Stop, Turn};

/// Nodes each refuted first move may spend on its classification (past
/// that it is reported undecided).
pub const CLASSIFY_NODES: u64 = 10_000_000;

/// The most positions of a move's refuting answers tested one by one for
/// refuting on their own, when the move fails to many (the count is then
/// a lower bound all the more).
pub const COUNT_CAP: usize = 24;

/// A first attempt as a problemist names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FirstVerdict {
    /// The key the solver proved.
    Key,
    /// Another first move that forces the stipulation too.
    Cook,
    /// Fails to exactly one defence, named in `refuted_by`.
    Try,
    /// Fails to more than one defence (or to several only together).
    Fails,
    /// Not decided within its node budget.
    Undecided,
}

impl FirstVerdict {
    /// `key`, `cook`, `try`, `fails` or `undecided`.
    pub fn id(self) -> &'static str {
        match self {
            FirstVerdict::Key => "key",
            FirstVerdict::Cook => "cook",
            FirstVerdict::Try => "try",
            FirstVerdict::Fails => "fails",
            FirstVerdict::Undecided => "undecided",
        }
    }
}

/// One defence against a first move: a placement of the hidden men and
/// what happened there (Black's reply, or the umpire's refusal, or the
/// game's end), as White would hear it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Defence {
    /// The hidden men as they stand in that placement (`bg2`).
    pub placement: Vec<String>,
    /// Black's reply in SAN on the whole board; `None` when the umpire
    /// refused White's move there, or the move ended the game.
    pub reply: Option<String>,
    /// What White is told, in the umpire's words.
    pub told: Vec<String>,
    /// Other placements whose reply reaches the very same position (a
    /// bishop taking on c1 from b2 or from a3): to White they are one
    /// defence, denied together.
    pub also_placements: Vec<Vec<String>>,
}

impl Defence {
    /// In words, as the tree writes the umpire's: `bb6: Bxf2 — “White has
    /// moved; Capture at f2”`; no placement when nothing is hidden, `no
    /// reply` after a refusal or the game's end.
    pub fn words(&self) -> String {
        let mut s = self.placement.join(" ");
        if !s.is_empty() {
            s.push_str(": ");
        }
        s.push_str(self.reply.as_deref().unwrap_or("no reply"));
        if !self.also_placements.is_empty() {
            let also: Vec<String> = self.also_placements.iter().map(|p| p.join(" ")).collect();
            s.push_str(&format!(" (the same position from {})", also.join(", ")));
        }
        format!("{s} — “{}”", self.told.join("; "))
    }
}

/// A first attempt and what it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FirstMove {
    /// In SAN as White's own board shows it.
    #[serde(rename = "move")]
    pub san: String,
    /// In coordinates.
    pub coord: String,
    pub verdict: FirstVerdict,
    /// A try's one refutation; when it fails only to several defences
    /// together (`jointly`), those defences.
    pub refuted_by: Vec<Defence>,
    /// When it fails: how many defences Black must at least be denied
    /// for it to work (a lower bound; see SOLVER-NOTES.md).
    pub defences_at_least: Option<u32>,
    /// It fails to the defences of `refuted_by` only together: denying
    /// Black any one of them makes it work.
    pub jointly: bool,
    /// Placements on which the umpire refuses it ("Illegal": White has
    /// not moved and tries again in the same turn).
    pub refused_on: usize,
    /// Known not to force the stipulation, when the verdict is undecided
    /// because the classification ran out of nodes.
    pub refuted: bool,
}

impl FirstMove {
    /// A move that fails, in words: `Kd3 (≥3)`, or with the defences it
    /// fails to only together.
    pub fn fail_words(&self) -> String {
        if self.jointly {
            // The first few: on Rotenberg's mate in 8 a move fails to as
            // many as eleven defences together.
            let mut each: Vec<String> =
                self.refuted_by.iter().take(3).map(Defence::words).collect();
            if self.refuted_by.len() > 3 {
                each.push(format!("{} more", self.refuted_by.len() - 3));
            }
            format!("{} (only together: {})", self.san, each.join(" + "))
        } else {
            format!(
                "{} (≥{})",
                self.san,
                self.defences_at_least.unwrap_or_default()
            )
        }
    }
}

/// The composer's view: every first move, and the duals of the key's
/// tree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ComposerView {
    /// Key first, then cooks, tries, moves that fail, undecided.
    pub first_moves: Vec<FirstMove>,
    /// Every first move was decided and classified.
    pub complete: bool,
    pub duals: Vec<Dual>,
    /// Every node of the tree was searched for duals (false when the
    /// tree was cut, a budget ran out, or the pass was stopped).
    pub duals_complete: bool,
}

impl ComposerView {
    /// The first moves with verdict `v`.
    pub fn with(&self, v: FirstVerdict) -> impl Iterator<Item = &FirstMove> {
        self.first_moves.iter().filter(move |m| m.verdict == v)
    }
}

/// An answer to a first move after which White has lost: the attempt's
/// answer group and, when the move was played, Black's reply group.
struct LostAnswer {
    group: usize,
    reply: Option<Group>,
    /// The game ended there (not in White's favour).
    ended: bool,
    /// The moves White has left there, and the stage of its turn.
    moves: u32,
    turn: Turn,
}

/// How a refuted first move was classified.
struct Classified {
    verdict: FirstVerdict,
    refuted_by: Vec<Defence>,
    defences_at_least: Option<u32>,
    jointly: bool,
}

impl Solver<'_> {
    /// The composer's view of `belief` with the proved `key` within
    /// `moves` (`tree` its solution tree, when built): the cook pass,
    /// each refuted first move classified, then the duals.
    pub(super) fn composer(
        &mut self,
        belief: &Belief<Bitboard64>,
        moves: u32,
        key: &MoveAttempt,
        san: &dyn Fn(&MoveAttempt) -> String,
        tree: Option<&Plan>,
        tree_cut: bool,
    ) -> ComposerView {
        let cooks = self.cooks(belief, moves, key, san);
        let first = belief.positions()[0].clone();
        let entry = |solver: &mut Self, a: &MoveAttempt, verdict| FirstMove {
            san: san(a),
            coord: attempt_coord(&first, a),
            verdict,
            refuted_by: Vec::new(),
            defences_at_least: None,
            jointly: false,
            refused_on: solver.refused_on(belief, a),
            refuted: false,
        };
        let mut list = vec![entry(self, key, FirstVerdict::Key)];
        for a in &cooks.keys {
            list.push(entry(self, a, FirstVerdict::Cook));
        }
        let mut complete = cooks.complete;
        let mut stopped = false;
        self.refuting = true;
        let total = cooks.refuted.len() as u64;
        for (i, a) in cooks.refuted.iter().enumerate() {
            let mut m = entry(self, a, FirstVerdict::Undecided);
            m.refuted = true;
            let words = ComposerProgress::Classifying { testing: san(a) }.words();
            if !stopped && self.report(&words, i as u64, total).is_err() {
                stopped = true;
            }
            if !stopped {
                match self.classify_within(belief, moves, a, CLASSIFY_NODES) {
                    Ok(c) => {
                        m.verdict = c.verdict;
                        m.refuted_by = c.refuted_by;
                        m.defences_at_least = c.defences_at_least;
                        m.jointly = c.jointly;
                        m.refuted = false;
                    }
                    // Out of its allowance, or past the proof numbers'
                    // ceiling: this move stays undecided, the others go on.
                    Err(Stop::Budget) if self.stats.nodes < self.budget => complete = false,
                    Err(Stop::Undecided) => complete = false,
                    Err(_) => stopped = true,
                }
            }
            complete &= m.verdict != FirstVerdict::Undecided;
            list.push(m);
        }
        // The first moves neither proved nor refuted by the cook pass.
        for a in self.attempts(belief) {
            if a != *key && !cooks.keys.contains(&a) && !cooks.refuted.contains(&a) {
                list.push(entry(self, &a, FirstVerdict::Undecided));
            }
        }
        list.sort_by_key(|m| m.verdict);
        let mut duals = Vec::new();
        let mut duals_complete = false;
        if let (Some(plan), false) = (tree, stopped) {
            let mut walk = DualWalk {
                out: &mut duals,
                complete: !tree_cut,
            };
            let walked = self.within(DUALS_NODES, |s| {
                s.duals_in(belief, plan, Turn::Fresh, 1, &mut Vec::new(), &mut walk)
            });
            duals_complete = walked.is_ok() && walk.complete;
        }
        self.refuting = false;
        ComposerView {
            first_moves: list,
            complete: complete && !stopped,
            duals,
            duals_complete,
        }
    }

    /// The placements on which the umpire refuses `attempt`.
    fn refused_on(&self, belief: &Belief<Bitboard64>, attempt: &MoveAttempt) -> usize {
        belief
            .positions()
            .iter()
            .filter(|p| fogbound_engine::model::find_in(&p.moves(self.mode), attempt).is_none())
            .count()
    }

    /// [`Solver::classify`] within `allowance` more nodes.
    fn classify_within(
        &mut self,
        belief: &Belief<Bitboard64>,
        moves: u32,
        attempt: &MoveAttempt,
        allowance: u64,
    ) -> Result<Classified, Stop> {
        self.within(allowance, |s| {
            let c = s.classify(belief, moves, attempt);
            if let Err(Stop::Undecided) = c {
                // Proof numbers the cook pass left at their ceiling (it
                // decided the move by another branch) would decide nothing
                // here: search afresh, the memo of decided beliefs kept.
                s.numbers.clear();
                return s.classify(belief, moves, attempt);
            }
            c
        })
    }

    /// A first move the cook pass refuted, taken apart: its lost answers,
    /// the positions in them that lose on their own, and (one lost answer)
    /// which single position, denied to Black, makes it work.
    fn classify(
        &mut self,
        belief: &Belief<Bitboard64>,
        moves: u32,
        attempt: &MoveAttempt,
    ) -> Result<Classified, Stop> {
        let (groups, lost) = self.lost_answers(belief, moves, attempt)?;
        let fails = |at_least: usize, refuted_by: Vec<Defence>, jointly: bool| Classified {
            verdict: FirstVerdict::Fails,
            refuted_by,
            defences_at_least: Some(at_least as u32),
            jointly,
        };
        if lost.is_empty() {
            // The cook pass and this pass disagree (they search
            // differently): say nothing rather than guess.
            return Ok(Classified {
                verdict: FirstVerdict::Undecided,
                refuted_by: Vec::new(),
                defences_at_least: None,
                jointly: false,
            });
        }
        // In each lost answer, the positions that lose even alone (with
        // White told everything): each must be denied to Black.
        let mut alone: Vec<Vec<usize>> = Vec::new();
        let mut tested = 0;
        for l in &lost {
            let belief = self.lost_belief(&groups, l);
            let mut found = Vec::new();
            for (i, q) in belief.positions().iter().enumerate() {
                if tested == COUNT_CAP {
                    break;
                }
                tested += 1;
                if self.lost_alone(l, q)? {
                    found.push(i);
                }
            }
            alone.push(found);
        }
        let at_least: usize = alone.iter().map(|a| a.len().max(1)).sum();
        if lost.len() > 1 {
            return Ok(fails(at_least, Vec::new(), false));
        }
        let l = &lost[0];
        let answer = self.lost_belief(&groups, l).clone();
        let defence = |s: &mut Self, i: usize| s.defence(belief, &groups, l, i);
        match alone[0].as_slice() {
            [] => {}
            &[i] => {
                return Ok(if self.wins_without(l, &answer, i)? {
                    Classified {
                        verdict: FirstVerdict::Try,
                        refuted_by: vec![defence(self, i)],
                        defences_at_least: Some(1),
                        jointly: false,
                    }
                } else {
                    fails(2, Vec::new(), false)
                });
            }
            more => return Ok(fails(more.len(), Vec::new(), false)),
        }
        // No position loses alone: White loses for not knowing which.
        // Deny Black each position in turn.
        let mut rescuing = Vec::new();
        for i in 0..answer.len() {
            if self.wins_without(l, &answer, i)? {
                rescuing.push(i);
            }
        }
        Ok(match rescuing.as_slice() {
            [] => fails(2, Vec::new(), false),
            &[i] => Classified {
                verdict: FirstVerdict::Try,
                refuted_by: vec![defence(self, i)],
                defences_at_least: Some(1),
                jointly: false,
            },
            more => {
                let named = more.iter().map(|&i| defence(self, i)).collect();
                fails(1, named, true)
            }
        })
    }

    /// The answers to `attempt` after which White has lost, with the
    /// attempt's answer groups they refer to: all of them when there is
    /// one (which makes a try possible), else the first two (the move
    /// fails to more than one defence; each further lost answer would be
    /// a search at the moves left, and the count is a lower bound anyway).
    fn lost_answers(
        &mut self,
        belief: &Belief<Bitboard64>,
        moves: u32,
        attempt: &MoveAttempt,
    ) -> Result<(Vec<Group>, Vec<LostAnswer>), Stop> {
        let legal = self.legal(belief);
        let groups = self.split(belief, &legal, attempt);
        let turn = self.stage(belief, Turn::Fresh);
        let mut lost = Vec::new();
        for (i, g) in groups.iter().enumerate() {
            if lost.len() >= 2 {
                break;
            }
            if g.view.refused {
                let next = self.after_refusal(&g.belief.positions()[0], turn, attempt);
                if !self.wins_in(&g.belief, moves, next)? {
                    lost.push(LostAnswer {
                        group: i,
                        reply: None,
                        ended: false,
                        moves,
                        turn: next,
                    });
                }
            } else if g.view.outcome.is_some() {
                if !white_won(g.view.outcome) {
                    lost.push(LostAnswer {
                        group: i,
                        reply: None,
                        ended: true,
                        moves: 0,
                        turn: Turn::Fresh,
                    });
                }
            } else {
                for r in self.replies(&g.belief) {
                    if lost.len() >= 2 {
                        break;
                    }
                    let ended = r.view.outcome.is_some();
                    let lost_here = if ended {
                        !white_won(r.view.outcome)
                    } else {
                        moves <= 1 || !self.wins(&r.belief, moves - 1)?
                    };
                    if lost_here {
                        lost.push(LostAnswer {
                            group: i,
                            reply: Some(r),
                            ended,
                            moves: moves.saturating_sub(1),
                            turn: Turn::Fresh,
                        });
                    }
                }
            }
        }
        Ok((groups, lost))
    }

    /// The belief White is left with after a lost answer.
    fn lost_belief<'g>(&self, groups: &'g [Group], l: &'g LostAnswer) -> &'g Belief<Bitboard64> {
        l.reply
            .as_ref()
            .map_or(&groups[l.group].belief, |r| &r.belief)
    }

    /// Whether position `q` of a lost answer is lost even alone.
    fn lost_alone(&mut self, l: &LostAnswer, q: &Pos) -> Result<bool, Stop> {
        if l.ended || l.moves == 0 {
            return Ok(true);
        }
        let alone = Belief::new(vec![q.clone()]);
        Ok(!self.wins_in(&alone, l.moves, l.turn)?)
    }

    /// Whether White wins a lost answer's belief without its `i`th
    /// position (Black denied that defence).
    fn wins_without(
        &mut self,
        l: &LostAnswer,
        answer: &Belief<Bitboard64>,
        i: usize,
    ) -> Result<bool, Stop> {
        if answer.len() == 1 {
            return Ok(true);
        }
        if l.ended || l.moves == 0 {
            return Ok(false);
        }
        let mut positions = answer.positions().to_vec();
        let mut hashes = answer.key().to_vec();
        positions.remove(i);
        hashes.remove(i);
        let (rest, _) = Belief::hashed(positions, hashes, Vec::new());
        self.wins_in(&rest, l.moves, l.turn)
    }

    /// The `i`th position of a lost answer as a defence: the placement it
    /// came from, Black's reply, what White hears.
    fn defence(
        &self,
        start: &Belief<Bitboard64>,
        groups: &[Group],
        l: &LostAnswer,
        i: usize,
    ) -> Defence {
        let first = &start.positions()[0];
        let group = &groups[l.group];
        let mut told = group.view.words(first);
        // Every line (placement, reply) that reaches the position: they
        // are one defence, White's future being the same after each.
        let mut lines: Vec<(u64, Option<String>)> = Vec::new();
        match &l.reply {
            None => lines.push((group.origin_of(group.belief.key()[i]), None)),
            Some(r) => {
                told.extend(r.view.words(first));
                let reached = r.belief.key()[i];
                for (pos, &h) in group.belief.positions().iter().zip(group.belief.key()) {
                    for mv in pos.moves(self.mode) {
                        if pos.after(&mv).zobrist_hash() == reached {
                            let san = pos.to_san(&mv, self.mode);
                            lines.push((group.origin_of(h), Some(san)));
                        }
                    }
                }
            }
        }
        let placement_of = |h: u64| {
            start
                .key()
                .binary_search(&h)
                .map(|j| hidden_men(start, j))
                .unwrap_or_default()
        };
        let (main, reply) = lines.first().cloned().unwrap_or((0, None));
        let also_placements = lines
            .iter()
            .skip(1)
            .map(|&(h, _)| placement_of(h))
            .collect();
        Defence {
            placement: placement_of(main),
            reply,
            told,
            also_placements,
        }
    }
}

/// The hidden men of the `j`th placement of the start belief: its men on
/// the squares where the placements differ (`bg2`).
fn hidden_men(start: &Belief<Bitboard64>, j: usize) -> Vec<String> {
    let positions = start.positions();
    let first = &positions[0];
    let men: Vec<_> = first
        .geometry()
        .squares()
        .filter(|&sq| {
            positions
                .iter()
                .any(|p| p.piece_at(sq) != first.piece_at(sq))
        })
        .filter_map(|sq| positions[j].piece_at(sq).map(|p| (sq, p)))
        .collect();
    seen_words(&men)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collection::collection;
    use crate::puzzle::Puzzle;
    use crate::solver::{compose_with, model_of, start_belief, Options, Solution, Verdict};

    fn entry(id: &str) -> Puzzle {
        collection()
            .unwrap()
            .into_iter()
            .find(|e| e.id == id)
            .unwrap_or_else(|| panic!("{id} is in the collection"))
            .puzzle
    }

    fn view(puzzle: &Puzzle) -> (Solution, ComposerView) {
        let s = compose_with(puzzle, &Options::default(), None).unwrap();
        assert_eq!(s.verdict, Verdict::Solved, "{s:?}");
        let v = s.composer.clone().expect("a solved problem has the view");
        (s, v)
    }

    fn first<'v>(v: &'v ComposerView, san: &str) -> &'v FirstMove {
        v.first_moves
            .iter()
            .find(|m| m.san == san)
            .unwrap_or_else(|| panic!("{san} among {:?}", v.first_moves))
    }

    #[test]
    fn its_words_read_back() {
        for p in [
            ComposerProgress::Classifying {
                testing: "Bg7".into(),
            },
            ComposerProgress::Duals { at: "2.Rg7".into() },
        ] {
            assert_eq!(ComposerProgress::from_report(&p.words()), Some(p));
        }
        assert_eq!(ComposerProgress::from_report("1.Bg7 being tested"), None);
        assert_eq!(ComposerProgress::from_report(super::super::PASS), None);
    }

    /// Speckmann (DSZ 1975): White Kc3, Nc1, pawn g7; Black Kb1 alone, so
    /// a defence is Black's reply. By hand: after 1.g8=R? Black has only
    /// Ka1 (a2 is the knight's, b2 and c2 the king's) and Kxc1; after
    /// Kxc1 ("Capture at c1") 2.Rg1# mates, after Ka1 nothing does (2.Ra8+
    /// Kb1): one defence, Ka1. After 1.Nb3? the knight guards a1 and c1,
    /// so Ka2 is Black's only move, and 2.g8=Q+ leaves b1 and a3 free.
    #[test]
    fn speckmanns_two_mover_has_two_tries_each_named() {
        let (s, v) = view(&entry("speckmann-dsz-1975"));
        assert_eq!(s.keys, ["g8=Q"]);
        assert!(v.complete && s.cooks_complete);
        assert_eq!(v.first_moves[0].verdict, FirstVerdict::Key);
        assert_eq!(v.with(FirstVerdict::Cook).count(), 0);
        for (try_, reply) in [("g8=R", "Ka1"), ("Nb3", "Ka2")] {
            let m = first(&v, try_);
            assert_eq!(m.verdict, FirstVerdict::Try, "{m:?}");
            assert_eq!(m.refuted_by.len(), 1);
            let d = &m.refuted_by[0];
            assert_eq!(d.reply.as_deref(), Some(reply), "{m:?}");
            assert_eq!(d.told, ["White has moved", "Black has moved"]);
            assert!(d.placement.is_empty(), "no hidden men: {d:?}");
        }
        // Every other first move is judged; the king's walks fail to many.
        assert_eq!(v.with(FirstVerdict::Undecided).count(), 0);
        let kd3 = first(&v, "Kd3");
        assert_eq!(kd3.verdict, FirstVerdict::Fails);
        assert!(kd3.defences_at_least.unwrap() >= 2);
    }

    /// A try's defence stands in one placement (or several whose replies
    /// reach one position); taking them out of the diagram takes the
    /// defence away with the rest of their lines, so the
    /// move must then work (White's knowing more never hurts it), unless
    /// it is then illegal on every placement left. Checked with a fresh
    /// solver on generated problems with hidden men.
    #[test]
    fn a_try_works_once_its_defences_placement_is_taken_out() {
        let path = format!(
            "{}/../../{}",
            env!("CARGO_MANIFEST_DIR"),
            crate::generated::SET_PATH
        );
        let text = std::fs::read_to_string(path).unwrap();
        let set = crate::generated::listed(&text).unwrap();
        let mut tries = 0;
        for listed in set.iter().filter(|e| e.puzzle.moves == 2).take(40) {
            let puzzle = &listed.puzzle;
            let (_, v) = view(puzzle);
            let belief = start_belief(puzzle).unwrap();
            let spec = model_of(puzzle).unwrap();
            let men = |j| hidden_men(&belief, j);
            for m in v.with(FirstVerdict::Try) {
                let d = &m.refuted_by[0];
                let mut out = d.also_placements.clone();
                out.push(d.placement.clone());
                let rest: Vec<Pos> = (0..belief.len())
                    .filter(|&j| !out.contains(&men(j)))
                    .map(|j| belief.positions()[j].clone())
                    .collect();
                assert!(rest.len() < belief.len(), "{m:?}");
                let mut fresh = Solver::new(&spec, 10_000_000, None);
                let attempt = fresh
                    .attempts(&belief)
                    .into_iter()
                    .find(|a| attempt_coord(&belief.positions()[0], a) == m.coord)
                    .unwrap();
                assert!(
                    !fresh.forces(&belief, puzzle.moves, &attempt).unwrap(),
                    "{}: {m:?}",
                    listed.id
                );
                // Unless no placement is left where the move is legal:
                // then it is no first move of that diagram at all.
                let rest = Belief::new(rest);
                if fresh.refused_on(&rest, &attempt) == rest.len() {
                    continue;
                }
                assert!(
                    fresh.forces(&rest, puzzle.moves, &attempt).unwrap(),
                    "{}: {m:?}",
                    listed.id
                );
                tries += 1;
            }
        }
        assert!(tries >= 10, "{tries} tries checked");
    }

    /// Dawson (FCR 3190): the hidden king on one of six squares. After
    /// 1.Nb6? the king from g5 to f6 and from e8 to f8 are each mated alone
    /// (2.g5# and 2.Qf7#, checked on python-chess), so neither refutes on
    /// its own; but White, told only "Black has moved", has one move for
    /// both, and neither mate fits the other.
    #[test]
    fn dawsons_nb6_fails_only_to_two_defences_together() {
        let (_, v) = view(&entry("dawson-fcr-3190"));
        let m = first(&v, "Nb6");
        assert_eq!(m.verdict, FirstVerdict::Fails);
        assert!(m.jointly, "{m:?}");
        let mut named: Vec<(String, String)> = m
            .refuted_by
            .iter()
            .map(|d| (d.placement.join(" "), d.reply.clone().unwrap()))
            .collect();
        named.sort();
        assert_eq!(
            named,
            [("ke8".into(), "Kf8".into()), ("kg5".into(), "Kf6".into())]
        );
    }

    /// Fog of War, king and queen against the king on a1 or h1: after
    /// 1.Qc2 the king seen on g2 can be taken by the king from g3 or by
    /// the queen along the second rank — a dual at the last move, by hand.
    #[test]
    fn a_dual_at_the_last_move_is_found_and_marked() {
        let (_, v) = view(&entry("fog-kq-3"));
        assert!(v.duals_complete);
        let d = v
            .duals
            .iter()
            .find(|d| d.line.last().is_some_and(|l| l.contains("kg2")))
            .expect("the king seen on g2");
        assert!(d.last_move && d.moves == 1, "{d:?}");
        let mut both = d.also.clone();
        both.push(d.played.clone());
        both.sort();
        assert_eq!(both, ["Kxg2", "Qxg2"]);
    }

    #[test]
    fn a_stop_while_classifying_leaves_the_view_incomplete() {
        let mut heard = 0;
        let mut stop = |pass: &str, _, _| {
            if ComposerProgress::from_report(pass).is_some() {
                heard += 1;
                if heard == 3 {
                    return Err(fogbound_progress::Cancelled);
                }
            }
            Ok(())
        };
        let p = entry("latzel-dsz-1968");
        let s = compose_with(&p, &Options::default(), Some(&mut stop)).unwrap();
        let v = s.composer.unwrap();
        assert!(!v.complete);
        assert!(!v.duals_complete);
        // Two were classified before the stop; the rest are known refuted.
        let open: Vec<&FirstMove> = v.with(FirstVerdict::Undecided).collect();
        assert!(!open.is_empty() && open.iter().all(|m| m.refuted));
        assert!(s.cooks_complete, "the cook pass had finished");
    }
}
