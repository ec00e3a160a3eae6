//! A game of one's own with random minimaxing: tic-tac-toe, solved exactly by minimax and
//! alpha-beta, played as one of Beal and Smith's lines between two search depths (its
//! result written as the command's JSON), and the exact prob(n) of Levene and Fenner's
//! model at the empty board beside the shares the player's searches give.
//!
//! Run with `cargo run --example tic_tac_toe --features serde`.

use minimax_random::explicit::{move_probabilities_of_trees, move_trees};
use minimax_random::line::{Line, play_in};
use minimax_random::number::to_f64;
use minimax_random::player::RandomMinimax;
use minimax_random::search::{Window, alpha_beta, minimax};
use minimax_random::{Game, Player, Turn, seeded_stream};

/// Tic-tac-toe: cells 0–8 row by row, the first player's marks 1, the second's 2.
struct TicTacToe;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Board {
    cells: [u8; 9],
    to_move: Player,
}

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

impl Game for TicTacToe {
    type Position = Board;
    type Move = usize;
    type Value = i32;

    fn initial_position(&self) -> Board {
        Board {
            cells: [0; 9],
            to_move: Player::First,
        }
    }

    fn turn(&self, board: &Board) -> Turn {
        Turn::Player(board.to_move)
    }

    fn legal_moves(&self, board: &Board) -> Vec<usize> {
        (0..9).filter(|&cell| board.cells[cell] == 0).collect()
    }

    fn play(&self, board: &Board, &cell: &usize) -> Board {
        let mut cells = board.cells;
        cells[cell] = match board.to_move {
            Player::First => 1,
            Player::Second => 2,
        };
        Board {
            cells,
            to_move: board.to_move.opponent(),
        }
    }

    fn terminal_value(&self, board: &Board) -> Option<i32> {
        for line in LINES {
            let [a, b, c] = line.map(|cell| board.cells[cell]);
            if a != 0 && a == b && b == c {
                return Some(if a == 1 { 1 } else { -1 });
            }
        }
        board.cells.iter().all(|&cell| cell != 0).then_some(0)
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let game = TicTacToe;
    let start = game.initial_position();

    // Solved: a draw, which alpha-beta finds visiting a fraction of minimax's nodes.
    let full = minimax(&game, &start)?;
    let pruned = alpha_beta(&game, &start, Window::new(-1, 1)?)?;
    assert_eq!((full.value, pruned.value), (0, 0));
    println!(
        "tic-tac-toe is a draw: minimax visits {} nodes, alpha-beta {}",
        full.stats.nodes, pruned.stats.nodes
    );

    // Beal and Smith's experiment in this game: lookahead-random at one ply against three.
    let line = Line {
        game: "tic-tac-toe".to_owned(),
        a: "random:1".to_owned(),
        b: "random:3".to_owned(),
        alpha: 1 << 61,
        games: 200,
        first_game: 0,
        seed: 1995,
    };
    let result = play_in(&game, &line, false)?.untimed();
    println!("{result}");
    print!("{}", result.to_json());

    // Levene and Fenner's model after X 0, O 4, X 1, O 3, X to move: two plies, scores
    // 1..=4. Cell 2 wins at once and cell 5 stops O's row; the paper's player sees neither
    // (every leaf scored at random), yet it prefers cell 2, whose node has no replies below
    // it: the domination theorem. Beside each exact prob(n), the share of 20,000 searches in
    // which the player counts the move among its best.
    let position = [0, 4, 1, 3]
        .iter()
        .fold(start, |board, cell| game.play(&board, cell));
    let (depth, alpha) = (2, 4);
    let trees = move_trees(&game, &position, depth)?;
    let exact = move_probabilities_of_trees(&trees, alpha)?;
    let player = RandomMinimax::new(depth, u64::from(alpha), "paper".parse()?)?;
    let searches = 20_000;
    let mut among_best = [0u32; 9];
    for stream in 0..searches {
        for cell in player.best_moves(&game, &position, &mut seeded_stream(7, stream))? {
            among_best[cell] += 1;
        }
    }
    println!("cell  prob(n)                 exact    observed share");
    for (cell, probability) in game.legal_moves(&position).into_iter().zip(&exact) {
        let observed = f64::from(among_best[cell]) / searches as f64;
        println!(
            "{cell:>4}  {:<22}  {:.4}   {observed:.4}",
            probability.to_string(),
            to_f64(probability)
        );
    }
    Ok(())
}
