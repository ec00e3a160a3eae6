//! Playing one game of Tree Solitaire with a strategy.

use tree_gen::{Fork, JohnsonTree, Node, uniform_from_key};

use crate::strategy::{Branch, Look, LookError, Observation, Strategy};

/// The purpose number of the coin a position offers random strategies (the tree itself uses
/// 0 to 3).
const COIN_PURPOSE: u64 = 4;

/// Which endpoints are wins (Johnson, chapter 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Form {
    /// TSD: exactly one endpoint is a win, chosen with probability equal to its value.
    Dependent,
    /// TSI: each endpoint is a win with probability equal to its value, independently.
    Independent,
}

/// How one game went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameRecord {
    /// Whether the endpoint reached is a win.
    pub won: bool,
    /// Moves made (the depth of the endpoint reached).
    pub moves: u32,
    /// Looks made over the whole game.
    pub looks: u32,
}

/// A game could not be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The strategy looked where it may not.
    #[error(transparent)]
    Look(#[from] LookError),
    /// The dependent form needs values that split (a probability distribution over the
    /// endpoints); game 3's shifted values have none.
    #[error("the dependent form (TSD) does not exist for game 3 trees")]
    NoDependentForm,
}

/// Plays `tree` in `form` with `strategy`, from the top point to an endpoint.
///
/// # Errors
///
/// [`PlayError::NoDependentForm`] for the dependent form on game 3 trees,
/// [`PlayError::Look`] if the strategy looks where it may not.
pub fn play_game(
    tree: &JohnsonTree,
    form: Form,
    strategy: &dyn Strategy,
) -> Result<GameRecord, PlayError> {
    if form == Form::Dependent && !tree.params().has_dependent_form() {
        return Err(PlayError::NoDependentForm);
    }
    Ok(play_game_with(tree, form, &mut Vec::new(), |look| {
        strategy.choose(look)
    })?)
}

/// [`play_game`] with a caller's buffer for the positions seen, so that playing many games
/// allocates once, and the strategy's rule as `choose`, so that a caller that knows the
/// strategy's type can have its looks inlined ([`Strategy::choose_inline`]).
#[inline]
pub(crate) fn play_game_with(
    tree: &JohnsonTree,
    form: Form,
    seen: &mut Vec<u64>,
    mut choose: impl FnMut(&mut TreeLook<'_, '_>) -> Result<Branch, LookError>,
) -> Result<GameRecord, LookError> {
    let mut position = tree.root();
    // TSI never asks where TSD's single win lies: off the win path, the tree does not draw it.
    if form == Form::Independent {
        position.on_win_path = false;
    }
    let mut record = GameRecord {
        won: false,
        moves: 0,
        looks: 0,
    };
    while let Some(fork) = tree.fork(&position) {
        let mut look = TreeLook {
            tree,
            form,
            current: position,
            current_fork: fork,
            seen,
            looks: 0,
        };
        look.seen.clear();
        look.seen.push(position.key);
        let branch = choose(&mut look)?;
        record.looks += look.looks;
        position = match branch {
            Branch::High => fork.high,
            Branch::Low => fork.low,
        };
        record.moves += 1;
    }
    record.won = is_win(tree, form, &position);
    Ok(record)
}

#[inline]
fn is_win(tree: &JohnsonTree, form: Form, node: &Node) -> bool {
    match form {
        Form::Dependent => tree.is_dependent_win(node),
        Form::Independent => tree.is_independent_win(node),
    }
}

/// Looks answered from the tree, allowed only below positions already seen.
pub(crate) struct TreeLook<'a, 't> {
    tree: &'a JohnsonTree<'t>,
    form: Form,
    current: Node,
    /// The fork below the current position, computed once per move.
    current_fork: Fork,
    /// Keys of the positions seen at this move, the current one first.
    seen: &'a mut Vec<u64>,
    looks: u32,
}

impl Look for TreeLook<'_, '_> {
    #[inline]
    fn look(&mut self, path: &[Branch]) -> Result<Observation, LookError> {
        let not_visible = || LookError::NotVisible(path.to_vec());
        if path.is_empty() {
            return Err(not_visible());
        }
        let (&first, rest) = path.split_first().ok_or_else(not_visible)?;
        let mut node = match first {
            Branch::High => self.current_fork.high,
            Branch::Low => self.current_fork.low,
        };
        for &branch in rest {
            if !self.seen.contains(&node.key) {
                return Err(not_visible());
            }
            let fork = self.tree.fork(&node).ok_or_else(not_visible)?;
            node = match branch {
                Branch::High => fork.high,
                Branch::Low => fork.low,
            };
        }
        self.seen.push(node.key);
        self.looks += 1;
        Ok(match self.tree.branch_values(&node) {
            Some((high, low)) => Observation::Split {
                value: node.value,
                high,
                low,
            },
            None => Observation::Endpoint {
                value: node.value,
                win: is_win(self.tree, self.form, &node),
            },
        })
    }

    fn coin(&mut self) -> bool {
        uniform_from_key(self.current.key, COIN_PURPOSE) < 0.5
    }

    fn current(&self) -> Observation {
        Observation::Split {
            value: self.current.value,
            high: self.current_fork.high.value,
            low: self.current_fork.low.value,
        }
    }
}
