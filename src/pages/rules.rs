use yew::prelude::*;

/// The Kriegspiel umpire presets: id, name, illegal tries, captures, checks, pawn tries.
const PRESETS: [(&str, &str, &str, &str, &str, &str); 8] = [
    (
        "cvp",
        "Chess Variant Pages",
        "announced to both",
        "square; en passant named",
        "rank, file, long or short diagonal, knight",
        "“Any?” → No / Try; after Try one pawn capture must be tried",
    ),
    (
        "english",
        "English, Gambit Club 1933",
        "announced",
        "square",
        "long, short, rank, file, knight",
        "“Any?” → Yes / No; after Yes one pawn capture must be tried",
    ),
    (
        "wild16",
        "ICC wild 16",
        "told to the mover only",
        "square, and pawn or piece captured",
        "rank, file, long, short, knight",
        "the number of legal pawn captures is announced every turn",
    ),
    (
        "berkeley",
        "Berkeley",
        "“No” to both; “Nonsense” for impossible tries",
        "square; en passant as a plain capture",
        "rank, file, short, long, knight",
        "none",
    ),
    (
        "berkeley-any",
        "Berkeley with Any?",
        "as Berkeley",
        "as Berkeley",
        "as Berkeley",
        "optional “Any?”; Yes obliges a pawn capture",
    ),
    (
        "cincinnati",
        "Cincinnati",
        "“No” public; “Nonsense” for impossible tries",
        "square, and pawn or piece captured",
        "file, rank, long, short, knight",
        "“pawn capture” said when one exists",
    ),
    (
        "rand",
        "RAND",
        "every “No” public; “Hell no” for impossible tries",
        "square, and pawn or piece captured",
        "long, short, rank, file, knight; pawn checks as diagonal",
        "the squares where pawns can capture are announced",
    ),
    (
        "dutch",
        "Dutch (problems)",
        "as English",
        "square, and whether a pawn or a piece captured",
        "as English",
        "as English",
    ),
];

#[function_component(Rules)]
pub fn rules() -> Html {
    let choices = fogbound_engine::RULES_NOTES.iter().map(|(topic, choice)| {
        html! {
            <><dt>{ *topic }</dt><dd>{ *choice }</dd></>
        }
    });
    let rows = PRESETS.iter().map(|(id, name, illegal, capture, check, pawn)| html! {
        <tr><td><code>{ *id }</code></td><td>{ *name }</td><td>{ *illegal }</td><td>{ *capture }</td><td>{ *check }</td><td>{ *pawn }</td></tr>
    });
    html! {
        <section class="page prose">
            <h1>{ "Rules" }</h1>
            <p class="intro">{ "Every game here is a variant (the board and the men) combined with an information \
                                model (who sees what). Any variant goes with any model." }</p>

            <h2 id="fog">{ "Fog of War" }</h2>
            <ul>
                <li>{ "You see your own men and every square they could move to, including moves that would leave your king attacked. An enemy man is visible exactly when one of yours could capture it." }</li>
                <li>{ "A pawn sees the squares it could advance to, not the man blocking it; it sees a diagonal square only when it could capture there. A pawn that may be taken en passant is visible to the capturer for that turn." }</li>
                <li>{ "There is no check and no mate: you may move into check, and the game is won by capturing the king. There is no stalemate." }</li>
                <li>{ "Castling is allowed out of, through and into attacked squares." }</li>
                <li>{ "Threefold repetition and the 50-move rule end the game as a draw automatically: nobody can see enough to claim them." }</li>
            </ul>

            <h2 id="dark">{ "Dark Chess" }</h2>
            <ul>
                <li>{ "You see your own men and every square your men have travelled over in the game so far: each step of a pawn, every square of a slider's path, a king's start and end (castling: both paths), and the L-route you choose for a knight." }</li>
                <li>{ "When the opponent captures one of your men, that square is revealed to you." }</li>
                <li>{ "A probe — pushing a pawn into an occupied square, or a pawn capture onto an empty square — costs your turn and leaves that square explored." }</li>
                <li>{ "A slider aimed past a hidden enemy man captures the first one in its path and stops there." }</li>
                <li>{ "A move that would leave your king in check fails without costing the turn; the squares that would attack the king flash red. Otherwise the usual check, mate and stalemate apply." }</li>
            </ul>

            <h2 id="kriegspiel">{ "Kriegspiel" }</h2>
            <p>{ "Each player sees only their own men. An umpire, who sees everything, accepts or rejects every attempted \
                  move and announces captures, checks and pawn tries according to the chosen convention:" }</p>
            <div class="table-scroll">
                <table class="figures presets">
                    <thead><tr><th>{ "id" }</th><th>{ "Convention" }</th><th>{ "Illegal try" }</th><th>{ "Capture" }</th><th>{ "Check" }</th><th>{ "Pawn tries" }</th></tr></thead>
                    <tbody>{ for rows }</tbody>
                </table>
            </div>
            <p>{ "Long and short diagonal: the two diagonals through the king's square have different lengths; \
                  “long” is the longer. A double check names both directions." }</p>

            <h2 id="foolish-king">{ "Foolish King Chess" }</h2>
            <ul>
                <li>{ "A 10×8 board. White: Fool e1, Archbishops b1 and i1, Bishops d1 and g1, Knights c1, f1, h1, Rooks a1 and j1, ten pawns. Black: King e8, Queen f8, Knights b8, c8, h8, i8, Hunters d8 and g8, Rooks a8 and j8, ten pawns." }</li>
                <li>{ "Archbishop: moves as a bishop or a knight. Hunter: slides diagonally like a bishop, and along ranks and files but may only stop on a square of its own colour (it cannot jump)." }</li>
                <li>{ "Fool (White's royal man): moves as a knight or one step along a rank or file; captures nothing; only a king or a pawn can capture it. It is not subject to check." }</li>
                <li>{ "Pawns promote to Hunters (Black) and Fools (White). Castling is free castling." }</li>
                <li>{ "White wins by mating Black. Black wins if White has no rooks and no archbishops, if White has no Fool, or when the black king reaches White's back rank." }</li>
            </ul>

            <h2 id="hotseat">{ "Playing on one device" }</h2>
            <ul data-testid="rules-hotseat">
                <li>{ "After every move a curtain covers the board and names the next player; only they should lift it. The page never holds the other side's hidden men." }</li>
                <li>{ "Clocks are Fischer clocks: minutes each and seconds added per move (presets or your own). The new-game form decides who pays for passing the device. Paused (the default): the clock stops when a move is made and starts for the next player only when they lift the curtain, so nobody loses time while the device changes hands. Running: the next player's time starts with the move, as over the board; the hand-off is part of their thinking time. Game links carry the choice as handoff=paused or handoff=running." }</li>
                <li>{ "If the page is hidden during a timed game (another tab, a locked phone), the clock stops and the curtain comes down: nobody is charged for the interruption, and nobody finds a view left open." }</li>
                <li>{ "Memory aids, each switchable and seen only by their owner: last-seen ghosts (enemy men drawn faded where you last saw them, from nothing but what you were shown) and phantoms (enemy men you place on hidden squares as reminders; kept with the game)." }</li>
                <li>{ "Sounds tell only what the listener knows: the mover hears their own move; the next player hears the opponent's move, a capture of their man or a check only when they lift the curtain, as their view tells it." }</li>
            </ul>

            <h2 id="choices">{ "Our choices where the sources are silent" }</h2>
            <p>{ "These are the readings the engine implements, word for word from its rules notes." }</p>
            <dl class="facts choices" data-testid="rules-choices">{ for choices }</dl>
        </section>
    }
}
