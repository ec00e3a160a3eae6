//! The matches report's Figures 1–8, its minimax and alpha-beta trees, drawn by tracing our
//! own searches of `nim_games::matches` (`game_core::search::trace_minimax` and
//! `trace_alpha_beta`): every visited node is drawn once, with the matches left and its
//! value, and the cut-offs are marked.

use std::fmt::Write;

use game_core::Player;
use game_core::search::{Role, SearchTrace};
use nim_games::matches::MatchesGame;

use super::Figure;
use super::graphviz::{Palette, digraph, hex, quote, render, tint};
use crate::error::{Error, LibraryResult, Result};
use crate::sources::matches::trees::{
    FIGURES, Search, Skipped, TreeFigure, count_skipped, subtree_size, traced,
};

/// The report's eight tree figures.
pub fn figures() -> Vec<Figure> {
    vec![
        tree_figure("figure-1", || draw(&FIGURES[0])),
        tree_figure("figure-2", || draw(&FIGURES[1])),
        tree_figure("figure-3", || draw(&FIGURES[2])),
        tree_figure("figure-4", || draw(&FIGURES[3])),
        tree_figure("figure-5", || draw(&FIGURES[4])),
        tree_figure("figure-6", || draw(&FIGURES[5])),
        tree_figure("figure-7", || draw(&FIGURES[6])),
        tree_figure("figure-8", || draw(&FIGURES[7])),
    ]
}

fn tree_figure(name: &'static str, draw: fn() -> Result<String>) -> Figure {
    Figure {
        paper: "matches",
        name,
        draw,
    }
}

/// A utility as the report writes it, with a true minus sign.
fn signed(value: i32) -> String {
    match value {
        v if v > 0 => format!("+{v}"),
        v if v < 0 => format!("\u{2212}{}", -v),
        _ => "0".to_owned(),
    }
}

/// The SVG of one of the report's tree figures.
fn draw(figure: &TreeFigure) -> Result<String> {
    render(&dot_text(figure)?)
}

/// The DOT text of a figure. Node names say what a node is, so tests can count them in
/// the SVG: `v…` visited, `s…` skipped by alpha-beta (Figure 2), `x…` a move a cut-off
/// left unexamined, `h…` a hidden subtree.
fn dot_text(figure: &TreeFigure) -> Result<String> {
    let (trace, skipped) = traced(figure)?;
    let mut drawing = Drawing {
        trace: &trace,
        skipped: &skipped,
        shown_depth: figure.shown_depth,
        text: String::new(),
    };
    let caption = caption(figure, &trace, &skipped);
    drawing.text = digraph(
        &caption,
        "",
        "width=0.5 height=0.42",
        "arrowhead=none penwidth=1.2",
    );
    drawing.node(trace.root(), &mut Vec::new())?;
    writeln!(drawing.text, "}}").library()?;
    Ok(drawing.text)
}

/// The caption: title, what was drawn and how many nodes, and the key.
fn caption(figure: &TreeFigure, trace: &SearchTrace<MatchesGame>, skipped: &Skipped) -> String {
    let total = trace.len();
    let counted = match (figure.search, figure.shown_depth) {
        (Search::MinimaxPruned, _) => {
            let skipped_nodes = count_skipped(trace, skipped);
            format!(
                "{total} nodes; alpha-beta visits {} of them, the dashed ones it never visits",
                total - skipped_nodes
            )
        }
        (_, Some(depth)) => format!(
            "{total} nodes in all; below depth {depth} each triangle holds the rest of a subtree"
        ),
        (Search::AlphaBeta, None) => {
            format!("{total} nodes visited; red dashed: the moves a cut-off left unexamined")
        }
        (Search::Minimax, None) => format!("{total} nodes, the whole game tree"),
    };
    format!(
        "{}\n{counted}\nbox: first player (MAX) to move; oval: second player (MIN); green: one match left, \
         game over\nin each node: matches left, value for the first player; thick blue: the move \
         chosen\n ",
        figure.title
    )
}

/// How many nodes of `trace` are skipped.
/// The DOT name of the node `index`: `v…` visited, `s…` skipped by alpha-beta.
fn node_name(index: usize, skipped: bool) -> String {
    format!("{}{index}", if skipped { 's' } else { 'v' })
}

/// A tree being written as DOT text.
struct Drawing<'t> {
    trace: &'t SearchTrace<MatchesGame>,
    skipped: &'t Skipped,
    shown_depth: Option<u32>,
    text: String,
}

