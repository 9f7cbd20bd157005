//! "Download the proof": the solver's tree the page shows, as the proof
//! file `fogbound puzzle solve --proof` writes (PROOFS.md), for a checker
//! that does not trust us (`tools/proof-check.py`).

use fogbound_puzzles::proof::Proof;
use fogbound_puzzles::puzzle::Puzzle;
use fogbound_puzzles::solver::Plan;
use yew::prelude::*;

use crate::play::library;

/// The proof file's text for `puzzle` solved by `tree` (`cut`: the tree
/// was cut), or why there is none.
pub fn proof_text(puzzle: &Puzzle, tree: &Plan, cut: bool) -> Result<String, String> {
    Proof::from_tree(puzzle, tree, cut)
        .map(|p| p.to_json() + "\n")
        .map_err(|e| e.to_string())
}

/// The file's name: the collection id, or `puzzle`, and the key.
pub fn proof_file_name(id: Option<&str>, key: &str) -> String {
    let key: String = key
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    format!("{}-{key}.proof.json", id.unwrap_or("puzzle"))
}

#[derive(Properties, PartialEq)]
pub struct ProofProps {
    pub puzzle: Puzzle,
    /// The collection entry's id, when the puzzle is one.
    pub id: Option<String>,
    pub tree: Plan,
    pub cut: bool,
}

/// The button, and a line saying why the download failed when it did.
#[function_component(ProofDownload)]
pub fn proof_download(props: &ProofProps) -> Html {
    let error = use_state(|| None::<String>);
    let onclick = {
        let error = error.clone();
        let (puzzle, id, tree, cut) = (
            props.puzzle.clone(),
            props.id.clone(),
            props.tree.clone(),
            props.cut,
        );
        Callback::from(move |_: MouseEvent| {
            let done = proof_text(&puzzle, &tree, cut).and_then(|text| {
                let name = proof_file_name(id.as_deref(), &tree.attempt);
                library::download(&name, "application/json", &text)
            });
            error.set(done.err());
        })
    };
    html! {
        <div class="buttons">
            <button type="button" data-testid="puzzle-proof-download" disabled={props.cut} {onclick}
                title="The proof as a file: every answer the umpire may give, down to mate (PROOFS.md); tools/proof-check.py checks it without fogbound">
                { "Download the proof" }
            </button>
            if let Some(e) = &*error { <p class="note" data-testid="puzzle-proof-error">{ format!("No proof file: {e}.") }</p> }
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::worker::puzzle::solve;
    use crate::worker::quiet;
    use fogbound_puzzles::collection::collection;

    /// The CLI's proof of this entry (`fogbound puzzle solve … --proof`),
    /// the same file the checker's tests read.
    const CLI_PROOF: &str =
        include_str!("../../../tools/proof-check-data/speckmann-dsz-1975.proof.json");

    #[test]
    fn the_pages_proof_is_the_command_lines() {
        let entry = collection()
            .unwrap()
            .into_iter()
            .find(|e| e.id == "speckmann-dsz-1975")
            .unwrap();
        // As the page has it: the worker's solution.
        let s = solve(&entry.puzzle.to_json(), 1_000_000, false, &mut quiet()).unwrap();
        let text = proof_text(&entry.puzzle, s.tree.as_ref().unwrap(), s.tree_cut).unwrap();
        assert_eq!(
            Proof::from_json(&text).unwrap(),
            Proof::from_json(CLI_PROOF).unwrap()
        );
        assert_eq!(text, CLI_PROOF);
        assert_eq!(
            proof_file_name(Some(&entry.id), "g8=Q"),
            "speckmann-dsz-1975-g8-Q.proof.json"
        );
    }
}
