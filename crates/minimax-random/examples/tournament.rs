//! Random minimaxing in real games: how often the deeper of two random-minimax players wins.
//!
//! ```text
//! cargo run --release -p minimax-random --example tournament -- [--games N] [--seed S]
//! ```
//!
//! For Connect-Four, 6 × 6 Domineering and 6 × 6 Othello, each depth pair (1 v 2, 2 v 3,
//! 2 v 4; 3 v 5 on Connect-Four and Othello; 4 v 6 on Connect-Four) plays N games (default 400, colours alternating) under Beal and
//! Smith's protocol with α = 1000, then the pair 2 v 4 under the paper's protocol and with
//! α = 2 and 10. Each line gives the deeper player's
//! wins, the shallower's, the draws, and the share of decisive games the deeper player won
//! with its 95% interval. Game i of every match uses stream i of the seed, so the output is
//! the same for any number of threads.

use std::time::Instant;

use game_core::Game;
use minimax_random::games::{ConnectFour, Domineering, Othello};
use minimax_random::player::{Protocol, RandomMinimax};
use minimax_random::tournament::play_match;

const PAIRS: [(u32, u32); 5] = [(1, 2), (2, 3), (2, 4), (3, 5), (4, 6)];

fn main() {
    let (games, seed) = match arguments() {
        Ok(parsed) => parsed,
        Err(message) => {
            eprintln!("{message}\nusage: tournament [--games N] [--seed S]");
            std::process::exit(2);
        }
    };
    println!("{games} games per line, seed {seed}");
    run("Connect-Four", &ConnectFour, 6, games, seed);
    let domineering = Domineering::new(6, 6).expect("6 x 6 is a valid board");
    // Depth 5 costs about a second a game on 6 x 6 Domineering (some 30 moves a ply).
    run("Domineering 6x6", &domineering, 4, games, seed);
    let othello = Othello::new(6).expect("6 x 6 is a valid board");
    run("Othello 6x6", &othello, 5, games, seed);
}

fn arguments() -> Result<(u64, u64), String> {
    let mut games = 400;
    let mut seed = 1995;
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or(format!("{flag} needs a value"))?;
        let number = value
            .parse()
            .map_err(|_| format!("{value} is not a number"))?;
        match flag.as_str() {
            "--games" if number > 0 => games = number,
            "--seed" => seed = number,
            _ => return Err(format!("unknown or invalid option {flag} {value}")),
        }
    }
    Ok((games, seed))
}

/// Every line for `game`, leaving out depth pairs deeper than `max_depth`.
fn run<G>(name: &str, game: &G, max_depth: u32, games: u64, seed: u64)
where
    G: Game + Sync,
    G::Position: Send,
{
    println!("\n{name}");
    println!(
        "  depths  protocol   alpha  deeper  shallower  draws  deeper share of decisive [95%]  games/s"
    );
    let mut lines: Vec<(u32, u32, Protocol, u32)> = PAIRS
        .iter()
        .filter(|&&(_, deep)| deep <= max_depth)
        .map(|&(shallow, deep)| (shallow, deep, Protocol::BealSmith, 1000))
        .collect();
    lines.push((2, 4, Protocol::Paper, 1000));
    lines.push((2, 4, Protocol::BealSmith, 2));
    lines.push((2, 4, Protocol::BealSmith, 10));
    for (shallow, deep, protocol, alpha) in lines {
        let deeper = RandomMinimax::new(deep, alpha, protocol).expect("depth and alpha > 0");
        let shallower = RandomMinimax::new(shallow, alpha, protocol).expect("depth and alpha > 0");
        let start = Instant::now();
        let result = play_match(game, &deeper, &shallower, games, seed).expect("no chance nodes");
        let rate = games as f64 / start.elapsed().as_secs_f64();
        let share = match result.deeper_share() {
            Some((low, share, high)) => format!("{share:.3} [{low:.3}, {high:.3}]"),
            None => "no decisive game".to_string(),
        };
        println!(
            "  {shallow} v {deep}   {:<9} {alpha:>6}  {:>6}  {:>9}  {:>5}  {share:<31} {rate:>8.1}",
            format!("{protocol:?}"),
            result.deeper_wins,
            result.shallower_wins,
            result.draws
        );
    }
}
