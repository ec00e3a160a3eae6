//! The real games' move generators, checked by node counts against independent sources,
//! and the random-minimax player on them.

use std::collections::HashSet;

use game_core::random::seeded_stream;
use game_core::search::minimax;
use game_core::{Game, Player, Turn};
use minimax_random::games::{Chess, ConnectFour, Domineering, DomineeringError};
use minimax_random::player::{Evaluation, MAX_ALPHA, PlayerError, RandomMinimax};

/// Move sequences of length `depth` (shorter where the game ends first).
fn perft<G: Game>(game: &G, position: &G::Position, depth: u32) -> u64 {
    if depth == 0 || game.is_terminal(position) {
        return 1;
    }
    game.legal_moves(position)
        .iter()
        .map(|mv| perft(game, &game.play(position, mv), depth - 1))
        .sum()
}

/// OEIS A212693 (Tromp; Edelkamp and Kissmann): the number of distinct legal Connect-Four
/// positions after n plies, n = 0, …, 8. Positions where the game is over are counted and
/// not continued.
#[test]
fn connect_four_positions_per_ply_are_oeis_a212693() {
    const A212693: [usize; 9] = [1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275];
    let game = ConnectFour;
    let mut ply = HashSet::from([game.initial_position()]);
    for (n, &expected) in A212693.iter().enumerate() {
        assert_eq!(ply.len(), expected, "ply {n}");
        ply = ply
            .iter()
            .filter(|p| !game.is_terminal(p))
            .flat_map(|p| game.legal_moves(p).into_iter().map(|m| game.play(p, &m)))
            .collect();
    }
}

/// No game ends before the first player's fourth disc, and a column holds six discs: of
/// the 7^7 sequences of seven moves, only the seven that put every disc in one column are
/// illegal.
#[test]
fn connect_four_perft_7_is_7_to_the_7_minus_7() {
    let game = ConnectFour;
    assert_eq!(perft(&game, &game.initial_position(), 7), 7u64.pow(7) - 7);
}

fn play_columns(columns: &[u8]) -> <ConnectFour as Game>::Position {
    let game = ConnectFour;
    columns.iter().fold(game.initial_position(), |p, c| {
        game.try_play(&p, c).unwrap()
    })
}

#[test]
fn connect_four_sees_fours_in_every_direction_and_the_draw() {
    let game = ConnectFour;
    // Vertical, by the first player; horizontal, by the second.
    assert_eq!(
        game.terminal_value(&play_columns(&[0, 1, 0, 1, 0, 1, 0])),
        Some(1)
    );
    assert_eq!(
        game.terminal_value(&play_columns(&[0, 1, 0, 2, 0, 3, 6, 4])),
        Some(-1)
    );
    // Both diagonals, by the first player.
    let rising = [0, 1, 1, 2, 2, 3, 2, 3, 3, 6, 3];
    assert_eq!(game.terminal_value(&play_columns(&rising)), Some(1));
    let falling = [6, 5, 5, 4, 4, 3, 4, 3, 3, 0, 3];
    assert_eq!(game.terminal_value(&play_columns(&falling)), Some(1));
    // Three in a row is not four.
    assert_eq!(game.terminal_value(&play_columns(&[0, 1, 0, 1, 0])), None);
    // A full board without four: columns in pairs of the same bottom colour, alternating
    // (rows F F S S F F S, then S S F F S S F, …), filled row by row.
    let draw: Vec<u8> = (0..6).flat_map(|_| [0, 2, 1, 3, 4, 6, 5]).collect();
    let full = play_columns(&draw);
    assert_eq!(full.discs(), 42);
    assert_eq!(game.terminal_value(&full), Some(0));
}