impl Drawing<'_> {
    /// Writes the node `index`, reached by `path`, and what is drawn below it.
    fn node(&mut self, index: usize, path: &mut Vec<u32>) -> Result<()> {
        let node = &self.trace.nodes()[index];
        let skipped = self.skipped.contains(path);
        let name = node_name(index, skipped);
        let shape = match node.position.to_move {
            Player::First => "box",
            Player::Second => "ellipse",
        };
        let fill = match node.role {
            Role::Leaf => tint(Palette::LEAF),
            Role::Max => tint(Palette::MAX),
            Role::Min => tint(Palette::MIN),
        };
        let style = if skipped {
            "style=\"dashed,filled\" fillcolor=white fontcolor=gray40 color=gray40".to_owned()
        } else {
            format!("fillcolor={fill}")
        };
        let label = format!("{}\n{}", node.position.matches_left, signed(node.value));
        writeln!(
            self.text,
            "{name} [shape={shape} {style} label={}]",
            quote(&label)
        )
        .library()?;
        if self.shown_depth == Some(node.depth) && !node.children.is_empty() {
            return self.hidden_subtree(index, &name);
        }
        let chosen = node
            .children
            .iter()
            .find(|&&child| self.trace.nodes()[child].value == node.value)
            .copied();
        for &child in &node.children {
            let take = self.trace.nodes()[child]
                .via
                .ok_or_else(|| Error::NotComputable("a child without its move".to_owned()))?;
            path.push(take);
            let child_skipped = self.skipped.contains(path);
            let child_name = node_name(child, child_skipped);
            self.node(child, path)?;
            path.pop();
            let edge = if Some(child) == chosen && !skipped {
                format!("color={} penwidth=3", hex(Palette::CHOSEN))
            } else if child_skipped {
                "style=dashed color=gray40".to_owned()
            } else {
                "color=black".to_owned()
            };
            writeln!(self.text, "{name} -> {child_name} [{edge}]").library()?;
        }
        self.unexamined(index, &name)
    }

    /// A triangle under `name` standing for the rest of the subtree of `index`.
    fn hidden_subtree(&mut self, index: usize, name: &str) -> Result<()> {
        let hidden = subtree_size(self.trace, index) - 1;
        writeln!(
            self.text,
            "h{index} [shape=triangle width=0.6 height=0.5 fillcolor=gray92 style=\"filled\" \
             fontsize=10 label={}]\n{name} -> h{index} [style=dashed color=gray40]",
            quote(&format!("\n+{hidden}"))
        )
        .library()
    }

    /// The moves a cut-off at `index` left unexamined, under `name`, each labelled with the
    /// matches it would leave.
    fn unexamined(&mut self, index: usize, name: &str) -> Result<()> {
        let node = &self.trace.nodes()[index];
        let pruned = hex(Palette::PRUNED);
        for (k, take) in node.unexamined.iter().enumerate() {
            let left = node.position.matches_left - take;
            writeln!(
                self.text,
                "x{index}_{k} [shape=plaintext style=\"\" fontcolor={pruned} width=0.3 height=0.3 \
                 label={}]\n{name} -> x{index}_{k} [style=dashed color={pruned}]",
                quote(&format!("{left}?"))
            )
            .library()?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::graphviz::drawn_nodes;
    use super::*;
    use nim_games::matches::TreeSizes;

    /// The drawn tree of each figure has as many visited nodes as the search counted; for
    /// the trees whose size the report prints (section 3.1), that is the recomputed size.
    #[test]
    #[ignore = "needs Graphviz: apt-get install graphviz; run with --include-ignored"]
    fn each_tree_draws_every_visited_node_once() {
        for figure in &FIGURES {
            let game = MatchesGame::new(figure.matches).unwrap();
            let sizes = TreeSizes::measure(&game).unwrap();
            let svg = draw(figure).unwrap();
            let visited = drawn_nodes(&svg, "v");
            let skipped = drawn_nodes(&svg, "s");
            let hidden: usize = hidden_counts(&svg).iter().sum();
            let expected = match figure.search {
                Search::Minimax => sizes.minimax,
                Search::AlphaBeta => sizes.alpha_beta,
                Search::MinimaxPruned => {
                    assert_eq!(visited as u64, sizes.alpha_beta, "{}", figure.title);
                    sizes.minimax
                }
            };
            assert_eq!(
                (visited + skipped + hidden) as u64,
                expected,
                "{}",
                figure.title
            );
            if figure.shown_depth.is_none() {
                assert_eq!(hidden, 0);
            }
        }
    }

    /// The sizes the report prints in section 3.1 are the drawn trees' sizes, except its
    /// declared erratum (n = 7 minimax: printed 15, drawn 52, which the test above checks).
    #[test]
    #[ignore = "needs Graphviz: apt-get install graphviz; run with --include-ignored"]
    fn the_drawn_trees_have_the_printed_sizes() {
        let rows = super::super::transcription("matches").unwrap().rows;
        let mut compared = 0;
        for row in rows.iter().filter(|row| row.table == "3.1") {
            let matches: u32 = row.row.trim_start_matches("n=").parse().unwrap();
            let search = match row.column.as_str() {
                "minimax-size" => Search::Minimax,
                _ => Search::AlphaBeta,
            };
            let Some(figure) = FIGURES
                .iter()
                .find(|f| f.matches == matches && f.search == search)
            else {
                continue;
            };
            let svg = draw(figure).unwrap();
            let drawn = drawn_nodes(&svg, "v") + hidden_counts(&svg).iter().sum::<usize>();
            let printed = row.printed_value().unwrap().unwrap();
            let drawn = num_rational::BigRational::from_integer(drawn.into());
            if row.erratum.is_none() {
                assert_eq!(drawn, printed, "{}", figure.title);
                compared += 1;
            } else {
                assert_ne!(drawn, printed, "{}", figure.title);
            }
        }
        assert_eq!(compared, 4, "n = 15 minimax, n = 7, 15, 21 alpha-beta");
    }

    /// Alpha-beta's cut-offs are drawn as in the report's walk-through of n = 5: 5 → 2 → 1;
    /// 3 → 1, the rest of 3 pruned (the move to 2); 4 → 1, the rest of 4 pruned (to 3, 2).
    #[test]
    #[ignore = "needs Graphviz: apt-get install graphviz; run with --include-ignored"]
    fn the_cutoffs_of_the_walk_through_are_marked() {
        let svg = draw(&FIGURES[2]).unwrap();
        assert_eq!(drawn_nodes(&svg, "v"), 7);
        assert_eq!(drawn_nodes(&svg, "x"), 3);
    }

    /// The `+k` labels of the hidden subtrees.
    fn hidden_counts(svg: &str) -> Vec<usize> {
        svg.split("<title>h")
            .skip(1)
            .map(|node| {
                let label = node.split('+').nth(1).unwrap();
                label[..label.find('<').unwrap()].parse().unwrap()
            })
            .collect()
    }
}
