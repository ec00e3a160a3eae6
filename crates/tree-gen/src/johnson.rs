//! Johnson's random binary trees (MIT AI Memo 205, chapter 1), generated on demand.

use crate::key::{NodeRng, node_key, tree_key, uniform_from_salted};
use crate::params::{TreeParams, Valuation};

/// What a node's uniform numbers decide, one number each, and the salts that separate them.
mod purpose {
    use crate::key::purpose_salt;

    /// Whether the node is an endpoint (probability *E*).
    pub const ENDPOINT: u64 = 0;
    /// The split ratio *R* of a split point.
    pub const RATIO: u64 = 1;
    /// In TSD, whether the single win, if below this split point, is below its high branch.
    pub const WIN_BRANCH: u64 = 2;
    /// In TSI, whether this endpoint is a win.
    pub const INDEPENDENT_WIN: u64 = 3;
    /// In game 3, the shift of the high and of the low branch (before ordering).
    pub const SHIFTS: u64 = 5;

    pub const ENDPOINT_SALT: u64 = purpose_salt(ENDPOINT);
    pub const WIN_BRANCH_SALT: u64 = purpose_salt(WIN_BRANCH);
    pub const INDEPENDENT_WIN_SALT: u64 = purpose_salt(INDEPENDENT_WIN);
}

/// One game tree of the class `params`: game `game` under `seed`.
#[derive(Debug, Clone, Copy)]
pub struct JohnsonTree<'p> {
    params: &'p TreeParams,
    root_key: u64,
}

/// A point of the tree and everything a look at it reveals.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Node {
    /// The key its randomness comes from (a function of seed, game and path).
    pub key: u64,
    /// Its value: 1 at the root, *R·X* and *(1 − R)·X* at the branches of a split of *X*.
    pub value: f64,
    /// Whether it is an endpoint (an E) rather than a split point (an S).
    pub is_endpoint: bool,
    /// Whether the single win of the dependent game (TSD) lies on this node's path: true at
    /// the root, and at a child when its parent is on it and the win goes that way.
    pub on_win_path: bool,
    /// Moves from the root.
    pub depth: u32,
}

/// The two branches of a split point, high first.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fork {
    /// The branch with the larger share *R* of the value.
    pub high: Node,
    /// The branch with the share 1 − *R*.
    pub low: Node,
    /// The split ratio *R* of this fork; `None` in game 3, where values shift, not split.
    pub ratio: Option<f64>,
}

impl<'p> JohnsonTree<'p> {
    /// Game `game` of a run with seed `seed`.
    pub fn new(params: &'p TreeParams, seed: u64, game: u64) -> Self {
        JohnsonTree {
            params,
            root_key: tree_key(seed, game),
        }
    }

    /// The parameters of the class the tree belongs to.
    pub fn params(&self) -> &'p TreeParams {
        self.params
    }

    /// The top point: a split point ("start with an initial fork") of value 1 (*T* in
    /// game 3).
    #[inline]
    pub fn root(&self) -> Node {
        let value = match self.params.valuation() {
            Valuation::Split(_) => 1.0,
            Valuation::Shift { top, .. } => *top,
        };
        Node {
            key: self.root_key,
            value,
            is_endpoint: false,
            on_win_path: self.params.has_dependent_form(),
            depth: 0,
        }
    }

    /// The values of the high and the low branch of a split point, without building the
    /// branches; `None` at an endpoint.
    #[inline]
    pub fn branch_values(&self, node: &Node) -> Option<(f64, f64)> {
        self.split(node).map(|(high, low, _)| (high, low))
    }

    /// The branch values of a split point and, when values split, its ratio *R*.
    #[inline]
    fn split(&self, node: &Node) -> Option<(f64, f64, Option<f64>)> {
        if node.is_endpoint {
            return None;
        }
        Some(match self.params.valuation() {
            Valuation::Split(ratio) => {
                let r = ratio.ratio(|| NodeRng::new(node.key, purpose::RATIO));
                (r * node.value, (1.0 - r) * node.value, Some(r))
            }
            Valuation::Shift { shift, .. } => {
                let mut rng = NodeRng::new(node.key, purpose::SHIFTS);
                let (a, b) = (shift.draw(&mut rng), shift.draw(&mut rng));
                (node.value + a.max(b), node.value + a.min(b), None)
            }
        })
    }

    /// The fork below a split point; `None` at an endpoint.
    #[inline]
    pub fn fork(&self, node: &Node) -> Option<Fork> {
        let (high_value, low_value, ratio) = self.split(node)?;
        // Off the win path, neither branch can be on it: no need to draw the branch. (Game 3
        // has no dependent form: its root, and so every node, is off the win path.)
        let win_goes_high = node.on_win_path
            && ratio.is_some_and(|r| uniform_from_salted(node.key, purpose::WIN_BRANCH_SALT) < r);
        let child = |branch: u8, value: f64, win_this_way: bool| {
            let key = node_key(node.key, u64::from(branch));
            Node {
                key,
                value,
                is_endpoint: uniform_from_salted(key, purpose::ENDPOINT_SALT)
                    < self.params.endpoint_probability(),
                on_win_path: win_this_way,
                depth: node.depth + 1,
            }
        };
        Some(Fork {
            high: child(1, high_value, win_goes_high),
            low: child(0, low_value, node.on_win_path && !win_goes_high),
            ratio,
        })
    }

    /// Whether `node` is a win of the dependent game (TSD): the one endpoint the win was
    /// placed at, chosen with probability equal to its value.
    ///
    /// The win is placed by descending from the root, going high at each split with
    /// probability *R*: the chance of reaching an endpoint of value *v* is then the product of
    /// the ratios on its path, which is *v*.
    #[inline]
    pub fn is_dependent_win(&self, node: &Node) -> bool {
        node.is_endpoint && node.on_win_path
    }

    /// Whether `node` is a win of the independent game (TSI, and game 3): an endpoint that
    /// won with probability equal to its value clamped to \[0, 1\], independently of every
    /// other endpoint.
    #[inline]
    pub fn is_independent_win(&self, node: &Node) -> bool {
        node.is_endpoint
            && uniform_from_salted(node.key, purpose::INDEPENDENT_WIN_SALT) < node.value
    }
}
