//! `game-analysis misere-quotient CODE --max-heap N`: the misère quotient of an octal game
//! or of Grundy's game, from `nim_games::misere_quotient`.

use std::time::Instant;

use nim_games::GrundysGame;
use nim_games::heap_games::{OctalGame, TakeAndBreak};
use nim_games::misere_quotient::{
    MAX_QUOTIENT_HEAP, MisereQuotient, QuotientMethod, QuotientOptions, generator_name,
};
use serde::Serialize;

use crate::Options;
use crate::error::{LibraryResult, Result};
use crate::format::{Report, print};
use crate::progress::Progress;

/// The partial misère quotient 𝒬_N of an octal game or of Grundy's game (Plambeck and
/// Siegel): its presentation, P-portion and pretending function, and whether it is proven
/// to be the game's whole quotient.
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

/// Runs the command.
pub fn run(args: &Args, options: &Options) -> Result<()> {
    let method = if args.learning {
        QuotientMethod::Learning
    } else {
        QuotientMethod::LeastFailure
    };
    let started = Instant::now();
    let report = if args.code == "grundy" {
        let quotient = compute(&GrundysGame, args.max_heap, method, options)?;
        QuotientReport::of("Grundy's game", &quotient, None)
    } else {
        let game = OctalGame::parse(&args.code).library()?;
        let quotient = compute(&game, args.max_heap, method, options)?;
        QuotientReport::of(game.code(), &quotient, Some(game.max_removal()))
    };
    print(
        options.format,
        &QuotientReport {
            seconds: started.elapsed().as_secs_f64(),
            ..report
        },
    )
}

fn compute<T: TakeAndBreak>(
    game: &T,
    max_heap: u32,
    method: QuotientMethod,
    options: &Options,
) -> Result<MisereQuotient> {
    let progress = Progress::new(u64::from(max_heap), "heaps", options.quiet);
    let quotient = QuotientOptions::new()
        .method(method)
        .progress(|heap, _| progress.set(u64::from(heap)))
        .compute(game, max_heap)
        .library()?;
    progress.finish();
    Ok(quotient)
}

/// The quotient in Plambeck and Siegel's terms.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct QuotientReport {
    /// The game: its octal code, or `Grundy's game`.
    pub game: String,
    /// N, the largest heap.
    pub max_heap: u32,
    /// Seconds the quotient took (left out of the JSON).
    #[serde(skip)]
    pub seconds: f64,
    /// The order of 𝒬_N.
    pub order: usize,
    /// The heap from which the order no longer grows.
    pub stable_from: u32,
    /// The order of 𝒬_n for n = 0..=N.
    pub orders: Vec<usize>,
    /// The presentation, ⟨generators | relations⟩.
    pub presentation: String,
    /// The generators, `a = H1`, ….
    pub generators: Vec<String>,
    /// The P-portion: the elements whose positions the previous player wins.
    pub p_portion: Vec<String>,
    /// The pretending function: the element of each heap H1..HN.
    pub pretending: Vec<String>,
    /// When the pretending function is proven periodic for every heap: its period.
    pub final_period: Option<u32>,
    /// And the heap its period starts from.
    pub final_pre_period: Option<u32>,
}

/// One heap of the quotient, one CSV row.
#[derive(Debug, Serialize)]
pub struct HeapRow {
    /// The heap n.
    heap: u32,
    /// The order of 𝒬_n.
    order: usize,
    /// The element Hn pretends to be (none for heap 0).
    pretending: Option<String>,
}

impl QuotientReport {
    /// The report of `quotient` of the game `name`; an octal game's `max_removal` lets its
    /// finality be proven.
    pub fn of(name: &str, quotient: &MisereQuotient, max_removal: Option<u32>) -> QuotientReport {
        let n = quotient.max_heap();
        let presentation = quotient.presentation();
        let word = |x: usize| presentation.normal_words()[x].to_string();
        let proven = max_removal.and_then(|t| quotient.proven_period(t));
        QuotientReport {
            game: name.to_owned(),
            max_heap: n,
            seconds: 0.0,
            order: quotient.order(),
            stable_from: quotient.stable_from(),
            orders: quotient.orders().to_vec(),
            presentation: presentation.to_string(),
            generators: presentation
                .generator_heaps()
                .iter()
                .enumerate()
                .map(|(i, heap)| format!("{} = H{heap}", generator_name(i)))
                .collect(),
            p_portion: quotient.p_portion().into_iter().map(word).collect(),
            pretending: (1..=n)
                .map(|heap| word(quotient.pretending(heap).unwrap_or(0)))
                .collect(),
            final_period: proven.map(|found| found.period),
            final_pre_period: proven.map(|found| found.pre_period),
        }
    }
}

