//! `game-analysis mobility`: Levene and Fenner's explanation of Beal and Smith's results,
//! measured in real games — does a random-minimax player leave its opponent fewer replies
//! and itself more moves than a uniform choice among the same legal moves would?

use minimax_random::mobility::measure_in;
use minimax_random::player::{MAX_ALPHA, RandomMinimax};
use minimax_random::tournament::{MAX_GAMES, TournamentGame};
use serde::{Deserialize, Serialize};

use crate::Options;
use crate::commands::tournament::{DEFAULT_SEED, PLAYER_HELP, checked_player, game_names};
use crate::error::{LibraryResult, Result};
use crate::format::{Report, json, print};
use crate::output::{OutputFile, parse_output_file};

/// PLAYER plays itself N games of GAME (game i from stream i of the seed); at each
/// decision the chosen move's replies (the opponent's legal moves after it) and own
/// mobility (the mover's moves one move later, over the replies) are compared with the
/// mean over the legal moves.
#[derive(Debug, clap::Args)]
#[command(after_help = PLAYER_HELP)]
pub struct Args {
    /// The game.
    #[arg(value_parser = game_names())]
    game: String,
    /// The player, EVALUATION:DEPTH (or uniform).
    #[arg(value_parser = checked_player)]
    player: String,
    /// N, the games, 2 to 1,000,000: each game is one sample of the standard errors.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(2..=MAX_GAMES))]
    games: u64,
    /// The seed of the games.
    #[arg(long, value_name = "S", default_value_t = DEFAULT_SEED)]
    seed: u64,
    /// Also write the result as JSON to PATH.
    #[arg(long, value_name = "PATH", value_parser = parse_output_file)]
    json: Option<OutputFile>,
}

/// The JSON object of one measure: means per decision, and the differences (chosen −
/// uniform) with their standard errors, each game one sample.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MobilityResult {
    /// The game's name.
    pub game: String,
    /// The player, EVALUATION:DEPTH or `uniform`.
    pub player: String,
    /// Games of self-play.
    pub games: u64,
    /// Their seed.
    pub seed: u64,
    /// The player's decisions in them.
    pub decisions: u64,
    /// The opponent's replies after the chosen move, on average.
    pub chosen_replies: f64,
    /// The same after a uniform choice among the legal moves.
    pub uniform_replies: f64,
    /// Chosen − uniform replies.
    pub replies_difference: f64,
    /// Its standard error, each game one sample.
    pub replies_standard_error: f64,
    /// The mover's own moves one move later after the chosen move, on average.
    pub chosen_own: f64,
    /// The same after a uniform choice.
    pub uniform_own: f64,
    /// Chosen − uniform own moves.
    pub own_difference: f64,
    /// Its standard error.
    pub own_standard_error: f64,
}

/// Runs the command.
pub fn run(args: &Args, options: &Options) -> Result<()> {
    let result = measure(&args.game, &args.player, args.games, args.seed)?;
    print(options.format, &result)?;
    if let Some(path) = &args.json {
        path.write(json(&result)?.as_bytes())?;
    }
    Ok(())
}

impl Report for MobilityResult {
    type Row = MobilityResult;

    fn text(&self) -> String {
        summary_line(self) + "\n"
    }

    fn rows(&self) -> Vec<MobilityResult> {
        vec![self.clone()]
    }
}

/// `player`'s measure over `games` games of `game` from `seed`.
///
/// # Errors
///
/// [`crate::Error::Library`] when the game or the player does not read.
pub fn measure(game: &str, player: &str, games: u64, seed: u64) -> Result<MobilityResult> {
    let tournament_game: TournamentGame = game.parse().library()?;
    let searcher = RandomMinimax::parse(player, MAX_ALPHA).library()?;
    let mobility = measure_in(tournament_game, &searcher, 0..games, seed).library()?;
    Ok(MobilityResult {
        game: game.to_owned(),
        player: player.to_owned(),
        games: mobility.games,
        seed,
        decisions: mobility.decisions,
        chosen_replies: mobility.chosen_replies,
        uniform_replies: mobility.uniform_replies,
        replies_difference: mobility.replies.mean,
        replies_standard_error: mobility.replies.standard_error,
        chosen_own: mobility.chosen_own,
        uniform_own: mobility.uniform_own,
        own_difference: mobility.own.mean,
        own_standard_error: mobility.own.standard_error,
    })
}

/// The measure in one line for a reader.
pub fn summary_line(result: &MobilityResult) -> String {
    format!(
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
    )
}

#[cfg(test)]
mod tests {
    fn mobility(text: &str) -> Result<super::Args, String> {
        let words: Vec<&str> = ["mobility"]
            .into_iter()
            .chain(text.split_whitespace())
            .collect();
        match crate::cli::parse(&words) {
            Ok(crate::cli::Command::Mobility(args)) => Ok(args),
            Ok(_) => Err("another command".to_owned()),
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
            "chess random:2 --games 1",
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
        let measured = super::measure("othello-6x6", "random:2", 30, 1995).unwrap();
        assert!(
            measured.replies_difference < -4.0 * measured.replies_standard_error,
            "{measured:?}"
        );
    }
}
