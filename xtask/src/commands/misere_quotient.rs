//! `cargo xtask misere-quotient`: the misère quotient of an octal game or of Grundy's game,
//! from `nim_games::misere_quotient`.

use std::time::Instant;

use crate::error::{LibraryResult, Result};
use nim_games::GrundysGame;
use nim_games::heap_games::{OctalGame, TakeAndBreak};
use nim_games::misere_quotient::{
    MAX_QUOTIENT_HEAP, MisereQuotient, QuotientMethod, QuotientOptions,
};

/// `cargo xtask misere-quotient CODE --max-heap N`: the partial misère quotient 𝒬_N, its
/// presentation, P-portion and pretending function, and whether it is proven final.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// An octal code, `0.d1d2…` or `4.d1d2…` (Kayles is 0.77), or `grundy` for Grundy's game.
    #[arg(value_name = "CODE", allow_hyphen_values = true)]
    code: String,
    /// N, the largest heap.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_QUOTIENT_HEAP)))]
    max_heap: u32,
    /// Build by the learning method alone (outcomes searched, candidates learnt), not
    /// Plambeck and Siegel's least-failure method: slower, an independent check of it.
    #[arg(long)]
    learning: bool,
}

/// Runs the task.
pub fn run(args: &Args) -> Result<()> {
    if args.code == "grundy" {
        let quotient = compute(&GrundysGame, args.max_heap, method(args))?;
        print!("{}", summary("Grundy's game", &quotient, None));
        return Ok(());
    }
    let game = OctalGame::parse(&args.code).library()?;
    let quotient = compute(&game, args.max_heap, method(args))?;
    print!(
        "{}",
        summary(game.code(), &quotient, Some(game.max_removal()))
    );
    Ok(())
}

fn method(args: &Args) -> QuotientMethod {
    if args.learning {
        QuotientMethod::Learning
    } else {
        QuotientMethod::LeastFailure
    }
}

fn compute<T: TakeAndBreak>(
    game: &T,
    max_heap: u32,
    method: QuotientMethod,
) -> Result<MisereQuotient> {
    let started = Instant::now();
    let quotient = QuotientOptions::new()
        .method(method)
        .progress(|heap, order| {
            eprint!(
                "\r  heap {heap:>3} of {max_heap}: order {order:>5}, {:8.1} s",
                started.elapsed().as_secs_f64()
            );
        })
        .compute(game, max_heap)
        .library()?;
    eprintln!();
    println!("  {:.2} s", started.elapsed().as_secs_f64());
    Ok(quotient)
}

/// The quotient in Plambeck and Siegel's terms: order and growth, presentation, P-portion,
/// pretending function, and the proof of finality for an octal game that has one.
fn summary(name: &str, quotient: &MisereQuotient, max_removal: Option<u32>) -> String {
    let n = quotient.max_heap();
    let presentation = quotient.presentation();
    let word = |x: usize| presentation.normal_words()[x].to_string();
    let mut text = format!(
        "{name}, heaps up to {n}: order {}, unchanged from heap {}\n",
        quotient.order(),
        quotient.stable_from()
    );
    let growth: Vec<String> = quotient.orders().iter().map(usize::to_string).collect();
    text += &format!("  orders by heap 0..={n}: {}\n", growth.join(" "));
    text += &format!("  presentation {presentation}\n");
    let generators: Vec<String> = presentation
        .generator_heaps()
        .iter()
        .enumerate()
        .map(|(i, heap)| {
            format!(
                "{} = H{heap}",
                nim_games::misere_quotient::generator_name(i)
            )
        })
        .collect();
    text += &format!("  generators {}\n", generators.join(", "));
    let p: Vec<String> = quotient.p_portion().into_iter().map(word).collect();
    text += &format!("  P-portion ({}) {{{}}}\n", p.len(), p.join(", "));
    let pretending: Vec<String> = (1..=n)
        .map(|heap| word(quotient.pretending(heap).unwrap_or(0)))
        .collect();
    text += &format!("  pretending function H1..H{n}: {}\n", pretending.join(" "));
    text += &match max_removal.and_then(|t| quotient.proven_period(t)) {
        Some(found) => format!(
            "  final: the pretending function has period {} from heap {}, proven for every heap, so this is the game's whole quotient\n",
            found.period, found.pre_period
        ),
        None => "  not proven final at this bound\n".to_string(),
    };
    text
}

#[cfg(test)]
mod tests {
    use crate::cli::{Task, parse};
    use nim_games::misere_quotient::QuotientMethod;

    #[test]
    fn the_command_line_is_read() {
        let Ok(Task::MisereQuotient(args)) =
            parse(&["misere-quotient", "0.75", "--max-heap", "40"])
        else {
            panic!("not read");
        };
        assert_eq!((args.code.as_str(), args.max_heap), ("0.75", 40));
        assert!(!args.learning);
        let Ok(Task::MisereQuotient(args)) =
            parse(&["misere-quotient", "0.75", "--max-heap", "40", "--learning"])
        else {
            panic!("not read");
        };
        assert!(args.learning);
        assert!(parse(&["misere-quotient", "0.75", "--max-heap", "256"]).is_err());
        assert!(parse(&["misere-quotient", "0.75"]).is_err());
    }

    #[test]
    fn a_solved_game_is_reported_final() {
        let game = nim_games::OctalGame::parse("0.75").unwrap();
        let quotient = super::compute(&game, 30, QuotientMethod::LeastFailure).unwrap();
        let learnt = super::compute(&game, 30, QuotientMethod::Learning).unwrap();
        let text = super::summary("0.75", &quotient, Some(game.max_removal()));
        assert_eq!(
            text,
            super::summary("0.75", &learnt, Some(game.max_removal()))
        );
        assert!(text.contains("order 8,"), "{text}");
        assert!(text.contains("P-portion (2) {a, b²}"), "{text}");
        assert!(
            text.contains("final: the pretending function has period 2"),
            "{text}"
        );
    }

    #[test]
    fn bad_codes_are_typed_errors() {
        for code in ["0.8", "1.2", "", "0.0"] {
            let args = super::Args {
                code: code.to_string(),
                max_heap: 5,
                learning: false,
            };
            assert!(super::run(&args).is_err(), "{code}");
        }
    }
}
