//! The cook pass: once a key is proved, every other first attempt is
//! tested too (a second one that forces the stipulation cooks the
//! problem). Cheap first: a round with a small allowance of nodes per
//! first move decides most of them, then the rest are searched with what
//! the budget has left, the proof numbers of the first round kept. Each
//! first move is reported as it is taken up, with how many are decided,
//! so a page can show the pass and, stopped, what it had decided.

use fogbound_engine::belief::Belief;
use fogbound_engine::{Bitboard64, MoveAttempt};

use super::{Solver, Stop};

/// The first round's allowance per first move (nodes). On Rotenberg's mate
/// in 8 it decides 27 of the 35 other first moves (figures in
/// SOLVER-NOTES.md); the others wait for the second round.
pub const COOK_ROUND_NODES: u64 = 1_000_000;

/// The full-information bound is used with at most this many moves left
/// in the cook pass (elsewhere [`super::FULL_INFO_DEPTH`]): a refutation
/// needs every White belief lost, and with 4 the bound decides most
/// beliefs with 4 moves left at once. On Rotenberg's mate in 8 the pass
/// then searches a quarter of the beliefs for 11–13 % less CPU (the whole
/// `puzzle solve`, the `cooks` example), though its
/// node count, which counts the bound's moves, is 2.7 times larger
/// (SOLVER-NOTES.md). The key's search and the umpire's keep 3.
pub const COOK_BOUND_DEPTH: u32 = 4;

/// Where the cook pass stands, as it reports its progress: its words are
/// the pass's name (`1.Bg7 being tested; also mating: Rb2`), `done` the
/// first moves decided and `total` the other first moves in all.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CookProgress {
    /// The first move being tested, in SAN.
    pub testing: String,
    /// Other first moves decided so far (refuted or also mating).
    pub decided: u64,
    /// First moves other than the key.
    pub others: u64,
    /// Other first moves found to force the stipulation too, in SAN.
    pub also_mating: Vec<String>,
}

const TESTED: &str = " being tested";
const ALSO: &str = "; also mating: ";

impl CookProgress {
    /// The pass's name in a progress report.
    pub fn words(&self) -> String {
        let mut s = format!("1.{}{TESTED}", self.testing);
        if !self.also_mating.is_empty() {
            s.push_str(ALSO);
            s.push_str(&self.also_mating.join(", "));
        }
        s
    }

    /// The cook pass's progress from a report (`None`: another pass's).
    pub fn from_report(pass: &str, done: u64, total: u64) -> Option<CookProgress> {
        let (testing, also) = match pass.split_once(ALSO) {
            Some((t, also)) => (t, also.split(", ").map(str::to_string).collect()),
            None => (pass, Vec::new()),
        };
        let testing = testing.strip_prefix("1.")?.strip_suffix(TESTED)?;
        Some(CookProgress {
            testing: testing.to_string(),
            decided: done,
            others: total,
            also_mating: also,
        })
    }

    /// Other first moves refuted so far.
    pub fn refuted(&self) -> u64 {
        self.decided.saturating_sub(self.also_mating.len() as u64)
    }
}

/// What the cook pass found.
pub(super) struct Cooks {
    /// Other first moves that force the stipulation too, in the order
    /// they were tried.
    pub keys: Vec<MoveAttempt>,
    /// Other first moves proved not to force it, in the order decided.
    pub refuted: Vec<MoveAttempt>,
    /// Every other first move was decided.
    pub complete: bool,
}