/// A move generator for Domineering written independently: the board as a grid of flags.
fn naive_domineering_perft(rows: usize, columns: usize, depth: u32) -> u64 {
    fn count(grid: &mut Vec<Vec<bool>>, vertical: bool, depth: u32) -> u64 {
        let (rows, columns) = (grid.len(), grid[0].len());
        let mut moves = Vec::new();
        for r in 0..rows {
            for c in 0..columns {
                let (r2, c2) = if vertical { (r + 1, c) } else { (r, c + 1) };
                if r2 < rows && c2 < columns && !grid[r][c] && !grid[r2][c2] {
                    moves.push(((r, c), (r2, c2)));
                }
            }
        }
        if depth == 0 || moves.is_empty() {
            return 1;
        }
        let mut total = 0;
        for ((r, c), (r2, c2)) in moves {
            grid[r][c] = true;
            grid[r2][c2] = true;
            total += count(grid, !vertical, depth - 1);
            grid[r][c] = false;
            grid[r2][c2] = false;
        }
        total
    }
    count(&mut vec![vec![false; columns]; rows], true, depth)
}

#[test]
fn domineering_perft_agrees_with_a_naive_generator() {
    for (rows, columns) in [(2, 2), (3, 3), (4, 4), (3, 5), (5, 3), (8, 8)] {
        let game = Domineering::new(rows, columns).unwrap();
        let depths = if rows * columns > 25 { 3 } else { 5 };
        for depth in 0..=depths {
            assert_eq!(
                perft(&game, &game.initial_position(), depth),
                naive_domineering_perft(rows as usize, columns as usize, depth),
                "{rows} x {columns}, depth {depth}"
            );
        }
    }
}

/// Small boards solved by minimax: on 1 × 2 the first (vertical) player cannot move and
/// loses; on 2 × 1 and 2 × 2 it wins; on 1 × 1 it cannot move.
#[test]
fn small_domineering_boards_have_their_known_winners() {
    let value = |rows, columns| {
        let game = Domineering::new(rows, columns).unwrap();
        minimax(&game, &game.initial_position()).unwrap().value
    };
    assert_eq!(value(1, 2), -1);
    assert_eq!(value(2, 1), 1);
    assert_eq!(value(2, 2), 1);
    assert_eq!(value(1, 1), -1);
    assert!(matches!(
        Domineering::new(0, 3),
        Err(DomineeringError::Size { .. })
    ));
    assert!(matches!(
        Domineering::new(8, 9),
        Err(DomineeringError::Size { .. })
    ));
}

#[test]
fn bad_player_parameters_and_terminal_positions_are_errors() {
    assert_eq!(
        RandomMinimax::new(0, 10, Evaluation::Paper),
        Err(PlayerError::ZeroDepth)
    );
    assert_eq!(
        RandomMinimax::new(2, 0, Evaluation::Paper),
        Err(PlayerError::ZeroAlpha)
    );
    let player = RandomMinimax::new(1, 10, Evaluation::Paper).unwrap();
    let won = play_columns(&[0, 1, 0, 1, 0, 1, 0]);
    assert_eq!(
        player.choose(&ConnectFour, &won, &mut seeded_stream(1, 0)),
        Err(PlayerError::Terminal)
    );
}

/// With three discs in column 0, the first player wins by playing there. Beal and Smith's
/// evaluations see the win one ply ahead and always take it; the paper's model scores it at
/// random and so takes it about one time in seven.
#[test]
fn only_the_beal_smith_evaluations_see_a_win() {
    let game = ConnectFour;
    let position = play_columns(&[0, 1, 0, 1, 0, 1]);
    assert_eq!(game.turn(&position), Turn::Player(Player::First));
    let count_wins = |evaluation| {
        let player = RandomMinimax::new(1, 100, evaluation).unwrap();
        (0..700)
            .filter(|&stream| {
                let mut rng = seeded_stream(11, stream);
                player.choose(&game, &position, &mut rng).unwrap() == 0
            })
            .count()
    };
    assert_eq!(count_wins(Evaluation::Random), 700);
    assert_eq!(count_wins(Evaluation::Zero), 700);
    let paper = count_wins(Evaluation::Paper);
    // Binomial(700, 1/7): mean 100, standard deviation 9.3.
    assert!((100 - 37..=100 + 37).contains(&paper), "{paper}");
}

