//! `fogbound puzzle solve --composer`: the composer's view as text, in
//! SAN (the key, cooks, tries with their refutation, moves that fail,
//! duals of the solution).

use fogbound_puzzles::solver::{ComposerView, Defence, FirstMove, FirstVerdict};

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
        out.push(format!("  1.{}? {}", m.san, refutation(&m.refuted_by[0])));
    }
    let fails: Vec<&FirstMove> = view.with(FirstVerdict::Fails).collect();
    if !fails.is_empty() {
        let words: Vec<String> = fails.iter().map(|m| fail_words(m)).collect();
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

/// A move that fails: its count of defences, or the ones that refute it
/// only together.
fn fail_words(m: &FirstMove) -> String {
    if m.jointly {
        let each: Vec<String> = m.refuted_by.iter().map(refutation).collect();
        format!("{} (only together: {})", m.san, each.join(" + "))
    } else {
        format!("{} (≥{})", m.san, m.defences_at_least.unwrap_or_default())
    }
}

/// A defence: `bg2: Bxa8 ("Black has moved")`.
fn refutation(d: &Defence) -> String {
    let placement = if d.placement.is_empty() {
        "no hidden men".to_string()
    } else {
        d.placement.join(" ")
    };
    let reply = d.reply.as_deref().unwrap_or("(no reply)");
    let also: Vec<String> = d.also_placements.iter().map(|p| p.join(" ")).collect();
    let also = if also.is_empty() {
        String::new()
    } else {
        format!(" (the same position from {})", also.join(", "))
    };
    format!("{placement}: {reply}{also} (\"{}\")", d.told.join("\", \""))
}
