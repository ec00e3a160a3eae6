//! Chess games in Portable Game Notation (PGN), the text every chess program reads: a
//! game of [`Chess`] written with the Seven Tag Roster, its moves in Standard Algebraic
//! Notation (SAN) and how it ended.
//!
//! A tournament game is replayed from its number and seed alone, so each game's header
//! carries both (`GameIndex`, `Seed`) beside the roster. The ending is the one that scored
//! the game ([`Chess::ending`]): a comment after the last move names it, and the
//! `Termination` tag is `normal` for the rules' endings and `adjudication` for the ply cap.
//!
//! ```
//! use minimax_random::games::Chess;
//! use minimax_random::pgn::{PgnHeader, write_game};
//!
//! let chess = Chess::default();
//! let moves = ["f2f3", "e7e5", "g2g4", "d8h4"].map(|uci| uci.parse().unwrap());
//! let header = PgnHeader {
//!     event: "Fool's mate".to_owned(),
//!     white: "random:1".to_owned(),
//!     black: "random:2".to_owned(),
//!     index: 0,
//!     seed: 1995,
//! };
//! let pgn = write_game(&chess, &moves, &header).unwrap();
//! assert!(pgn.contains("[Result \"0-1\"]"));
//! assert!(pgn.ends_with("1. f3 e5 2. g4 Qh4# {checkmate} 0-1\n\n"));
//! ```

use cozy_chess::{Board, Color, File, Move, Piece, Rank};
use game_core::Game;

use crate::games::{Chess, ChessEnding};

/// The longest line of movetext: PGN's export format asks for at most 80 characters.
const LINE_WIDTH: usize = 79;

/// A game that cannot be written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PgnError {
    /// A move that is not legal where it is played.
    #[error("move {ply} ({uci}) is not legal in the position {fen}")]
    IllegalMove {
        /// The ply, from 1.
        ply: usize,
        /// The move in the engine's notation.
        uci: String,
        /// The position, as FEN.
        fen: String,
    },
}

/// The tags of one game beyond those its moves decide (`Result`, `Termination`,
/// `PlyCount`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnHeader {
    /// The `Event` tag: the line the game belongs to.
    pub event: String,
    /// The player with the white pieces.
    pub white: String,
    /// The player with the black pieces.
    pub black: String,
    /// The game's number in its line (also its `Round`).
    pub index: u64,
    /// The seed of the line: with `index`, all that replays the game.
    pub seed: u64,
}

/// The game `moves` of `chess` in PGN: tags, movetext in SAN, the ending as a comment and
/// the result; a blank line ends it, so games written one after another form a PGN file.
///
/// # Errors
///
/// [`PgnError::IllegalMove`] for a move that is not legal where it is played.
pub fn write_game(chess: &Chess, moves: &[Move], header: &PgnHeader) -> Result<String, PgnError> {
    let mut position = chess.initial_position();
    let mut tokens = Vec::with_capacity(moves.len() + moves.len() / 2 + 2);
    for (ply, &mv) in moves.iter().enumerate() {
        let board = position.board();
        if !is_legal(board, mv) {
            return Err(PgnError::IllegalMove {
                ply: ply + 1,
                uci: mv.to_string(),
                fen: board.to_string(),
            });
        }
        let number = board.fullmove_number();
        match board.side_to_move() {
            Color::White => tokens.push(format!("{number}.")),
            Color::Black if ply == 0 => tokens.push(format!("{number}...")),
            Color::Black => {}
        }
        tokens.push(san(board, mv));
        position = chess.play(&position, &mv);
    }
    let ending = chess.ending(&position);
    let result = match ending {
        None => "*",
        Some(ChessEnding::Checkmate) => match position.board().side_to_move() {
            Color::White => "0-1",
            Color::Black => "1-0",
        },
        Some(_) => "1/2-1/2",
    };
    if let Some(ending) = ending {
        tokens.push(format!("{{{}}}", ending.name()));
    }
    tokens.push(result.to_owned());
    let termination = match ending {
        None => "unterminated",
        Some(ChessEnding::PlyCap) => "adjudication",
        Some(_) => "normal",
    };
    let mut text = String::new();
    for (tag, value) in [
        ("Event", header.event.as_str()),
        ("Site", "?"),
        ("Date", "????.??.??"),
        ("Round", &header.index.to_string()),
        ("White", &header.white),
        ("Black", &header.black),
        ("Result", result),
        ("GameIndex", &header.index.to_string()),
        ("Seed", &header.seed.to_string()),
        ("PlyCount", &moves.len().to_string()),
        ("Termination", termination),
    ] {
        text += &format!("[{tag} \"{}\"]\n", escaped(value));
    }
    if chess.initial_position().board() != &Board::default() {
        text += &format!("[SetUp \"1\"]\n[FEN \"{}\"]\n", chess.initial_position());
    }
    text.push('\n');
    text += &wrapped(&tokens);
    text.push_str("\n\n");
    Ok(text)
}

