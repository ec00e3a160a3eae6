//! `game-analysis mobility`: Levene and Fenner's explanation of Beal and Smith's results,
//! measured in real games — does a random-minimax player leave its opponent fewer replies
//! and itself more moves than a uniform choice among the same legal moves would?

use minimax_random::line::DEFAULT_SEED;
use minimax_random::mobility::MobilityResult;
use minimax_random::tournament::MAX_GAMES;

use crate::Options;
use crate::commands::tournament::{PLAYER_HELP, checked_player, game_names};
use crate::error::{LibraryResult, Result};
use crate::format::{Report, json, print_beside};
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

/// Runs the command.
pub fn run(args: &Args, options: &Options) -> Result<()> {
    let result =
        MobilityResult::measure(&args.game, &args.player, args.games, args.seed).library()?;
    print_beside(options.format, &result, &[args.json.as_ref()])?;
    if let Some(path) = &args.json {
        path.write(json(&result)?.as_bytes())?;
    }
    Ok(())
}

impl Report for MobilityResult {
    type Row = MobilityResult;

    fn text(&self) -> String {
        format!("{self}\n")
    }

    fn rows(&self) -> Vec<MobilityResult> {
        vec![self.clone()]
    }
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

    use super::*;

    #[test]
    fn a_measure_is_read_with_its_defaults_and_bad_input_is_refused() {
        let args = mobility("chess random:2 --games 10").unwrap();
        assert_eq!((args.games, args.seed), (10, DEFAULT_SEED));
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
}