impl Report for QuotientReport {
    type Row = HeapRow;

    fn text(&self) -> String {
        let n = self.max_heap;
        let mut text = format!(
            "{}, heaps up to {n}: order {}, unchanged from heap {} ({:.2} s)\n",
            self.game, self.order, self.stable_from, self.seconds
        );
        let growth: Vec<String> = self.orders.iter().map(usize::to_string).collect();
        text += &format!("  orders by heap 0..={n}: {}\n", growth.join(" "));
        text += &format!("  presentation {}\n", self.presentation);
        let generators = if self.generators.is_empty() {
            "none (every heap is the identity)".to_owned()
        } else {
            self.generators.join(", ")
        };
        text += &format!("  generators {generators}\n");
        text += &format!(
            "  P-portion ({}) {{{}}}\n",
            self.p_portion.len(),
            self.p_portion.join(", ")
        );
        text += &if n == 0 {
            "  pretending function: no heaps (--max-heap 0)\n".to_owned()
        } else {
            format!(
                "  pretending function H1..H{n}: {}\n",
                self.pretending.join(" ")
            )
        };
        text + &match (self.final_period, self.final_pre_period) {
            (Some(period), Some(pre_period)) => format!(
                "  final: the pretending function has period {period} from heap {pre_period}, proven for every heap, so this is the game's whole quotient\n"
            ),
            _ => "  not proven final at this bound\n".to_string(),
        }
    }

    fn rows(&self) -> Vec<HeapRow> {
        self.orders
            .iter()
            .enumerate()
            .map(|(heap, &order)| HeapRow {
                heap: heap as u32,
                order,
                pretending: heap
                    .checked_sub(1)
                    .and_then(|i| self.pretending.get(i).cloned()),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use nim_games::misere_quotient::QuotientMethod;

    use crate::Options;
    use crate::cli::{Command, parse};
    use crate::format::Report;

    #[test]
    fn the_command_line_is_read() {
        let Ok(Command::MisereQuotient(args)) =
            parse(&["misere-quotient", "0.75", "--max-heap", "40"])
        else {
            panic!("not read");
        };
        assert_eq!((args.code.as_str(), args.max_heap), ("0.75", 40));
        assert!(!args.learning);
        let Ok(Command::MisereQuotient(args)) =
            parse(&["misere-quotient", "0.75", "--max-heap", "40", "--learning"])
        else {
            panic!("not read");
        };
        assert!(args.learning);
        assert!(parse(&["misere-quotient", "0.75", "--max-heap", "256"]).is_err());
        assert!(parse(&["misere-quotient", "0.75"]).is_err());
    }

    #[test]
    fn a_solved_game_is_reported_final_by_both_methods() {
        let game = nim_games::OctalGame::parse("0.75").unwrap();
        let quiet = Options::quiet();
        let least = super::compute(&game, 30, QuotientMethod::LeastFailure, &quiet).unwrap();
        let learnt = super::compute(&game, 30, QuotientMethod::Learning, &quiet).unwrap();
        let report = super::QuotientReport::of("0.75", &least, Some(game.max_removal()));
        assert_eq!(
            report,
            super::QuotientReport::of("0.75", &learnt, Some(game.max_removal()))
        );
        let text = report.text();
        assert!(text.contains("order 8,"), "{text}");
        assert!(text.contains("P-portion (2) {a, b²}"), "{text}");
        assert!(
            text.contains("final: the pretending function has period 2"),
            "{text}"
        );
        assert_eq!(report.rows().len(), 31);
    }

    #[test]
    fn bad_codes_are_typed_errors() {
        for code in ["0.8", "1.2", "", "0.0"] {
            let args = super::Args {
                code: code.to_string(),
                max_heap: 5,
                learning: false,
            };
            assert!(super::run(&args, &Options::quiet()).is_err(), "{code}");
        }
    }
}
