//! How the composer's view reports where it stands, in words the page
//! reads back: apart from the view itself, since the duals' walk reports
//! too and the view calls that walk.

const CLASSIFYING: &str = " being classified";
const DUALS: &str = "duals: ";

/// Where the composer's view stands after the cook pass (which reports
/// as [`super::CookProgress`]): the first move being classified, or the
/// tree node being searched for duals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ComposerProgress {
    /// `1.Bg7 being classified`: done of total refuted first moves.
    Classifying { testing: String },
    /// `duals: 2.Rg7`: the tree's move at the node searched.
    Duals { at: String },
}

impl ComposerProgress {
    /// Its words in a progress report.
    pub fn words(&self) -> String {
        match self {
            ComposerProgress::Classifying { testing } => format!("1.{testing}{CLASSIFYING}"),
            ComposerProgress::Duals { at } => format!("{DUALS}{at}"),
        }
    }

    /// Read back from a report's words (`None`: another pass's).
    pub fn from_report(pass: &str) -> Option<ComposerProgress> {
        if let Some(at) = pass.strip_prefix(DUALS) {
            return Some(ComposerProgress::Duals { at: at.to_string() });
        }
        let testing = pass.strip_prefix("1.")?.strip_suffix(CLASSIFYING)?;
        Some(ComposerProgress::Classifying {
            testing: testing.to_string(),
        })
    }
}