/// The same seed gives the same game.
#[test]
fn a_game_between_random_minimax_players_is_reproducible() {
    let game = Domineering::new(6, 6).unwrap();
    let deep = RandomMinimax::new(2, 50, Evaluation::Random).unwrap();
    let play = |seed| {
        let mut rng = seeded_stream(seed, 0);
        let mut position = game.initial_position();
        let mut moves = Vec::new();
        while !game.is_terminal(&position) {
            let mv = deep.choose(&game, &position, &mut rng).unwrap();
            position = game.play(&position, &mv);
            moves.push(mv);
        }
        moves
    };
    assert_eq!(play(5), play(5));
    assert_ne!(play(5), play(6));
}

/// A match gives the same result on one thread and on two: game i draws from stream i.
#[test]
fn a_match_is_the_same_for_any_number_of_threads() {
    use minimax_random::tournament::play_match;
    let shallow = RandomMinimax::new(1, 1000, Evaluation::Random).unwrap();
    let deep = RandomMinimax::new(3, 1000, Evaluation::Random).unwrap();
    let on = |threads| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| play_match(&ConnectFour, &shallow, &deep, 60, 42).unwrap())
    };
    let one = on(1);
    assert_eq!(one, on(2));
    assert_eq!(one.games(), 60);
    let share = one.b_share().unwrap();
    assert!(share.low < share.estimate && share.estimate < share.high);
    assert!((0.0..=1.0).contains(&share.low) && share.high <= 1.0);
    // Depth 3 against depth 1 in Connect-Four: the deeper player sees every one-move win
    // and every immediate threat, and wins most games.
    assert!(share.estimate > 0.75, "{one:?}");
}

/// The sign test's z is the share's distance from 1/2 in standard errors 1/(2√n), with the
/// sign of B's advantage, and is undefined without a decisive game.
#[test]
fn the_z_score_measures_the_share_from_one_half_in_standard_errors() {
    use minimax_random::tournament::MatchResult;
    for (a_wins, b_wins) in [(53, 415), (415, 53), (140, 144), (0, 944), (7, 7)] {
        let result = MatchResult {
            a_wins,
            b_wins,
            draws: 99,
        };
        let n = (a_wins + b_wins) as f64;
        let share = result.b_share().unwrap().estimate;
        let z = result.b_share_z_score().unwrap();
        assert!(
            (z - (share - 0.5) / (0.5 / n.sqrt())).abs() < 1e-9,
            "{result:?}"
        );
        assert_eq!(z > 0.0, b_wins > a_wins);
    }
    let drawn = MatchResult {
        a_wins: 0,
        b_wins: 0,
        draws: 10,
    };
    assert_eq!(drawn.b_share_z_score(), None);
}

/// The published Othello perft counts from the standard 8 × 8 start (no game can end or
/// pass within eight plies, so the counts do not depend on how passes are counted).
#[test]
fn othello_perft_matches_the_published_counts() {
    use minimax_random::games::Othello;
    const PERFT: [u64; 8] = [1, 4, 12, 56, 244, 1396, 8200, 55092];
    let game = Othello::new(8).unwrap();
    for (depth, &expected) in PERFT.iter().enumerate() {
        assert_eq!(
            perft(&game, &game.initial_position(), depth as u32),
            expected
        );
    }
}

/// 4 × 4 Othello is a win for the second player under perfect play (a known result, here
/// solved by negamax with a transposition table); and the board sizes are checked.
#[test]
fn four_by_four_othello_is_a_second_player_win() {
    use game_core::search::negamax_solve;
    use minimax_random::games::{Othello, OthelloError};
    let game = Othello::new(4).unwrap();
    assert_eq!(
        negamax_solve(&game, &game.initial_position())
            .unwrap()
            .value,
        -1
    );
    assert_eq!(Othello::new(5).unwrap_err(), OthelloError::Size(5));
    assert_eq!(Othello::new(10).unwrap_err(), OthelloError::Size(10));
}

