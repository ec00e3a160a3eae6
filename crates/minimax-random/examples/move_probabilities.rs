//! Random minimaxing (Levene and Fenner): the exact chance that each root move is chosen
//! when the leaves are scored at random, for the paper's Example 1 as α grows.
//!
//! `cargo run --release -p minimax-random --example move_probabilities`

use minimax_random::MoveShape;
use minimax_random::probability::move_probabilities;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Move a: 2 replies, each with 3 answers; move b: 3 replies, each with 2 answers.
    let moves = [MoveShape::new(vec![2, 3])?, MoveShape::new(vec![3, 2])?];
    for alpha in [2, 3, 10, 100] {
        let probs = move_probabilities(&moves, alpha)?;
        let as_f64 = |p: &minimax_random::BigRational| minimax_random::number::to_f64(p);
        println!(
            "alpha = {alpha:3}: prob(a) = {:.6}, prob(b) = {:.6}{}",
            as_f64(&probs[0]),
            as_f64(&probs[1]),
            if alpha == 2 {
                format!("  (exactly {} and {})", probs[0], probs[1])
            } else {
                String::new()
            }
        );
    }
    Ok(())
}
