//! The Fog of War endgame lab's domain: every material's figures, a start's
//! verdict, the optimal line or Black's escape — answered by
//! [`super::fog_lab`] from the files the build ships, which the worker keeps
//! once fetched.

use fogbound_solvers::fog_endgame::{Material, Reading};
use serde::{Deserialize, Serialize};

use super::fog_lab::{self, LabExplained, LabFigures, LabTables, LabVerdict, TableSource};
use super::protocol::{Domain, DomainId};
use super::Report;

/// The lab's domain.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct LabJobs;

impl Domain for LabJobs {
    const ID: DomainId = DomainId::Lab;
    type Job = LabJob;
    type Answer = LabAnswer;
}

/// A question to the lab, with the folder of its files (`files`, an
/// absolute URL: the worker runs from a blob and has no address of its
/// own).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LabJob {
    pub files: String,
    pub question: LabQuestion,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum LabQuestion {
    /// Every material's figures in a reading on the `size`×`size` board
    /// (8; smaller boards have the paper's three materials, sighted), from
    /// the shipped starts files.
    Figures {
        #[serde(with = "super::by_id")]
        reading: Reading,
        size: u8,
    },
    /// A start's verdict (White's `men`, king first, and the black king's
    /// square) and the map of every king square for those men.
    Verdict {
        #[serde(with = "super::by_id")]
        material: Material,
        men: Vec<u8>,
        king: u8,
    },
    /// The optimal line from a won start, or Black's answer to every White
    /// move from a state White does not win (`set`: the king's squares).
    Explain {
        #[serde(with = "super::by_id")]
        material: Material,
        men: Vec<u8>,
        set: u64,
    },
    /// Fetch (and keep) a chunk of a material's lines now, so that every
    /// start of a material opened once has its line offline too.
    Keep {
        #[serde(with = "super::by_id")]
        material: Material,
        chunk: u32,
    },
}

/// The answer to a [`LabQuestion`], one variant per question.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum LabAnswer {
    Figures(Vec<LabFigures>),
    Verdict(LabVerdict),
    Explained(LabExplained),
    Kept,
}

/// What the worker keeps for the lab: the files read so far and where
/// they come from.
#[derive(Default)]
pub struct LabKept {
    tables: LabTables,
    files: Option<Box<dyn TableSource>>,
}

impl LabKept {
    /// Files from `files` (natively: memory or a directory) instead of the
    /// page's folder.
    pub fn with_files(files: Box<dyn TableSource>) -> LabKept {
        LabKept {
            tables: LabTables::default(),
            files: Some(files),
        }
    }
}

/// Answers `job` from the kept files, fetching what is missing.
pub fn run(job: &LabJob, kept: &mut LabKept, report: Report<'_>) -> Result<LabAnswer, String> {
    #[cfg(target_arch = "wasm32")]
    if kept.files.is_none() {
        kept.files = Some(Box::new(fog_lab::PageFiles::new(&job.files)));
    }
    let files = kept
        .files
        .as_deref_mut()
        .ok_or("the endgame files are not at hand here")?;
    let tables = &mut kept.tables;
    match &job.question {
        LabQuestion::Figures { reading, size } => {
            fog_lab::figures(tables, files, *reading, *size, report).map(LabAnswer::Figures)
        }
        LabQuestion::Verdict {
            material,
            men,
            king,
        } => fog_lab::verdict(tables, files, *material, men, *king, report).map(LabAnswer::Verdict),
        LabQuestion::Explain { material, men, set } => {
            fog_lab::explain(tables, files, *material, men, *set, report).map(LabAnswer::Explained)
        }
        LabQuestion::Keep { material, chunk } => tables
            .lines(files, *material, *chunk, report)
            .map(|()| LabAnswer::Kept),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::quiet;

    #[test]
    fn without_files_the_lab_says_so() {
        let job = LabJob {
            files: "endgames/".into(),
            question: LabQuestion::Figures {
                reading: Reading::Sighted,
                size: 8,
            },
        };
        let error = run(&job, &mut LabKept::default(), &mut quiet()).unwrap_err();
        assert!(error.contains("not at hand"), "{error}");
    }
}
