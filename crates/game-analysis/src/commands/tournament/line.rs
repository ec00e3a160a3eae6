//! One line of a tournament: its players, its games, its result, and the merge of a line
//! played in pieces.

use std::time::Instant;

use minimax_random::player::{MAX_ALPHA, RandomMinimax};
use minimax_random::tournament::{MatchResult, TournamentGame};
use serde::{Deserialize, Serialize};

use crate::error::{Error, LibraryResult, Result};

/// One line of a tournament, or a piece of one: players A and B (`EVALUATION:DEPTH`) play
/// games `first_game`, …, `first_game + games − 1` of `game`, A moving first in the
/// even-numbered ones, game i from stream i of the seed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The game's name ([`TournamentGame::name`]).
    pub game: String,
    /// Player A, `EVALUATION:DEPTH`.
    pub a: String,
    /// Player B.
    pub b: String,
    /// α, the leaf scores' range 1..=α.
    pub alpha: u64,
    /// The games of the line (or piece).
    pub games: u64,
    /// The number of its first game.
    pub first_game: u64,
    /// The seed.
    pub seed: u64,
}

/// What a line gave: the fields of the JSON object the command writes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LineResult {
    /// The game's name.
    pub game: String,
    /// Player A.
    pub a: String,
    /// Player B.
    pub b: String,
    /// α.
    pub alpha: u64,
    /// The games played.
    pub games: u64,
    /// The number of the piece's first game; 0, and left out of the JSON, for a whole line.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub first_game: u64,
    /// Games A won.
    pub a_wins: u64,
    /// Games B won.
    pub b_wins: u64,
    /// Drawn games.
    pub draws: u64,
    /// B's share of the decisive games; `None` when no game was decisive.
    pub share_b: Option<f64>,
    /// The 95% Wilson interval of `share_b`: its lower end.
    pub ci_low: Option<f64>,
    /// Its upper end.
    pub ci_high: Option<f64>,
    /// The seed.
    pub seed: u64,
    /// How fast the games went: kept with a grid's results, left out of a line's JSON so
    /// that a line played in pieces and merged gives the same bytes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub games_per_second: Option<f64>,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl LineResult {
    /// The result of `line` with `match_result`'s games, played at `games_per_second`.
    pub fn new(line: &Line, match_result: &MatchResult, games_per_second: Option<f64>) -> Self {
        let share = match_result.b_share();
        LineResult {
            game: line.game.clone(),
            a: line.a.clone(),
            b: line.b.clone(),
            alpha: line.alpha,
            games: line.games,
            first_game: line.first_game,
            a_wins: match_result.a_wins,
            b_wins: match_result.b_wins,
            draws: match_result.draws,
            share_b: share.map(|s| s.estimate),
            ci_low: share.map(|s| s.low),
            ci_high: share.map(|s| s.high),
            seed: line.seed,
            games_per_second,
        }
    }

    fn line(&self) -> Line {
        Line {
            game: self.game.clone(),
            a: self.a.clone(),
            b: self.b.clone(),
            alpha: self.alpha,
            games: self.games,
            first_game: self.first_game,
            seed: self.seed,
        }
    }

    /// The line's games as a [`MatchResult`].
    pub fn match_result(&self) -> MatchResult {
        MatchResult {
            a_wins: self.a_wins,
            b_wins: self.b_wins,
            draws: self.draws,
        }
    }
}

/// The line that `pieces` of it played (each with `--first-game`), as if played at once:
/// game i is the same game in every piece, so the sums are exact and the JSON the same.
///
/// # Errors
///
/// [`Error::Usage`] unless the pieces are of one line (game, players, α, seed) and their
/// games follow each other without a gap or an overlap.
pub fn merge(mut pieces: Vec<LineResult>) -> Result<LineResult> {
    pieces.sort_by_key(|piece| piece.first_game);
    let Some(first) = pieces.first() else {
        return Err(Error::Usage("no pieces to merge".to_owned()));
    };
    let mut line = first.line();
    let mut total = first.match_result();
    for piece in &pieces[1..] {
        let same_line = Line {
            games: line.games,
            first_game: line.first_game,
            ..piece.line()
        };
        if same_line != line {
            return Err(Error::Usage(format!(
                "the pieces are of different lines: {} {} v {} (α {}, seed {}) and {} {} v {} (α {}, seed {})",
                line.game,
                line.a,
                line.b,
                line.alpha,
                line.seed,
                piece.game,
                piece.a,
                piece.b,
                piece.alpha,
                piece.seed
            )));
        }
        let next = line.first_game + line.games;
        if piece.first_game != next {
            return Err(Error::Usage(format!(
                "the pieces do not follow each other: games {}..{} then a piece from game {}",
                line.first_game, next, piece.first_game
            )));
        }
        line.games += piece.games;
        total = total.merge(piece.match_result());
    }
    Ok(LineResult::new(&line, &total, None))
}

