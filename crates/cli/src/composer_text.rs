//! `fogbound puzzle solve --composer`: the composer's view as text, in
//! SAN (the key, cooks, tries with their refutation, moves that fail,
//! duals of the solution).

use fogbound_puzzles::solver::{ComposerView, FirstMove, FirstVerdict};

/// The view's lines, grouped by verdict.
pub fn lines(view: &ComposerView) -> Vec<String> {
    let mut out = Vec::new();
    let names = |v: FirstVerdict| -> Vec<String> {
        view.with(v).map(|m| m.san.clone()).collect::<Vec<_>>()
    };
    for (v, title) in [(FirstVerdict::Key, "key"), (FirstVerdict::Cook, "cooks")] {
        let list = names(v);
        if !list.is_empty() {
            out.push(format!("{title}: {}", list.join(", ")));
        }
    }
    let tries: Vec<&FirstMove> = view.with(FirstVerdict::Try).collect();
    out.push(format!("tries: {}", tries.len()));
    for m in tries {
        out.push(format!("  1.{}? {}", m.san, m.refuted_by[0].words()));
    }
    let fails: Vec<&FirstMove> = view.with(FirstVerdict::Fails).collect();
    if !fails.is_empty() {
        let words: Vec<String> = fails.iter().map(|m| m.fail_words()).collect();
        out.push(format!(
            "fail to more than one defence: {}",
            words.join(", ")
        ));
    }
    let open: Vec<String> = view
        .with(FirstVerdict::Undecided)
        .map(|m| {
            if m.refuted {
                format!("{} (refuted, not classified)", m.san)
            } else {
                m.san.clone()
            }
        })
        .collect();
    if !open.is_empty() {
        out.push(format!("undecided within budget: {}", open.join(", ")));
    }
    let (last, before): (Vec<_>, Vec<_>) = view.duals.iter().partition(|d| d.last_move);
    out.push(format!(
        "duals: {} before the last move, {} at the last move{}",
        before.len(),
        last.len(),
        if view.duals_complete {
            ""
        } else {
            " (not every node searched)"
        }
    ));
    for d in before {
        out.push(format!(
            "  after {}: {} (plays {}) also {}",
            d.line.join(" / "),
            d.moves,
            d.played,
            d.also.join(", ")
        ));
    }
    out
}
