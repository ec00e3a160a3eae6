//! `cargo xtask mobility`: Levene and Fenner's explanation of Beal and Smith's results,
//! measured in real games — does a random-minimax player leave its opponent fewer replies
//! and itself more moves than a uniform choice among the same legal moves would?

use minimax_random::mobility::measure_in;
use minimax_random::player::{MAX_ALPHA, RandomMinimax};
use minimax_random::tournament::{MAX_GAMES, TournamentGame};
use serde::Serialize;

use crate::commands::output::{OutputFile, parse_output_file};
use crate::commands::tournament::{DEFAULT_SEED, checked_player, game_names};
use crate::error::{LibraryResult, Result};

/// `cargo xtask mobility`: PLAYER plays itself N games of GAME (game i from stream i of
/// the seed); at each decision the chosen move's replies (the opponent's legal moves after
/// it) and own mobility (the mover's moves one move later, over the replies) are compared
/// with the mean over the legal moves. Prints, and with --json writes, the result as JSON.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game.
    #[arg(value_parser = game_names())]
    game: String,
    /// The player, EVALUATION:DEPTH (or uniform).
    #[arg(value_parser = checked_player)]
    player: String,
    /// N, the games, 1 to 1,000,000.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
    games: u64,
    /// The seed of the games.
    #[arg(long, value_name = "S", default_value_t = DEFAULT_SEED)]
    seed: u64,
    /// Also write the result as JSON to PATH.
    #[arg(long, value_name = "PATH", value_parser = parse_output_file)]
    json: Option<OutputFile>,
}

/// The JSON object the command writes: means per decision, and the differences (chosen −
/// uniform) with their standard errors, each game one sample.
#[derive(Debug, Serialize)]
struct MobilityResult {
    game: String,
    player: String,
    games: u64,
    seed: u64,
    decisions: u64,
    chosen_replies: f64,
    uniform_replies: f64,
    replies_difference: f64,
    replies_standard_error: f64,
    chosen_own: f64,
    uniform_own: f64,
    own_difference: f64,
    own_standard_error: f64,
}

/// Runs the task.
pub fn run(args: &Args) -> Result<bool> {
    let game: TournamentGame = args.game.parse().library()?;
    let player = RandomMinimax::parse(&args.player, MAX_ALPHA).library()?;
    let mobility = measure_in(game, &player, 0..args.games, args.seed).library()?;
    let result = MobilityResult {
        game: args.game.clone(),
        player: args.player.clone(),
        games: mobility.games,
        seed: args.seed,
        decisions: mobility.decisions,
        chosen_replies: mobility.chosen_replies,
        uniform_replies: mobility.uniform_replies,
        replies_difference: mobility.replies.mean,
        replies_standard_error: mobility.replies.standard_error,
        chosen_own: mobility.chosen_own,
        uniform_own: mobility.uniform_own,
        own_difference: mobility.own.mean,
        own_standard_error: mobility.own.standard_error,
    };
    println!(
        "{} {}: {} games, {} decisions; replies {:.3} chosen v {:.3} uniform ({:+.3} ± {:.3}); own moves {:.3} v {:.3} ({:+.3} ± {:.3})",
        result.game,
        result.player,
        result.games,
        result.decisions,
        result.chosen_replies,
        result.uniform_replies,
        result.replies_difference,
        result.replies_standard_error,
        result.chosen_own,
        result.uniform_own,
        result.own_difference,
        result.own_standard_error
    );
    let text = serde_json::to_string_pretty(&result).library()? + "\n";
    print!("{text}");
    args.json
        .as_ref()
        .map_or(Ok(()), |json| json.write(text.as_bytes()))?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    fn mobility(text: &str) -> Result<super::Args, String> {
        let words: Vec<&str> = ["mobility"]
            .into_iter()
            .chain(text.split_whitespace())
            .collect();
        match crate::cli::parse(&words) {
            Ok(crate::cli::Task::Mobility(args)) => Ok(args),
            Ok(_) => Err("another task".to_owned()),
            Err(error) => Err(error.to_string()),
        }
    }

    #[test]
    fn a_measure_is_read_with_its_defaults_and_bad_input_is_refused() {
        let args = mobility("chess random:2 --games 10").unwrap();
        assert_eq!((args.games, args.seed), (10, super::DEFAULT_SEED));
        for bad in [
            "chess random:2",
            "go random:2 --games 10",
            "chess random:9 --games 10",
            "chess deep:2 --games 10",
            "chess random:2 --games 0",
            "chess random:2 --games 10 --games 20",
            "chess random:2 paper:2 --games 10",
        ] {
            assert!(mobility(bad).is_err(), "{bad}");
        }
    }

    /// The measure in a quick game: two-ply random minimaxing leaves the opponent fewer
    /// replies than a uniform choice (the paper's domination), by many standard errors.
    #[test]
    fn random_minimaxing_leaves_fewer_replies_in_othello() {
        let args = mobility("othello-6x6 random:2 --games 30").unwrap();
        let game: minimax_random::tournament::TournamentGame = args.game.parse().unwrap();
        let player =
            minimax_random::player::RandomMinimax::parse(&args.player, super::MAX_ALPHA).unwrap();
        let measured = super::measure_in(game, &player, 0..args.games, args.seed).unwrap();
        assert!(
            measured.replies.mean < -4.0 * measured.replies.standard_error,
            "{measured:?}"
        );
    }
}