/// A game of 6 × 6 Othello between random-minimax players: four openings, alternating
/// turns, a pass only when no placement is legal, and a result at the end.
#[test]
fn othello_games_run_to_a_result_passing_only_when_stuck() {
    use minimax_random::games::Othello;
    let game = Othello::new(6).unwrap();
    let mut position = game.initial_position();
    assert_eq!(game.legal_moves(&position).len(), 4);
    let mut rng = seeded_stream(3, 0);
    let player = RandomMinimax::new(1, 10, Evaluation::Paper).unwrap();
    while !game.is_terminal(&position) {
        let mv = player.choose(&game, &position, &mut rng).unwrap();
        if mv.is_none() {
            assert_eq!(game.legal_moves(&position), vec![None]);
        }
        position = game.play(&position, &mv);
    }
    assert!(game.terminal_value(&position).is_some());
}

/// Each game's own `move_count` (bit counts) equals the number of moves it lists, and its
/// own `children` (made one at a time) are the listed moves played, in order, at every
/// position of random games on every board.
#[test]
fn move_counts_and_children_agree_with_the_listed_moves() {
    use minimax_random::games::Othello;
    use rand::RngExt;
    fn check<G: Game>(game: &G, games: u64)
    where
        G::Position: PartialEq + std::fmt::Debug,
    {
        for stream in 0..games {
            let mut rng = seeded_stream(17, stream);
            let mut position = game.initial_position();
            while !game.is_terminal(&position) {
                let moves = game.legal_moves(&position);
                assert_eq!(game.move_count(&position), moves.len());
                let played: Vec<G::Position> =
                    moves.iter().map(|mv| game.play(&position, mv)).collect();
                assert_eq!(game.children(&position).collect::<Vec<_>>(), played);
                position = game.play(&position, &moves[rng.random_range(0..moves.len())]);
            }
        }
    }
    check(&ConnectFour, 50);
    for (rows, columns) in [(1, 1), (2, 1), (1, 3), (5, 5), (6, 6), (8, 8)] {
        check(&Domineering::new(rows, columns).unwrap(), 50);
    }
    for side in [4, 6, 8] {
        check(&Othello::new(side).unwrap(), 50);
    }
}

/// Under the paper's model a terminal position inside the horizon gets one fresh score,
/// while a live one gets the minimax of many; which is larger depends on whether the plies
/// left below end with the player's own maximum or the opponent's minimum. In Connect-Four
/// this splits the players by the parity of their depth: at an even depth the player takes
/// an immediate win most of the time and hardly ever blocks the opponent's, at an odd depth
/// the reverse. This is what makes 2 v 3 and 5 v 6 go to the shallower player in the
/// tournaments (docs/levene-fenner.md). Run with `--nocapture` for the rates.
#[test]
fn under_the_papers_model_depth_parity_decides_between_winning_and_blocking() {
    let game = ConnectFour;
    // The first player to move, three in column 0: playing there wins.
    let win = play_columns(&[0, 1, 0, 1, 0, 2]);
    // The first player to move, the second three in column 1: only column 1 blocks.
    let threat = play_columns(&[0, 1, 2, 1, 3, 1]);
    let decisions = 1000;
    let rate = |player: &RandomMinimax, position, column, seed| {
        let chosen = (0..decisions)
            .filter(|&stream| {
                player
                    .choose(&game, position, &mut seeded_stream(seed, stream))
                    .unwrap()
                    == column
            })
            .count();
        chosen as f64 / decisions as f64
    };
    for depth in 1..=6 {
        let player = RandomMinimax::new(depth, MAX_ALPHA, Evaluation::Paper).unwrap();
        let (wins, blocks) = (rate(&player, &win, 0, 5), rate(&player, &threat, 1, 6));
        println!("paper:{depth}: takes the win {wins:.3}, blocks the threat {blocks:.3}");
        match depth {
            // One ply sees neither: each of the 7 columns about equally (1/7 = .143).
            1 => assert!(wins < 0.25 && blocks < 0.25),
            _ if depth % 2 == 0 => assert!(wins > 0.5 && blocks < 0.25),
            _ => assert!(wins < 0.3 && blocks > 0.3),
        }
    }
}

