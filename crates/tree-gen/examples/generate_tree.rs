//! A random binary game tree of Johnson's class (E, A): each point is an endpoint with
//! chance E, and a split point's two branches share its value in the split ratio A. The
//! same seed gives the same tree on every machine.
//!
//! `cargo run -p tree-gen --example generate_tree`

use tree_gen::{JohnsonTree, Node, SplitRatio, TreeParams};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let params = TreeParams::new(0.5, SplitRatio::constant(0.6)?)?;
    let tree = JohnsonTree::new(&params, 1970, 0);
    print(&tree, &tree.root(), 0);
    Ok(())
}

/// The tree below `node`, high branch first, cut at depth 6.
fn print(tree: &JohnsonTree, node: &Node, depth: usize) {
    let kind = if node.is_endpoint {
        "endpoint"
    } else {
        "split point"
    };
    let win = if node.is_endpoint && node.on_win_path {
        " (the win of TSD)"
    } else {
        ""
    };
    println!("{}{:.4} {kind}{win}", "  ".repeat(depth), node.value);
    if depth == 6 {
        return;
    }
    if let Some(fork) = tree.fork(node) {
        print(tree, &fork.high, depth + 1);
        print(tree, &fork.low, depth + 1);
    }
}
