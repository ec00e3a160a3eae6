//! Johnson's tree figures, laid out by Graphviz: Figure 1.1 (a generated tree, from
//! `tree-gen`), Figure 5.1 (B'STRAT's choice between two known forks, from
//! `solitaire::depreciation`) and Figure 6.1 (game 3's expected position values, from
//! `lookahead_eval::Game3Parameters`).

use std::fmt::Write;

use game_core::number::{format_fraction, to_f64};
use lookahead_eval::diagram::{DiagramPosition, MoveEnd};
use num_rational::BigRational;
use solitaire::{Branch, Form};

use super::Figure;
use super::graphviz::{Palette, digraph, hex, quote, render, tint};
use crate::error::{Error, LibraryResult, Result};
use crate::sources::johnson1970::trees::{
    FIRST_SEED, FORKS, GeneratedTree, KnownForks, SITUATIONS, hstrat_diagram, table_6_1_game,
};

/// The figures of this paper drawn as trees.
pub fn figures() -> Vec<Figure> {
    vec![
        Figure {
            paper: "johnson1970",
            name: "figure-1.1",
            draw: figure_1_1,
        },
        Figure {
            paper: "johnson1970",
            name: "figure-3.1",
            draw: figure_3_1,
        },
        Figure {
            paper: "johnson1970",
            name: "figure-5.1",
            draw: figure_5_1,
        },
        Figure {
            paper: "johnson1970",
            name: "figure-6.1",
            draw: figure_6_1,
        },
    ]
}