/// The players of `line`.
///
/// # Errors
///
/// [`Error::Library`] when a player's spec does not read.
pub fn players(line: &Line) -> Result<(RandomMinimax, RandomMinimax)> {
    let player = |spec: &str| RandomMinimax::parse(spec, line.alpha).library();
    Ok((player(&line.a)?, player(&line.b)?))
}

/// Plays one line, timing it; `full_width` makes both players search every leaf.
///
/// # Errors
///
/// [`Error::Library`] when a player or the game cannot be read, or a player cannot play.
pub fn play(line: &Line, full_width: bool) -> Result<LineResult> {
    let (mut a, mut b) = players(line)?;
    if full_width {
        (a, b) = (a.full_width(), b.full_width());
    }
    let game: TournamentGame = line.game.parse().library()?;
    let started = Instant::now();
    let games = line.first_game..line.first_game + line.games;
    let result = game.play_games(&a, &b, games, line.seed).library()?;
    let seconds = started.elapsed().as_secs_f64();
    Ok(LineResult::new(
        line,
        &result,
        Some(line.games as f64 / seconds),
    ))
}

/// The result in one line for a reader: players, games, wins and B's share.
pub fn summary_line(result: &LineResult) -> String {
    let rate = result
        .games_per_second
        .map(|rate| format!("  ({rate:.0} games/s)"))
        .unwrap_or_default();
    format!(
        "{:<16} {:>8} v {:<8} α {:<20} {:>5} games: A {:>5}, B {:>5}, draws {:>4}; B's share {}{}",
        result.game,
        result.a,
        result.b,
        alpha_name(result.alpha),
        result.games,
        result.a_wins,
        result.b_wins,
        result.draws,
        share_text(result),
        rate
    )
}

/// α as written in the tables: 2^61 by name.
pub fn alpha_name(alpha: u64) -> String {
    if alpha == MAX_ALPHA {
        "2^61".to_string()
    } else {
        alpha.to_string()
    }
}

/// B's share with its interval, `.823 [.780, .859]`, or a dash without decisive games.
pub fn share_text(result: &LineResult) -> String {
    match (result.share_b, result.ci_low, result.ci_high) {
        (Some(share), Some(low), Some(high)) => {
            format!("{} [{}, {}]", decimal(share), decimal(low), decimal(high))
        }
        _ => "–".to_string(),
    }
}

/// A share in [0, 1] to three places without the leading zero, as the papers print.
fn decimal(share: f64) -> String {
    let text = format!("{share:.3}");
    text.strip_prefix('0').unwrap_or(&text).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(first_game: u64, games: u64) -> Line {
        Line {
            game: "connect-four".to_owned(),
            a: "paper:1".to_owned(),
            b: "random:2".to_owned(),
            alpha: 5,
            games,
            first_game,
            seed: 9,
        }
    }

    fn untimed(line: &Line) -> LineResult {
        LineResult {
            games_per_second: None,
            ..play(line, false).unwrap()
        }
    }

    #[test]
    fn pieces_merge_to_the_whole_line_in_any_order() {
        let whole = untimed(&piece(0, 40));
        let pieces = vec![
            untimed(&piece(25, 15)),
            untimed(&piece(0, 9)),
            untimed(&piece(9, 16)),
        ];
        let merged = merge(pieces).unwrap();
        assert_eq!(
            serde_json::to_string_pretty(&merged).unwrap(),
            serde_json::to_string_pretty(&whole).unwrap()
        );
    }

    #[test]
    fn pieces_with_a_gap_an_overlap_or_of_another_line_are_refused() {
        let gap = vec![untimed(&piece(0, 5)), untimed(&piece(6, 5))];
        let overlap = vec![untimed(&piece(0, 5)), untimed(&piece(4, 5))];
        let other = LineResult {
            seed: 10,
            ..untimed(&piece(5, 5))
        };
        let another_line = vec![untimed(&piece(0, 5)), other];
        for pieces in [gap, overlap, another_line, Vec::new()] {
            assert!(matches!(merge(pieces), Err(Error::Usage(_))));
        }
    }

    /// A piece's JSON names its first game; the whole line's leaves it out, as before.
    #[test]
    fn only_a_piece_names_its_first_game() {
        let json = |line| serde_json::to_string(&untimed(&line)).unwrap();
        assert!(!json(piece(0, 3)).contains("first_game"));
        assert!(json(piece(3, 3)).contains("\"first_game\":3"));
    }
}
