//! "Download the proof": the proof file of the tree the page shows, as
//! `fogbound puzzle solve --proof` writes it (PROOFS.md), for a checker
//! that does not trust us (`tools/proof-check.py`). The worker writes it
//! with the solution (`PuzzleAnswer::Solved`); the page only offers it.

#[cfg(target_arch = "wasm32")]
use {crate::play::library, std::rc::Rc, yew::prelude::*};

/// The file's name: the collection id, or `puzzle`, and the key.
pub fn proof_file_name(id: Option<&str>, key: &str) -> String {
    let key: String = key
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    format!("{}-{key}.proof.json", id.unwrap_or("puzzle"))
}

#[cfg(target_arch = "wasm32")]
#[derive(Properties, PartialEq)]
pub struct ProofProps {
    /// The proof file the worker wrote with the solution, or why there is
    /// none.
    pub proof: Rc<Result<String, String>>,
    /// The collection entry's id, when the puzzle is one.
    pub id: Option<String>,
    /// The key (the tree's first attempt), for the file's name.
    pub first: String,
}

/// The button, and a line saying why the download failed when it did.
#[cfg(target_arch = "wasm32")]
#[function_component(ProofDownload)]
pub fn proof_download(props: &ProofProps) -> Html {
    let error = use_state(|| None::<String>);
    let onclick = {
        let error = error.clone();
        let (proof, name) = (
            props.proof.clone(),
            proof_file_name(props.id.as_deref(), &props.first),
        );
        Callback::from(move |_: MouseEvent| {
            let done = (*proof)
                .clone()
                .and_then(|text| library::download(&name, "application/json", &text));
            error.set(done.err());
        })
    };
    html! {
        <div class="buttons">
            <button type="button" data-testid="puzzle-proof-download" disabled={props.proof.is_err()} {onclick}
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
    use crate::worker::puzzle::{run, PuzzleAnswer, PuzzleJob};
    use crate::worker::quiet;
    use fogbound_puzzles::collection::collection;
    use fogbound_puzzles::proof::Proof;

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
        // As the page has it: the worker's answer to the solver's job.
        let job = PuzzleJob::Solve {
            puzzle: entry.puzzle.to_json(),
            max_nodes: 1_000_000,
            cooks: false,
        };
        let Ok(PuzzleAnswer::Solved {
            proof: Some(Ok(text)),
            ..
        }) = run(&job, &mut quiet())
        else {
            panic!("the worker wrote no proof");
        };
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
