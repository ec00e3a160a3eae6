//! One line of a tournament: its players, its games, its result, and the merge of a line
//! played in pieces.

use std::time::Instant;

use minimax_random::games::{Chess, ConnectFour, Domineering, Othello};
use minimax_random::player::{MAX_ALPHA, Material, RandomMinimax};
use minimax_random::tournament::play_match;
use serde::{Deserialize, Serialize};

use super::GAMES;
use crate::error::{Error, LibraryResult, Result};

/// One line of a tournament: players A and B (`EVALUATION:DEPTH`) play `games` games of
/// `game`, A moving first in the even-numbered ones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub game: String,
    pub a: String,
    pub b: String,
    pub alpha: u64,
    pub games: u64,
    pub seed: u64,
}

/// What a line gave: the fields of the JSON object the command writes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LineResult {
    pub game: String,
    pub a: String,
    pub b: String,
    pub alpha: u64,
    pub games: u64,
    pub a_wins: u64,
    pub b_wins: u64,
    pub draws: u64,
    /// B's share of the decisive games; `None` when no game was decisive.
    pub share_b: Option<f64>,
    /// The 95% Wilson interval of `share_b`.
    pub ci_low: Option<f64>,
    pub ci_high: Option<f64>,
    pub seed: u64,
    pub games_per_second: f64,
}

pub(super) fn players(line: &Line) -> Result<(RandomMinimax, RandomMinimax)> {
    let player = |spec: &str| RandomMinimax::parse(spec, line.alpha).library();
    Ok((player(&line.a)?, player(&line.b)?))
}

/// Plays one line, timing it; `full_width` makes both players search every leaf.
pub fn play(line: &Line, full_width: bool) -> Result<LineResult> {
    let (mut a, mut b) = players(line)?;
    if full_width {
        (a, b) = (a.full_width(), b.full_width());
    }
    let started = Instant::now();
    let result = match line.game.as_str() {
        "chess" => play_in(&Chess::default(), line, &a, &b),
        "connect-four" => play_in(&ConnectFour, line, &a, &b),
        "domineering-6x6" => play_in(&domineering(6)?, line, &a, &b),
        "domineering-8x8" => play_in(&domineering(8)?, line, &a, &b),
        "othello-6x6" => play_in(&Othello::new(6).library()?, line, &a, &b),
        other => {
            return Err(Error::Usage(format!(
                "unknown game {other:?}; known: {}",
                GAMES.join(", ")
            )));
        }
    }?;
    let seconds = started.elapsed().as_secs_f64();
    let share = result.b_share();
    Ok(LineResult {
        game: line.game.clone(),
        a: line.a.clone(),
        b: line.b.clone(),
        alpha: line.alpha,
        games: line.games,
        a_wins: result.a_wins,
        b_wins: result.b_wins,
        draws: result.draws,
        share_b: share.map(|s| s.estimate),
        ci_low: share.map(|s| s.low),
        ci_high: share.map(|s| s.high),
        seed: line.seed,
        games_per_second: line.games as f64 / seconds,
    })
}

fn domineering(side: u32) -> Result<Domineering> {
    Domineering::new(side, side).library()
}

fn play_in<G>(
    game: &G,
    line: &Line,
    a: &RandomMinimax,
    b: &RandomMinimax,
) -> Result<minimax_random::tournament::MatchResult>
where
    G: Material + Sync,
    G::Position: Send,
{
    play_match(game, a, b, line.games, line.seed).library()
}

pub(super) fn print_result(result: &LineResult) {
    println!(
        "{:<16} {:>8} v {:<8} α {:<20} {:>5} games: A {:>5}, B {:>5}, draws {:>4}; B's share {}  ({:.0} games/s)",
        result.game,
        result.a,
        result.b,
        alpha_name(result.alpha),
        result.games,
        result.a_wins,
        result.b_wins,
        result.draws,
        share_text(result),
        result.games_per_second
    );
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
pub(super) fn share_text(result: &LineResult) -> String {
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
