//! Players, whose turn it is, and how a game ended for a stated player.

/// One of the two players of an alternating game.
///
/// Search values are always stated from [`Player::First`]'s point of view: the first player
/// maximises, the second minimises (the MAX and MIN of the minimax literature).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// The player who moves first from the initial position; MAX in minimax.
    First,
    /// The other player; MIN in minimax.
    Second,
}

impl Player {
    /// The other player.
    ///
    /// ```
    /// use game_core::Player;
    /// assert_eq!(Player::First.opponent(), Player::Second);
    /// ```
    #[must_use]
    pub fn opponent(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// The player to move after `plies` moves of a game the first player starts and the
    /// players alternate in.
    ///
    /// ```
    /// use game_core::Player;
    /// assert_eq!(Player::after(0), Player::First);
    /// assert_eq!(Player::after(7), Player::Second);
    /// ```
    #[must_use]
    pub fn after(plies: u32) -> Player {
        if plies.is_multiple_of(2) {
            Player::First
        } else {
            Player::Second
        }
    }
}

/// Who acts at a position: a player, or chance (a dice roll, a random deal).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Turn {
    /// The named player chooses a move.
    Player(Player),
    /// Chance picks one of the position's chance outcomes with its stated probability.
    Chance,
}

/// How a game ended, from a stated player's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The stated player won.
    Win,
    /// The stated player lost.
    Loss,
    /// Nobody won.
    Draw,
}

impl Outcome {
    /// The outcome for `viewer` of a game won by `winner` (`None` for a draw).
    ///
    /// ```
    /// use game_core::{Outcome, Player};
    /// assert_eq!(Outcome::for_player(Some(Player::First), Player::Second), Outcome::Loss);
    /// assert_eq!(Outcome::for_player(None, Player::First), Outcome::Draw);
    /// ```
    #[must_use]
    pub fn for_player(winner: Option<Player>, viewer: Player) -> Outcome {
        match winner {
            None => Outcome::Draw,
            Some(w) if w == viewer => Outcome::Win,
            Some(_) => Outcome::Loss,
        }
    }

    /// The same game seen by the other player.
    #[must_use]
    pub fn reversed(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Loss => Outcome::Win,
            Outcome::Draw => Outcome::Draw,
        }
    }

    /// The conventional utility: +1 for a win, −1 for a loss, 0 for a draw.
    #[must_use]
    pub fn utility(self) -> i8 {
        match self {
            Outcome::Win => 1,
            Outcome::Loss => -1,
            Outcome::Draw => 0,
        }
    }
}
