//! Beal and Smith's three results in chess, as Levene and Fenner report them (abstract and
//! section 1, section 2, section 8), judged from the kept chess lines
//! (`docs/data/levene-fenner-chess*.json`): verify-tables reads the results, it does not
//! replay the games (`cargo xtask tournament --chess-grid` does).
//!
//! A line supports a claim when B's share of the decisive games lies above 1/2 by at least
//! [`MAX_Z_SCORE`] standard errors (the sign test,
//! [`MatchResult::b_share_z_score`]); a claim holds when every line of its experiment
//! supports it. A trend across depths holds when each depth's share rises above the
//! previous one's by at least as many standard errors of the difference.

use game_core::tolerance::MAX_Z_SCORE;
use minimax_random::tournament::MatchResult;

use crate::error::{Error, Result};
use crate::kept::chess::{experiment_of, in_experiment_order, read_chess};
use crate::verify::computed::Computed;
use minimax_random::line::LineResult;

/// One of Beal and Smith's results, and the chess lines that test it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claim {
    /// Abstract, section 1: random minimaxing plays stronger as the lookahead deepens;
    /// lines (a), `random:d` v `random:d+1`.
    DeeperIsStronger,
    /// Section 2: random minimaxing is stronger than choosing uniformly among the legal
    /// moves; lines (b), `uniform` v `random:d`.
    StrongerThanUniform,
    /// Section 8: material plus a small random component beats material alone; lines (d),
    /// `material:d` v `material+random:d`.
    NoiseImproves,
    /// Section 8: and the improvement grows with the depth of search; lines (d) in order of
    /// depth.
    ImprovementGrows,
}

impl Claim {
    /// The claim as the transcription words it: what the evidence says when it bears the
    /// claim out.
    fn statement(self) -> &'static str {
        match self {
            Claim::DeeperIsStronger => "deeper is stronger",
            Claim::StrongerThanUniform => "random minimaxing is stronger than uniform",
            Claim::NoiseImproves => "the random component improves play",
            Claim::ImprovementGrows => "the improvement grows with depth",
        }
    }

    /// Whether the kept line `result` is one of the claim's.
    fn tests(self, result: &LineResult) -> bool {
        match self {
            Claim::DeeperIsStronger => {
                experiment_of(result) == Some("a") && result.a.starts_with("random:")
            }
            Claim::StrongerThanUniform => experiment_of(result) == Some("b"),
            Claim::NoiseImproves | Claim::ImprovementGrows => experiment_of(result) == Some("d"),
        }
    }
}

/// The claim judged from the kept chess lines.
///
/// # Errors
///
/// When no chess line is kept, or none of the claim's.
pub fn judge(claim: Claim) -> Result<Computed> {
    let docs = crate::workspace_dir().join("docs");
    let kept = read_chess(&docs)?.ok_or_else(|| {
        Error::NotComputable(
            "no chess line is kept: `cargo xtask tournament --chess-grid` plays them".to_owned(),
        )
    })?;
    judge_lines(claim, &kept)
}

/// The claim judged from `results`, the lines of any experiments.
fn judge_lines(claim: Claim, results: &[LineResult]) -> Result<Computed> {
    let lines: Vec<&LineResult> = in_experiment_order(results)
        .into_iter()
        .filter(|result| claim.tests(result))
        .collect();
    if lines.is_empty() {
        return Err(Error::NotComputable(format!(
            "none of the lines that test {:?} is kept",
            claim.statement()
        )));
    }
    let evidence = match claim {
        Claim::ImprovementGrows => lines
            .windows(2)
            .map(|pair| rise(pair[0], pair[1]))
            .collect(),
        _ => lines
            .iter()
            .map(|&line| against_one_half(line))
            .collect::<Vec<_>>(),
    };
    let failing: Vec<&str> = evidence
        .iter()
        .filter(|step| !step.supports)
        .map(|step| step.text.as_str())
        .collect();
    let statement = if failing.is_empty() {
        claim.statement().to_owned()
    } else {
        format!("not borne out by {}", failing.join("; "))
    };
    let evidence: Vec<&str> = evidence.iter().map(|step| step.text.as_str()).collect();
    Ok(Computed::Claim {
        statement,
        evidence: evidence.join("; "),
    })
}

/// One line's (or one step's) evidence: whether it supports the claim, and its numbers.
struct Step {
    supports: bool,
    text: String,
}

