//! Every position of the small databases written in both notations and read back: the
//! bear-offs of up to six checkers a side (every pair of 924 positions a side), and every
//! position of hypergammon with one and two checkers a side.

use backgammon_cube::cube::CubeOwnership;
use backgammon_cube::hypergammon::HypergammonPosition;
use backgammon_cube::notation::{Board, Setup};
use backgammon_cube::two_sided::TwoSidedDatabase;

fn reads_back(board: Board) {
    assert_eq!(Board::from_position_id(&board.position_id()), Ok(board));
    let setup = Setup {
        board,
        cube_value: 2,
        cube: CubeOwnership::OpponentOwns,
        roll: None,
    };
    assert_eq!(setup.gnubg_id().parse::<Setup>(), Ok(setup));
    assert_eq!(setup.xgid().parse::<Setup>(), Ok(setup));
}

#[test]
fn every_bearoff_pair_of_six_checkers_a_side_reads_back() {
    let database = TwoSidedDatabase::<f64>::new(6).unwrap();
    let positions: Vec<_> = (0..database.positions())
        .map(|index| database.position_at(index).unwrap())
        .collect();
    for on_roll in &positions {
        for opponent in &positions {
            let board = Board::from_bearoff(on_roll, opponent);
            assert_eq!(board.bearoff(), Some((*on_roll, *opponent)));
            reads_back(board);
        }
    }
}

#[test]
fn every_hypergammon_position_of_one_and_two_checkers_reads_back() {
    // C(C + 25, 25) ways to place a side's C checkers on 25 places or off: 26 and 351.
    for (checkers, per_side) in [(1u32, 26u32), (2, 351)] {
        let mut read = 0;
        for number in 0..per_side * per_side {
            // The numbers of positions no game reaches (both sides on a point) are refused.
            let Ok(position) = HypergammonPosition::numbered(checkers, number) else {
                continue;
            };
            let board = Board::from_hypergammon(&position);
            assert_eq!(Board::new(board.on_roll, board.opponent), Ok(board));
            assert_eq!(Board::places(&board.on_roll), position.on_roll_places());
            reads_back(board);
            read += 1;
        }
        assert!(read > 0);
    }
}
