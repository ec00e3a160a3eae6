//! Issue 28's target for the chess search: nodes per second of the random-minimax player's
//! search (`random:3`, `random:4`, alpha-beta with the full-width move distribution) from
//! three middle-game positions, beside a plain traversal of the same depth that makes every
//! move with `cozy-chess` directly (perft without bulk counting). Target: the search at
//! ≥ 30% of the traversal's rate. Criterion reports both as elements (nodes) per second.

use std::cell::Cell;
use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use game_core::random::seeded_stream;
use game_core::{Game, Turn};
use minimax_random::games::cozy_chess::{Board, Move};
use minimax_random::games::{Chess, ChessPosition};
use minimax_random::player::{MAX_ALPHA, RandomMinimax};

/// Kiwipete, the CPW perft suite's position 6, and the Ruy Lopez after 3...a6.
const MIDDLE_GAMES: [(&str, &str); 3] = [
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    (
        "perft-6",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    ),
    (
        "ruy-lopez",
        "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4",
    ),
];

/// Chess, counting the positions the search makes (one `play` or child a node).
struct Counted {
    chess: Chess,
    nodes: Cell<u64>,
}

impl Game for Counted {
    type Position = ChessPosition;
    type Move = Move;
    type Value = i32;

    fn initial_position(&self) -> ChessPosition {
        self.chess.initial_position()
    }
    fn turn(&self, position: &ChessPosition) -> Turn {
        self.chess.turn(position)
    }
    fn legal_moves(&self, position: &ChessPosition) -> Vec<Move> {
        self.chess.legal_moves(position)
    }
    fn move_count(&self, position: &ChessPosition) -> usize {
        self.chess.move_count(position)
    }
    fn play(&self, position: &ChessPosition, mv: &Move) -> ChessPosition {
        self.nodes.set(self.nodes.get() + 1);
        self.chess.play(position, mv)
    }
    fn children<'a>(
        &'a self,
        position: &'a ChessPosition,
    ) -> impl Iterator<Item = ChessPosition> + 'a {
        self.chess
            .children(position)
            .inspect(|_| self.nodes.set(self.nodes.get() + 1))
    }
    fn terminal_value(&self, position: &ChessPosition) -> Option<i32> {
        self.chess.terminal_value(position)
    }
    fn material(&self, position: &ChessPosition) -> Option<i32> {
        self.chess.material(position)
    }
}

/// The nodes below `board` to `depth`, every move made (no bulk counting at the last ply).
fn traverse(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 1;
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += traverse(&child, depth - 1);
        }
        false
    });
    nodes
}

fn search(counted: &Counted, player: &RandomMinimax) -> u64 {
    counted.nodes.set(0);
    let start = counted.initial_position();
    let best = player.best_moves(counted, &start, &mut seeded_stream(28, 0));
    black_box(best.expect("a position with moves"));
    counted.nodes.get()
}

fn chess_search(c: &mut Criterion) {
    for depth in [3, 4] {
        let mut group = c.benchmark_group(format!("chess depth {depth}"));
        group.sample_size(10);
        let player = RandomMinimax::parse(&format!("random:{depth}"), MAX_ALPHA).expect("a player");
        for (name, fen) in MIDDLE_GAMES {
            let counted = Counted {
                chess: Chess::from_fen(fen).expect("a legal position"),
                nodes: Cell::new(0),
            };
            group.throughput(Throughput::Elements(search(&counted, &player)));
            group.bench_function(format!("{name} search random:{depth}"), |bench| {
                bench.iter(|| search(&counted, &player))
            });
            let board: Board = fen.parse().expect("a legal position");
            group.throughput(Throughput::Elements(traverse(&board, depth)));
            group.bench_function(format!("{name} traversal"), |bench| {
                bench.iter(|| traverse(black_box(&board), depth))
            });
        }
        group.finish();
    }
}

criterion_group!(benches, chess_search);
criterion_main!(benches);
