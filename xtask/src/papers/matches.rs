//! The matches report: tree sizes (section 3.1), the choice of turn (section 3.2) and the
//! play against a random opponent (section 3.3), from `nim-games`.

use game_core::Player;
use nim_games::matches::{MatchesGame, TreeSizes, losing_positions, preferred_turn};
use nim_games::random_opponent::AgainstRandom;

use super::{Recompute, RunSize, integer_parameter};
use crate::transcription::TranscribedRow;
use crate::verdict::Computed;

struct Matches;

pub fn recompute() -> Box<dyn Recompute> {
    Box::new(Matches)
}

impl Recompute for Matches {
    fn compute(&mut self, row: &TranscribedRow, _: RunSize) -> Result<Computed, String> {
        match (row.table.as_str(), row.column.as_str()) {
            ("3.1", column @ ("minimax-size" | "alpha-beta-size")) => {
                let n = integer_parameter(row, "n")?;
                let game = MatchesGame::new(n).map_err(|e| e.to_string())?;
                let sizes = TreeSizes::measure(&game).map_err(|e| e.to_string())?;
                let size = if column == "minimax-size" {
                    sizes.minimax
                } else {
                    sizes.alpha_beta
                };
                Ok(Computed::count(size))
            }
            ("3.2", "turn") => {
                let game =
                    MatchesGame::new(integer_parameter(row, "n")?).map_err(|e| e.to_string())?;
                let turn = preferred_turn(&game).map_err(|e| e.to_string())?;
                Ok(Computed::Text(
                    match turn {
                        Player::First => "first",
                        Player::Second => "second",
                    }
                    .to_string(),
                ))
            }
            ("3.2", "losing-positions") => {
                let lost = losing_positions(integer_parameter(row, "max-n")?)
                    .map_err(|e| e.to_string())?;
                let listed: Vec<String> = lost.iter().map(u32::to_string).collect();
                Ok(Computed::Text(listed.join(", ")))
            }
            (table @ ("3.3.1" | "3.3.2"), "E") => {
                let n = integer_parameter(row, "n")?;
                let optimal_player = if table == "3.3.1" {
                    Player::First
                } else {
                    Player::Second
                };
                let solved = AgainstRandom::solve(n).map_err(|e| e.to_string())?;
                let value = solved
                    .expected_value(n, optimal_player)
                    .map_err(|e| e.to_string())?;
                Ok(Computed::Exact(value))
            }
            (table, column) => Err(format!("no computation for table {table}, column {column}")),
        }
    }
}