/// A value as the memo writes it: no leading zero, at most four decimals (exact to depth
/// four with A = .6).
fn memo_decimal(value: f64) -> String {
    let text = format!("{value:.4}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    text.strip_prefix('0').unwrap_or(text).to_owned()
}

/// Figure 1.1: a generated tree with the values at its points and the win of TSD marked.
fn figure_1_1() -> Result<String> {
    render(&figure_1_1_dot(&GeneratedTree::first_that_fits()?)?)
}

fn figure_1_1_dot(tree: &GeneratedTree) -> Result<String> {
    let caption = format!(
        "Figure 1.1. A generated tree: E = 1/2, split ratio A = .6, seed {}, game 0\n\
         (the first seed from {FIRST_SEED} whose tree has {} to {} forks)\n\
         oval: split point (S); box: endpoint (E); in each, its value; high branch left\n\
         green: the win of TSD (one endpoint, chosen with chance equal to its value), \
         reached by the thick blue path\n ",
        tree.seed,
        FORKS.start(),
        FORKS.end()
    );
    let mut dot = digraph(
        &caption,
        "",
        "width=0.6 height=0.45",
        "arrowhead=none penwidth=1.2",
    );
    for (index, (node, parent)) in tree.nodes.iter().enumerate() {
        let (shape, fill) = match (node.is_endpoint, tree.is_win(index)) {
            (false, _) => ("ellipse", tint(Palette::MAX)),
            (true, false) => ("box", "white".to_owned()),
            (true, true) => ("box", tint(Palette::LEAF)),
        };
        let label = if tree.is_win(index) {
            format!("{}\nwin", memo_decimal(node.value))
        } else {
            memo_decimal(node.value)
        };
        writeln!(
            dot,
            "n{index} [shape={shape} fillcolor={fill} label={}]",
            quote(&label)
        )
        .library()?;
        if let Some(parent) = parent {
            let edge = if node.on_win_path {
                format!(" [color={} penwidth=3]", hex(Palette::CHOSEN))
            } else {
                String::new()
            };
            writeln!(dot, "n{parent} -> n{index}{edge}").library()?;
        }
    }
    writeln!(dot, "}}").library()?;
    Ok(dot)
}

/// The moves of HSTRAT's evaluation diagram drawn: enough to see it recur (TSD), or to
/// see the rows grow without crowding the page (TSI).
const DIAGRAM_MOVES: [(Form, usize); 2] = [(Form::Dependent, 3), (Form::Independent, 2)];

/// Figure 3.1: HSTRAT's evaluation diagram at E = 1/2, A = 3/4, from
/// `lookahead_eval::diagram::Diagram`: TSD, as the memo draws it, beside TSI.
fn figure_3_1() -> Result<String> {
    let caption = "Figure 3.1. Evaluation diagram for HSTRAT (E = 1/2, A = 3/4)\n\
                   a row per move; each point a position the player can stand on, with its value \
                   and the chance P of standing there\n\
                   each line: the chance of that end of the move, given the point: blue, move high; \
                   orange, move low; green, win (W, with D(n)); red, loss (L)\n ";
    let mut dot = digraph(
        caption,
        "nodesep=0.5 ranksep=0.7",
        "shape=ellipse width=1.7 height=0.6",
        "arrowsize=0.6 fontname=\"Helvetica\" fontsize=11",
    );
    for (form, heading) in [
        (
            Form::Dependent,
            "TSD, as the memo draws it: every position is the top point of the game left",
        ),
        (
            Form::Independent,
            "TSI, two moves: a position is known by its value, A^h B^l",
        ),
    ] {
        diagram_cluster(&mut dot, form, heading)?;
    }
    writeln!(dot, "}}").library()?;
    render(&dot)
}

/// A position's value as the memo writes it: 1, A, B, A², AB, ….
fn value_name(position: &DiagramPosition) -> String {
    let power = |base: &str, n: u32| match n {
        0 => String::new(),
        1 => base.to_owned(),
        n => format!(
            "{base}{}",
            ["", "", "²", "³", "⁴"]
                .get(n as usize)
                .copied()
                .unwrap_or("ⁿ")
        ),
    };
    let name = format!(
        "{}{}",
        power("A", position.highs),
        power("B", position.lows)
    );
    if name.is_empty() {
        "1".to_owned()
    } else {
        name
    }
}

/// One form's diagram as a DOT cluster: a row of points per move, the lines between them,
/// and each move's W and L.
fn diagram_cluster(dot: &mut String, form: Form, heading: &str) -> Result<()> {
    let tag = match form {
        Form::Dependent => "d",
        Form::Independent => "i",
    };
    let point = |moves: usize, p: &DiagramPosition| {
        format!("{tag}{moves}h{}l{}k{}", p.highs, p.lows, p.knowledge)
    };
    writeln!(
        dot,
        "subgraph cluster_{tag} {{\nlabel={} fontsize=14 color=gray60 style=dashed",
        quote(heading)
    )
    .library()?;
    let rows = DIAGRAM_MOVES
        .iter()
        .find(|(drawn, _)| *drawn == form)
        .map_or(0, |(_, rows)| *rows);
    let (diagram, reached) = hstrat_diagram(form, rows)?;
    for (moves, drawn) in diagram.into_iter().enumerate() {
        let mut row = Vec::new();
        let (won, lost) = (format!("{tag}w{moves}"), format!("{tag}x{moves}"));
        let mut lines = String::new();
        for (position, chance, ends) in drawn.positions {
            let name = point(moves, &position);
            row.push(name.clone());
            writeln!(
                dot,
                "{name} [fillcolor={} label={}]",
                tint(Palette::MAX),
                quote(&format!(
                    "{}\nP = {}",
                    value_name(&position),
                    format_fraction(&chance)
                ))
            )
            .library()?;
            for (end, line) in ends {
                let target = match end {
                    MoveEnd::Won => won.clone(),
                    MoveEnd::Lost | MoveEnd::Truncated => lost.clone(),
                    MoveEnd::Moved { to, .. } => point(moves + 1, &to),
                };
                let colour = match end {
                    MoveEnd::Moved {
                        branch: Branch::High,
                        ..
                    } => hex(Palette::CHOSEN),
                    MoveEnd::Moved {
                        branch: Branch::Low,
                        ..
                    } => hex(Palette::MIN),
                    MoveEnd::Won => hex(Palette::LEAF),
                    MoveEnd::Lost | MoveEnd::Truncated => hex(Palette::PRUNED),
                };
                writeln!(
                    lines,
                    "{name} -> {target} [color={colour} label={}]",
                    quote(&format_fraction(&line))
                )
                .library()?;
            }
        }
        let d = drawn.won;
        writeln!(
            dot,
            "{won} [shape=box width=2.4 height=0.45 fillcolor={} label={}]\n\
             {lost} [shape=box width=0.5 height=0.45 fillcolor={} label=\"L\"]",
            tint(Palette::LEAF),
            quote(&format!("W: D({}) = {}", moves + 1, format_fraction(&d))),
            tint(Palette::PRUNED)
        )
        .library()?;
        dot.push_str(&lines);
        writeln!(dot, "{{rank=same; {}}}", row.join("; ")).library()?;
    }
    let last: Vec<String> = reached
        .iter()
        .map(|(position, chance)| {
            format!(
                "{} [fillcolor={} style=\"dashed,filled\" label={}]",
                point(rows, position),
                tint(Palette::MAX),
                quote(&format!(
                    "{}\nP = {}",
                    value_name(position),
                    format_fraction(chance)
                ))
            )
        })
        .collect();
    writeln!(dot, "{}\n}}", last.join("\n")).library()
}

/// A value to four decimals in the memo's style (no leading zero).
fn four_decimals(value: &BigRational) -> String {
    memo_decimal(to_f64(value))
}

/// Figure 5.1, reconstructed: the scan keeps the memo's story ("one might think to go to the
/// lower branch because its high branch has the highest value of all points at its level")
/// but not the figure's numbers. Two situations of that kind, with B'STRAT's C_B for each
/// branch computed exactly.
fn figure_5_1() -> Result<String> {
    let caption = "Figure 5.1, reconstructed: B'STRAT between two forks it has seen (TSI, E = .5, \
                   A = .75)\n\
                   each branch: its value, its split ratio R, and C_B(E, A, value, R), the chance \
                   of winning B'STRAT credits it with\n\
                   L's high branch is the highest point at its level, yet B'STRAT moves high unless \
                   H/(H + L) is small\n ";
    let mut dot = digraph(caption, "", "", "arrowhead=none penwidth=1.2");
    for (index, situation) in SITUATIONS.iter().enumerate() {
        situation_cluster(&mut dot, index, situation)?;
    }
    writeln!(dot, "}}").library()?;
    render(&dot)
}

/// One situation of Figure 5.1 as a DOT cluster.
fn situation_cluster(dot: &mut String, index: usize, situation: &KnownForks) -> Result<()> {
    let chances = situation.chances()?;
    let chosen = usize::from(chances[1] > chances[0]);
    let share = format!(".{}", situation.high);
    writeln!(
        dot,
        "subgraph cluster_{index} {{\nlabel={} fontsize=14 color=gray60 style=dashed",
        quote(&format!(
            "H/(H + L) = {share}: B'STRAT moves {}",
            if chosen == 0 { "high" } else { "low" }
        ))
    )
    .library()?;
    writeln!(
        dot,
        "s{index} [shape=ellipse width=0.6 height=0.4 fillcolor={} label=\"1\"]",
        tint(Palette::MAX)
    )
    .library()?;
    let tallest = situation
        .branches()
        .iter()
        .map(|(x, r)| x * r)
        .max()
        .ok_or_else(|| Error::NotComputable("no branch".to_owned()))?;
    for (side, ((x, r), chance)) in situation.branches().iter().zip(&chances).enumerate() {
        let name = ["H", "L"][side];
        let node = format!("s{index}{name}");
        let label = format!(
            "{name} = {}, R = {}\nC_B = {}",
            four_decimals(x),
            four_decimals(r),
            four_decimals(chance)
        );
        let edge = if side == chosen {
            format!("color={} penwidth=3", hex(Palette::CHOSEN))
        } else {
            "color=black".to_owned()
        };
        writeln!(
            dot,
            "{node} [shape=ellipse width=2.1 height=0.6 fillcolor={} label={}]\ns{index} -> {node} [{edge}]",
            tint(Palette::MAX),
            quote(&label)
        )
        .library()?;
        for (branch, value) in [("high", x * r), ("low", x - x * r)] {
            let highest = branch == "high" && value == tallest;
            let style = if highest {
                format!("color={} penwidth=2.5", hex(Palette::PRUNED))
            } else {
                String::new()
            };
            writeln!(
                dot,
                "{node}{branch} [shape=box width=0.7 height=0.35 fillcolor=white {style} label={}]\n{node} -> {node}{branch}",
                quote(&four_decimals(&value))
            )
            .library()?;
        }
    }
    writeln!(dot, "}}").library()
}

/// The moves of game 3's diagram drawn (the values reach 0 and 1 after three with Table
/// 6.1's T = 1/2 and Δ = 1/6, and the memo's own figure shows T + 3Δ … T − 3Δ).
const GAME3_MOVES: i64 = 4;

/// T + kΔ as the memo writes it.
fn shifted(k: i64) -> String {
    match k {
        0 => "T".to_owned(),
        1 => "T + Δ".to_owned(),
        -1 => "T − Δ".to_owned(),
        k if k > 0 => format!("T + {k}Δ"),
        k => format!("T − {}Δ", -k),
    }
}

/// Figure 6.1: the expected position values of game 3 and the possible moves. A position
/// k highs above the lows is worth T + kΔ whatever the path, so the positions of each move
/// form a lattice; each is drawn with its value for Table 6.1's game.
fn figure_6_1() -> Result<String> {
    let game = table_6_1_game()?;
    let caption = format!(
        "Figure 6.1. Expected position values and possible moves in game 3\n\
         each branch is worth Δ more (high, left) or Δ less (low, right) than its fork, so \
         positions depend only on highs − lows\n\
         values for Table 6.1's game: E = {}, T = {}, Δ = {}; an endpoint of value P wins with \
         chance P clamped to [0, 1]\n ",
        format_fraction(&game.e()),
        format_fraction(&game.top()),
        format_fraction(&game.shift())
    );
    let node = format!(
        "shape=ellipse width=1.3 height=0.6 fillcolor={}",
        tint(Palette::MAX)
    );
    let mut dot = digraph(&caption, "", &node, "arrowhead=none penwidth=1.2");
    for moves in 0..=GAME3_MOVES {
        let ks: Vec<i64> = (0..=moves).map(|lows| moves - 2 * lows).collect();
        let names: Vec<String> = ks.iter().map(|k| lattice_name(moves, *k)).collect();
        writeln!(dot, "{{rank=same; {}}}", names.join("; ")).library()?;
        for (&k, name) in ks.iter().zip(&names) {
            let value = game.top() + game.shift() * BigRational::from_integer(k.into());
            let label = format!("{}\n= {}", shifted(k), format_fraction(&value));
            writeln!(dot, "{name} [label={}]", quote(&label)).library()?;
            if moves < GAME3_MOVES {
                let high = lattice_name(moves + 1, k + 1);
                let low = lattice_name(moves + 1, k - 1);
                writeln!(dot, "{name} -> {high}\n{name} -> {low}").library()?;
            }
        }
    }
    writeln!(dot, "}}").library()?;
    render(&dot)
}

/// The DOT name of the position `k` highs above the lows after `moves` moves.
fn lattice_name(moves: i64, k: i64) -> String {
    format!(
        "m{moves}k{}",
        if k < 0 {
            format!("n{}", -k)
        } else {
            k.to_string()
        }
    )
}

#[cfg(test)]
mod tests {
    use game_core::number::fraction;
    use lookahead_eval::GameClass;
    use lookahead_eval::diagram::Diagram;
    use solitaire::strategies::HighChain;

    use super::*;

    /// The drawn tree is a tree of the class: values split at ratio .6, its endpoint values
    /// sum to the top value 1, and exactly one endpoint is the win of TSD.
    #[test]
    fn figure_1_1_is_a_tree_of_the_class_with_one_win() {
        let tree = GeneratedTree::first_that_fits().unwrap();
        let endpoints: Vec<f64> = tree
            .nodes
            .iter()
            .filter(|(node, _)| node.is_endpoint)
            .map(|(node, _)| node.value)
            .collect();
        let forks = tree.nodes.len() - endpoints.len();
        assert!(FORKS.contains(&forks));
        assert_eq!(endpoints.len(), forks + 1);
        assert!((endpoints.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        let wins = (0..tree.nodes.len()).filter(|&i| tree.is_win(i)).count();
        assert_eq!(wins, 1);
        for (node, parent) in &tree.nodes {
            if let Some(parent) = parent {
                let share = node.value / tree.nodes[*parent].0.value;
                assert!((share - 0.6).abs() < 1e-12 || (share - 0.4).abs() < 1e-12);
            }
        }
        assert_eq!(memo_decimal(0.6 * 0.6 * 0.4), ".144");
    }

    /// Figure 3.1 shows HSTRAT's first terms D(n) in both forms (TSD's D(1) = 7/16 is the
    /// memo's E·A + E·B·E), and every point of each row.
    #[test]
    #[ignore = "needs Graphviz: apt-get install graphviz; run with --include-ignored"]
    fn figure_3_1_shows_the_diagrams_terms() {
        let svg = figure_3_1().unwrap();
        let class = GameClass::new(fraction(1, 2).unwrap(), fraction(3, 4).unwrap()).unwrap();
        let hstrat = HighChain::new(1).unwrap();
        for (form, rows) in DIAGRAM_MOVES {
            let mut diagram = Diagram::new(&hstrat, form, &class);
            for n in 1..=rows {
                let d = diagram.next_move().unwrap();
                let text = format!("W: D({n}) = {}</text>", format_fraction(&d));
                assert!(svg.contains(&text), "{form:?} {text}");
            }
        }
        assert!(svg.contains("W: D(1) = 7/16</text>"));
        // TSI: rows of 1 and 2 points and the 3 reached after two moves; TSD: one point a
        // row, three moves. Each form also has a W and an L a move.
        let drawn = |tag| super::super::graphviz::drawn_nodes(&svg, tag);
        assert_eq!(drawn("i"), 1 + 2 + 3 + 2 * 2);
        assert_eq!(drawn("d"), 4 + 2 * 3);
    }

    /// Figure 6.1 draws move n's n + 1 positions, each worth T + kΔ.
    #[test]
    #[ignore = "needs Graphviz: apt-get install graphviz; run with --include-ignored"]
    fn figure_6_1_is_the_lattice_of_expected_values() {
        let svg = figure_6_1().unwrap();
        let positions = (GAME3_MOVES + 1) * (GAME3_MOVES + 2) / 2;
        assert_eq!(svg.matches("class=\"node\"").count() as i64, positions);
        assert!(svg.contains("T + 2Δ</text>") && svg.contains("= 5/6</text>"));
        assert!(svg.contains("T − 3Δ</text>") && svg.contains("= 0</text>"));
    }

    /// Every node is drawn, with its value as the memo writes it.
    #[test]
    #[ignore = "needs Graphviz: apt-get install graphviz; run with --include-ignored"]
    fn figure_1_1_draws_every_node() {
        let tree = GeneratedTree::first_that_fits().unwrap();
        let svg = figure_1_1().unwrap();
        assert_eq!(svg.matches("class=\"node\"").count(), tree.nodes.len());
        assert!(svg.contains(">win</text>"));
    }
}