/// The uniform player looks no move ahead: every legal move is among its best, and its
/// choices over many draws cover them all about equally (chi-square, 6 degrees of freedom,
/// below the 0.999 quantile 22.46).
#[test]
fn the_uniform_player_picks_every_legal_move_alike() {
    let uniform = RandomMinimax::parse("uniform", 10).unwrap();
    assert_eq!(uniform.to_string(), "uniform");
    let game = ConnectFour;
    let start = game.initial_position();
    let mut rng = seeded_stream(7, 0);
    assert_eq!(
        uniform.best_moves(&game, &start, &mut rng).unwrap(),
        game.legal_moves(&start)
    );
    let draws = 7_000;
    let mut counts = [0u32; 7];
    for _ in 0..draws {
        counts[usize::from(uniform.choose(&game, &start, &mut rng).unwrap())] += 1;
    }
    let expected = f64::from(draws) / 7.0;
    let chi_square: f64 = counts
        .iter()
        .map(|&c| (f64::from(c) - expected).powi(2) / expected)
        .sum();
    assert!(chi_square < 22.46, "{counts:?}");
}

/// Beal and Smith's evaluations score a mate by its outcome: one ply ahead, lookahead-random
/// always mates (Rd8 is the only mate here), and lookahead-zero does too.
#[test]
fn in_chess_a_mate_in_one_is_always_taken() {
    let chess = Chess::from_fen("6k1/5ppp/8/8/8/8/8/3R2K1 w - - 0 1").unwrap();
    let start = chess.initial_position();
    let mate: minimax_random::games::cozy_chess::Move = "d1d8".parse().unwrap();
    for spec in ["random:1", "zero:1", "random:3"] {
        let player = RandomMinimax::parse(spec, MAX_ALPHA).unwrap();
        for game in 0..20 {
            let mut rng = seeded_stream(3, game);
            assert_eq!(
                player.choose(&chess, &start, &mut rng).unwrap(),
                mate,
                "{spec}"
            );
        }
    }
}

/// The material players take free material one ply ahead, and the random component of
/// `material+random` never outweighs a pawn: from a position where Rxa7 wins a pawn and
/// nothing else gains anything, both always capture.
#[test]
fn the_material_players_take_a_free_pawn_and_the_noise_never_outweighs_it() {
    let chess = Chess::from_fen("4k3/p7/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    let start = chess.initial_position();
    let capture: minimax_random::games::cozy_chess::Move = "a1a7".parse().unwrap();
    for spec in ["material:1", "material+random:1"] {
        let player = RandomMinimax::parse(spec, MAX_ALPHA).unwrap();
        for game in 0..50 {
            let mut rng = seeded_stream(11, game);
            assert_eq!(
                player.choose(&chess, &start, &mut rng).unwrap(),
                capture,
                "{spec}"
            );
        }
    }
}

/// Among moves of equal material, `material` ties them all and `material+random` picks one
/// at random too: from the initial position both choose among all twenty moves.
#[test]
fn the_material_players_tie_equal_material() {
    let chess = Chess::default();
    let start = chess.initial_position();
    let material = RandomMinimax::parse("material:1", MAX_ALPHA).unwrap();
    let best = material
        .best_moves(&chess, &start, &mut seeded_stream(5, 0))
        .unwrap();
    assert_eq!(best.len(), 20);
    let noisy = RandomMinimax::parse("material+random:1", MAX_ALPHA).unwrap();
    let chosen: HashSet<_> = (0..400)
        .map(|game| {
            noisy
                .choose(&chess, &start, &mut seeded_stream(5, game))
                .unwrap()
        })
        .collect();
    assert_eq!(chosen.len(), 20);
}

#[test]
fn a_material_player_refuses_a_game_without_material() {
    let player = RandomMinimax::parse("material:2", MAX_ALPHA).unwrap();
    let game = ConnectFour;
    assert_eq!(
        player.choose(&game, &game.initial_position(), &mut seeded_stream(1, 0)),
        Err(PlayerError::NoMaterial)
    );
}
