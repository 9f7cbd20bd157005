//! What the paper (Gehnen & Stannat, "Fog of War Chess") claims for each
//! material, to stand beside the computed figures, and how a figure is
//! checked against it.

use crate::worker::fog_lab::LabFigures;

/// The paper's claim for a material, in our words.
pub fn claim(material: &str) -> &'static str {
    match material {
        "KQ" => "always won (§2)",
        "KR" => "no win with the king on c3–f6 (Cor. 18)",
        "KRR" => "always won (§4)",
        "KBB" | "KBN" => "open (§5)",
        _ => "not in the paper",
    }
}

/// Whether our figures agree with the claim: `Some(true)` agrees,
/// `Some(false)` contradicts it, `None` where the paper claims nothing.
pub fn agrees(row: &LabFigures) -> Option<bool> {
    match row.material.as_str() {
        "KQ" | "KRR" => Some(row.lost == 0 && row.won > 0),
        "KR" => {
            // Corollary 18: no won start with the king on c3–f6.
            let centre = (2..6).flat_map(|rank| (2..6).map(move |file| rank * 8 + file));
            Some(row.lost > 0 && centre.into_iter().all(|sq| row.won_by_square[sq] == 0))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(material: &str, won: u64, lost: u64, won_by_square: Vec<u64>) -> LabFigures {
        LabFigures {
            material: material.into(),
            size: 8,
            positions: won + lost,
            won,
            lost,
            max_moves: 3,
            histogram: vec![],
            starts_by_square: vec![1; 64],
            won_by_square,
            file_bytes: 0,
        }
    }

    #[test]
    fn a_claim_is_checked_not_assumed() {
        assert_eq!(agrees(&row("KQ", 10, 0, vec![1; 64])), Some(true));
        assert_eq!(agrees(&row("KQ", 10, 1, vec![1; 64])), Some(false));
        let mut squares = vec![1; 64];
        assert_eq!(agrees(&row("KR", 10, 5, squares.clone())), Some(false));
        for rank in 2..6 {
            for file in 2..6 {
                squares[rank * 8 + file] = 0;
            }
        }
        assert_eq!(agrees(&row("KR", 10, 5, squares)), Some(true));
        assert_eq!(agrees(&row("KBN", 10, 5, vec![1; 64])), None);
    }
}
