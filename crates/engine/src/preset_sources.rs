//! Where each Kriegspiel umpire preset comes from, and every reading we made
//! where its source is silent or could be read two ways: the publication
//! (author, title, year or site) and one sentence per decision, each naming
//! the rule it rests on. The catalogue hands them to the Rules page beside
//! the words it writes from the preset's data ([`crate::KriegspielRules`]);
//! the conformance corpus (`tests/data/umpire-conformance.txt`) checks each
//! decision in play.

/// One preset's source and readings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PresetSource {
    pub id: &'static str,
    /// The publication the preset follows.
    pub source: &'static str,
    /// Our decisions, one a line, each with the rule it rests on.
    pub readings: &'static [&'static str],
}

/// The principle every preset keeps, in words (the Rules page shows it).
pub const NONSENSE_PRINCIPLE: &str = "The opponent never learns anything from a try the mover could have known was impossible — from its own men and from what the umpire told it this turn, never from guesses about the opponent's men. Such a try is answered to the mover alone, with the preset's word for it; it is not counted as a refused try and it does not discharge an “Any?” duty. (Over the board the opponent hears that word too, which tells nothing of the position; here not even that reaches it.) A try the mover's own board rules out (e2–e5; a rook through its own pawn) is refused by the page itself and reaches neither the umpire nor the opponent.";

/// Every preset's source, in [`crate::KriegspielRules::PRESET_IDS`] order.
pub const PRESET_SOURCES: [PresetSource; 8] = [
    PresetSource {
        id: "cvp",
        source: "H. Bodlaender, “Kriegspiel”, The Chess Variant Pages (chessvariants.com)",
        readings: &[
            "En passant is named, on the square the capturing pawn reaches: the page's example is “Black has taken en passant on f3”.",
            "“Impossible”, to the mover alone, for a move the player knows is illegal (the page's example: “Any?” with no pawn left), so that the opponent is not misled; we count a try refused already this turn and a pawn capture after “No” among them.",
        ],
    },
    PresetSource {
        id: "english",
        source: "The Gambit Club rules, in F. Dickens and G. White, Chess in Bedfordshire (1933), as reprinted in G. P. Favini, The dark side of the board (2010), appendix A",
        readings: &[
            "En passant (rule 9: a capture's square is announced without saying which man took or was taken): not named; the square is the taken pawn's, where its owner removes it.",
            "Tries the mover must know are impossible: the rules are silent; we answer “Impossible” to the mover alone, by the principle above.",
            "“Any?” (rule 11): after “Yes” one pawn capture must be tried and a refused one frees the player; repeating a capture already refused this turn is not a try and leaves the duty standing.",
            "Draws (rule 12): insufficient force and stalemate as written; for the repetition clause the host applies threefold repetition and the 50-move rule.",
        ],
    },
    PresetSource {
        id: "wild16",
        source: "Internet Chess Club, help file “Kriegspiel” (chessclub.com/help/Kriegspiel)",
        readings: &[
            "“Illegal” is told to the mover alone whatever the reason, a try impossible on one's own board included (the help file: “simply told Illegal move”).",
            "Pawn tries: the number of legal pawn captures, one per pawn and square — a capture onto the last rank counts once, not once per promotion.",
        ],
    },
    PresetSource {
        id: "berkeley",
        source: "J. Wolfe, “Kriegspiel Rules” (the Berkeley rules, w01fe.com/berkeley/kriegspiel)",
        readings: &[
            "“Nonsense”, to the mover alone and not recorded: a try illegal on one's own board or repeated in the turn (III.A). The umpire does not reason about where the opponent's men may be: a pawn capture tried at move one is a plain “No”.",
            "En passant is an ordinary capture, on the taken pawn's square (III.B). No repetition or 50-move draw (IV.A); dead material draws (IV.B).",
        ],
    },
    PresetSource {
        id: "berkeley-any",
        source: "J. Wolfe, “Kriegspiel Rules” (the Berkeley rules, w01fe.com/berkeley/kriegspiel), with its “Any?” rule (III.E)",
        readings: &[
            "“Any?” is asked and answered in secret; after “Try” pawn captures must be tried until one is legal; after “No” the opponent hears one “No” for each pawn capture the asker could try and had not, and trying one of them is “Nonsense” (III.E: the rule leaves the game's information as it was).",
            "Otherwise as Berkeley.",
        ],
    },
    PresetSource {
        id: "cincinnati",
        source: "D. Moeser, “Kriegspiel – Cincinnati style”, J'adoube! (The Cincinnati Chess Magazine), 30 March 1977, as reproduced in Wargaming the Far Future (2019)",
        readings: &[
            "“Nonsense”, to the mover alone, for a try impossible in a way the player must know: on its own board, repeated, or a pawn capture when no “pawn capture” was announced (the article's example).",
            "In check, “pawn capture” is announced only for a capture that removes the check. En passant is announced on the square the taken pawn is removed from.",
        ],
    },
    PresetSource {
        id: "rand",
        source: "J. D. Williams, “Kriegsspiel rules at RAND” (RAND, 1950)",
        readings: &[
            "“Hell no”, to the mover alone and not counted as a rebuff (rule 7): a try illegal per se — through or onto one's own men, a move the man does not make, one refused already this turn, a pawn capture onto a square not announced (rule 10) — and, in check, a try that neither moves the king (castling is no answer) nor interposes or captures as the announced check allows.",
            "A pawn's check is announced as a bishop's would be, on the long or short diagonal (rule 15).",
            "Stalemate: the stalemated player loses (rule 20, the rule of RAND's ladder games; every game here is scored).",
            "Pawn tries (rule 5.2: “on which squares the mover's pawns have currently valid options … to make captures”): we name the squares the pawns can capture on; the words can also be read as the squares the pawns stand on. En passant is announced where the taken pawn stood.",
        ],
    },
    PresetSource {
        id: "dutch",
        source: "The Dutch convention of H. Swart's problems, in P. Ciancarini, La scacchiera invisibile (2004), chapter 7",
        readings: &[
            "As English, but a capture also says whether the capturing man was a pawn or a piece.",
        ],
    },
];