/// B's share of the line's decisive games, and its distance above 1/2 in standard errors.
fn against_one_half(line: &LineResult) -> Step {
    let result = line.match_result();
    let (share, z) = (
        result.b_share().map(|share| share.estimate),
        result.b_share_z_score(),
    );
    Step {
        supports: z.is_some_and(|z| z >= MAX_Z_SCORE),
        text: format!(
            "{} v {} {} of {} decisive (z = {})",
            line.a,
            line.b,
            share.map_or_else(|| "no share".to_owned(), three_places),
            result.decisive(),
            z.map_or_else(|| "undefined".to_owned(), |z| format!("{z:.1}"))
        ),
    }
}

/// How far B's share rises from line `from` to line `to`, in standard errors of the
/// difference (the two-proportion test, pooled under equal shares).
fn rise(from: &LineResult, to: &LineResult) -> Step {
    let (from_result, to_result) = (from.match_result(), to.match_result());
    let z = MatchResult::b_share_rise_z_score(&from_result, &to_result);
    let share = |result: &MatchResult| {
        result.b_share().map_or_else(
            || "no share".to_owned(),
            |share| three_places(share.estimate),
        )
    };
    Step {
        supports: z.is_some_and(|z| z >= MAX_Z_SCORE),
        text: format!(
            "{} {} to {} {} (z = {})",
            from.b,
            share(&from_result),
            to.b,
            share(&to_result),
            z.map_or_else(|| "undefined".to_owned(), |z| format!("{z:.1}"))
        ),
    }
}

fn three_places(share: f64) -> String {
    format!("{share:.3}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(a: &str, b: &str, a_wins: u64, b_wins: u64) -> LineResult {
        let share = MatchResult {
            a_wins,
            b_wins,
            draws: 0,
        }
        .b_share();
        LineResult {
            game: "chess".to_owned(),
            a: a.to_owned(),
            b: b.to_owned(),
            alpha: minimax_random::player::MAX_ALPHA,
            games: a_wins + b_wins,
            first_game: 0,
            a_wins,
            b_wins,
            draws: 0,
            share_b: share.map(|s| s.estimate),
            ci_low: share.map(|s| s.low),
            ci_high: share.map(|s| s.high),
            seed: 1995,
            games_per_second: None,
        }
    }

    fn statement(computed: Computed) -> String {
        match computed {
            Computed::Claim { statement, .. } => statement,
            other => panic!("{other:?}"),
        }
    }

    /// A claim holds only when every one of its lines is at least four standard errors
    /// from 1/2; the failing line is named with its numbers.
    #[test]
    fn a_claim_holds_only_when_every_line_supports_it() {
        let strong = line("uniform", "random:1", 30, 70);
        let weak = line("uniform", "random:2", 45, 55);
        let held = judge_lines(Claim::StrongerThanUniform, std::slice::from_ref(&strong)).unwrap();
        assert_eq!(
            statement(held),
            "random minimaxing is stronger than uniform"
        );
        let failed = judge_lines(Claim::StrongerThanUniform, &[strong, weak]).unwrap();
        assert_eq!(
            statement(failed),
            "not borne out by uniform v random:2 0.550 of 100 decisive (z = 1.0)"
        );
    }

    /// The claim's lines are its experiment's only: the paper-model lines of (a) and the
    /// other experiments' lines do not count.
    #[test]
    fn a_claim_reads_only_its_own_lines() {
        let lines = [
            line("random:1", "random:2", 10, 90),
            line("paper:2", "paper:3", 90, 10),
            line("uniform", "random:1", 90, 10),
        ];
        let computed = judge_lines(Claim::DeeperIsStronger, &lines).unwrap();
        assert_eq!(statement(computed), "deeper is stronger");
        let none = judge_lines(Claim::NoiseImproves, &lines);
        assert!(none.is_err());
    }

    /// A trend needs each depth to rise significantly above the one before it.
    #[test]
    fn a_trend_holds_only_when_every_step_rises() {
        let rising = [
            line("material:1", "material+random:1", 500, 500),
            line("material:2", "material+random:2", 300, 700),
            line("material:3", "material+random:3", 100, 900),
        ];
        let computed = judge_lines(Claim::ImprovementGrows, &rising).unwrap();
        assert_eq!(statement(computed), "the improvement grows with depth");
        let dipping = [rising[0].clone(), rising[2].clone(), rising[1].clone()];
        let computed = judge_lines(Claim::ImprovementGrows, &dipping).unwrap();
        assert_eq!(
            statement(computed),
            "the improvement grows with depth",
            "in issue order the lines still rise: the order is the depth's, not the file's"
        );
        let flat = [
            rising[0].clone(),
            line("material:2", "material+random:2", 490, 510),
        ];
        let computed = judge_lines(Claim::ImprovementGrows, &flat).unwrap();
        assert!(
            statement(computed)
                .starts_with("not borne out by material+random:1 0.500 to material+random:2 0.510")
        );
    }
}