/// A tag value with its backslashes and quotes escaped, as PGN asks.
fn escaped(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The tokens joined by spaces in lines of at most [`LINE_WIDTH`] characters.
fn wrapped(tokens: &[String]) -> String {
    let mut text = String::new();
    let mut line_length = 0;
    for token in tokens {
        if line_length > 0 && line_length + 1 + token.len() > LINE_WIDTH {
            text.push('\n');
            line_length = 0;
        } else if line_length > 0 {
            text.push(' ');
            line_length += 1;
        }
        text += token;
        line_length += token.len();
    }
    text
}

fn is_legal(board: &Board, mv: Move) -> bool {
    let mut legal = false;
    board.generate_moves(|moves| {
        legal = moves.into_iter().any(|candidate| candidate == mv);
        legal
    });
    legal
}

/// The legal move `mv` of `board` in Standard Algebraic Notation: `Nf3`, `exd5`, `O-O`,
/// `e8=Q+`, `Raxd1#`, with the file, the rank or both of the moving piece when another of
/// its kind could reach the same square.
///
/// ```
/// use minimax_random::games::cozy_chess::Board;
/// use minimax_random::pgn::san;
///
/// let board = Board::default();
/// assert_eq!(san(&board, "g1f3".parse().unwrap()), "Nf3");
/// assert_eq!(san(&board, "e2e4".parse().unwrap()), "e4");
/// ```
pub fn san(board: &Board, mv: Move) -> String {
    let side = board.side_to_move();
    let piece = board.piece_on(mv.from).unwrap_or(Piece::Pawn);
    let castles = piece == Piece::King && board.colored_pieces(side, Piece::Rook).has(mv.to);
    let mut text = if castles {
        if mv.to.file() > mv.from.file() {
            "O-O".to_owned()
        } else {
            "O-O-O".to_owned()
        }
    } else {
        let captures = board.colors(!side).has(mv.to)
            || (piece == Piece::Pawn && mv.from.file() != mv.to.file());
        let mut text = String::new();
        if piece == Piece::Pawn {
            if captures {
                text.push(file_letter(mv.from.file()));
            }
        } else {
            text.push(piece_letter(piece));
            text += &disambiguation(board, mv, piece);
        }
        if captures {
            text.push('x');
        }
        text += &mv.to.to_string();
        if let Some(promotion) = mv.promotion {
            text.push('=');
            text.push(piece_letter(promotion));
        }
        text
    };
    let mut after = board.clone();
    after.play_unchecked(mv);
    if !after.checkers().is_empty() {
        text.push(if after.generate_moves(|_| true) {
            '+'
        } else {
            '#'
        });
    }
    text
}

/// What tells `mv` apart from the other legal moves of a `piece` of the same kind to the
/// same square: nothing, the file of its square, its rank, or both.
fn disambiguation(board: &Board, mv: Move, piece: Piece) -> String {
    let mut rivals = Vec::new();
    board.generate_moves_for(board.pieces(piece), |moves| {
        if moves.piece == piece && moves.from != mv.from && moves.to.has(mv.to) {
            rivals.push(moves.from);
        }
        false
    });
    if rivals.is_empty() {
        return String::new();
    }
    let file = file_letter(mv.from.file());
    let rank = rank_digit(mv.from.rank());
    if rivals.iter().all(|rival| rival.file() != mv.from.file()) {
        file.to_string()
    } else if rivals.iter().all(|rival| rival.rank() != mv.from.rank()) {
        rank.to_string()
    } else {
        format!("{file}{rank}")
    }
}

fn piece_letter(piece: Piece) -> char {
    match piece {
        Piece::Pawn => 'P',
        Piece::Knight => 'N',
        Piece::Bishop => 'B',
        Piece::Rook => 'R',
        Piece::Queen => 'Q',
        Piece::King => 'K',
    }
}

fn file_letter(file: File) -> char {
    char::from(b'a' + file as u8)
}

fn rank_digit(rank: Rank) -> char {
    char::from(b'1' + rank as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(fen: &str) -> Board {
        fen.parse().unwrap()
    }

    #[test]
    fn castling_captures_promotions_and_checks_are_written_as_san_says() {
        let castling = board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assert_eq!(san(&castling, "e1h1".parse().unwrap()), "O-O");
        assert_eq!(san(&castling, "e1a1".parse().unwrap()), "O-O-O");
        let en_passant = board("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
        assert_eq!(san(&en_passant, "e5d6".parse().unwrap()), "exd6");
        let promotion = board("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
        assert_eq!(san(&promotion, "e7e8q".parse().unwrap()), "e8=Q");
        assert_eq!(san(&promotion, "e7e8n".parse().unwrap()), "e8=N");
        let check = board("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
        assert_eq!(san(&check, "a1a8".parse().unwrap()), "Ra8+");
        let mate = board("6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1");
        assert_eq!(san(&mate, "a1a8".parse().unwrap()), "Ra8#");
    }

    #[test]
    fn a_rival_piece_adds_the_file_the_rank_or_both() {
        let rooks = board("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1");
        assert_eq!(san(&rooks, "a1d1".parse().unwrap()), "Rad1");
        let stacked = board("R7/7k/8/8/8/8/8/R3K3 w - - 0 1");
        assert_eq!(san(&stacked, "a1a4".parse().unwrap()), "R1a4");
        let three = board("1k6/8/8/8/Q6Q/8/8/Q3K3 w - - 0 1");
        assert_eq!(san(&three, "a4d4".parse().unwrap()), "Qa4d4");
        assert_eq!(san(&three, "a1d4".parse().unwrap()), "Q1d4");
        assert_eq!(san(&three, "h4d4".parse().unwrap()), "Qhd4");
        let knights = board("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
        assert_eq!(san(&knights, "b1d2".parse().unwrap()), "Nbd2");
        assert_eq!(san(&knights, "b1c3".parse().unwrap()), "Nc3");
    }

    #[test]
    fn an_illegal_move_is_a_typed_error() {
        let moves = ["e2e5".parse().unwrap()];
        let header = PgnHeader {
            event: "?".to_owned(),
            white: "a".to_owned(),
            black: "b".to_owned(),
            index: 0,
            seed: 0,
        };
        let error = write_game(&Chess::default(), &moves, &header).unwrap_err();
        assert!(
            matches!(error, PgnError::IllegalMove { ply: 1, .. }),
            "{error}"
        );
    }

    #[test]
    fn long_games_wrap_and_an_unfinished_one_has_no_result() {
        let moves: Vec<Move> = ["g1f3", "g8f6", "f3g1", "f6g8"]
            .iter()
            .cycle()
            .take(12)
            .map(|uci| uci.parse().unwrap())
            .collect();
        let header = PgnHeader {
            event: "\"quoted\"".to_owned(),
            white: "a".to_owned(),
            black: "b".to_owned(),
            index: 4,
            seed: 7,
        };
        let chess = Chess::default();
        let pgn = write_game(&chess, &moves[..4], &header).unwrap();
        assert!(
            pgn.contains("[Result \"*\"]") && pgn.contains("unterminated"),
            "{pgn}"
        );
        assert!(pgn.contains("[Event \"\\\"quoted\\\"\"]"), "{pgn}");
        let repeated = write_game(&chess, &moves[..8], &header).unwrap();
        assert!(
            repeated.contains("{threefold repetition} 1/2-1/2"),
            "{repeated}"
        );
        assert!(pgn.lines().all(|line| line.len() <= 80));
    }
}