impl Solver<'_> {
    /// Tests every first attempt of `belief` but `key` within `moves`
    /// (see the module docs); `san` names an attempt for the report.
    pub(super) fn cooks(
        &mut self,
        belief: &Belief<Bitboard64>,
        moves: u32,
        key: &MoveAttempt,
        san: &dyn Fn(&MoveAttempt) -> String,
    ) -> Cooks {
        let open: Vec<MoveAttempt> = self
            .attempts(belief)
            .into_iter()
            .filter(|a| a != key)
            .collect();
        self.refuting = true;
        self.bound_depth = COOK_BOUND_DEPTH;
        let found = self.cooks_in_rounds(belief, moves, open, san);
        self.bound_depth = super::FULL_INFO_DEPTH;
        self.refuting = false;
        found
    }

    /// The rounds of [`Solver::cooks`] over the `open` first moves.
    fn cooks_in_rounds(
        &mut self,
        belief: &Belief<Bitboard64>,
        moves: u32,
        mut open: Vec<MoveAttempt>,
        san: &dyn Fn(&MoveAttempt) -> String,
    ) -> Cooks {
        let mut report = CookProgress {
            others: open.len() as u64,
            ..CookProgress::default()
        };
        let mut found = Cooks {
            keys: Vec::new(),
            refuted: Vec::new(),
            complete: true,
        };
        for allowance in [COOK_ROUND_NODES, u64::MAX] {
            let mut waiting = Vec::new();
            for attempt in open {
                report.testing = san(&attempt);
                let words = report.words();
                if self.report(&words, report.decided, report.others).is_err() {
                    found.complete = false;
                    return found;
                }
                match self.forces_within(belief, moves, &attempt, allowance) {
                    Ok(won) => {
                        report.decided += 1;
                        if won {
                            report.also_mating.push(san(&attempt));
                            found.keys.push(attempt);
                        } else {
                            found.refuted.push(attempt);
                        }
                    }
                    // The allowance, not the budget, ran out: next round.
                    Err(Stop::Budget) if self.stats.nodes < self.budget => waiting.push(attempt),
                    // This move stays open; the others are still tried.
                    Err(Stop::Undecided) => found.complete = false,
                    Err(_) => {
                        found.complete = false;
                        return found;
                    }
                }
            }
            open = waiting;
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::puzzle;
    use super::super::{solve_with, Options, PASS};
    use super::*;

    #[test]
    fn its_words_read_back() {
        let p = CookProgress {
            testing: "Bg7".into(),
            decided: 5,
            others: 35,
            also_mating: vec!["Rb2".into(), "Nxf2".into()],
        };
        assert_eq!(p.words(), "1.Bg7 being tested; also mating: Rb2, Nxf2");
        assert_eq!(
            CookProgress::from_report(&p.words(), 5, 35),
            Some(p.clone())
        );
        assert_eq!(p.refuted(), 3);
        let alone = CookProgress {
            also_mating: Vec::new(),
            ..p
        };
        assert_eq!(
            CookProgress::from_report(&alone.words(), 5, 35),
            Some(alone)
        );
        assert_eq!(CookProgress::from_report(PASS, 4096, 100), None);
        assert_eq!(CookProgress::from_report("testing", 1, 2), None);
    }

    /// A mate in one (Ra8; the hidden bishop on c1 or d2 cannot stop it).
    fn ra8() -> crate::puzzle::Puzzle {
        puzzle(
            "6k1/8/6K1/8/8/8/8/R7 w - - 0 1",
            r#"[{"piece": "b", "squares": ["c1", "d2"]}]"#,
            1,
        )
    }

    #[test]
    fn every_other_first_move_is_reported_as_it_is_taken_up() {
        let mut heard: Vec<CookProgress> = Vec::new();
        let mut listen = |pass: &str, done, total| {
            heard.extend(CookProgress::from_report(pass, done, total));
            Ok(())
        };
        let s = solve_with(&ra8(), &Options::default(), Some(&mut listen)).unwrap();
        assert_eq!(s.keys, ["Ra8"]);
        assert!(s.cooks_complete);
        // The rook's other moves and the king's.
        let others = heard[0].others;
        assert!(others >= 10, "{heard:?}");
        assert_eq!(
            heard.len() as u64,
            others,
            "each other first move once: {heard:?}"
        );
        for (i, p) in heard.iter().enumerate() {
            assert_eq!(p.decided, i as u64);
            assert_ne!(p.testing, "Ra8");
            assert!(p.also_mating.is_empty());
        }
    }

    #[test]
    fn a_stop_in_the_cook_pass_leaves_it_incomplete() {
        let mut calls = 0;
        let mut stop_at_third = |pass: &str, done, total| {
            if CookProgress::from_report(pass, done, total).is_some() {
                calls += 1;
                if calls == 3 {
                    return Err(fogbound_progress::Cancelled);
                }
            }
            Ok(())
        };
        let s = solve_with(&ra8(), &Options::default(), Some(&mut stop_at_third)).unwrap();
        assert_eq!(s.first_move.as_deref(), Some("Ra8"));
        assert!(!s.cooks_complete);
        assert_eq!(calls, 3);
    }
}
