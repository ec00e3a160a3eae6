//! Random minimaxing as a player of real games (beyond the paper; Beal and Smith's
//! experiments).
//!
//! At every decision the player searches the game tree `depth` plies deep, scores the leaves,
//! backs the scores up by minimax (it maximises at its own turns, minimises at its
//! opponent's) and plays one of the moves of highest backed-up score, chosen uniformly at
//! random. Three [`Evaluation`]s score the leaves:
//!
//! - [`Evaluation::Paper`], Levene and Fenner's model: every leaf, terminal or not, a fresh
//!   score uniform on {1, …, α};
//! - [`Evaluation::Random`], Beal and Smith's *lookahead-random*: the same random scores,
//!   but a terminal position is scored by its outcome — a win above every random score, a
//!   loss below every one, a draw in the middle;
//! - [`Evaluation::Zero`], Beal and Smith's control, *lookahead-zero*: terminal positions by
//!   outcome, every other leaf alike (0 in their terms, the draw's score here), so the player
//!   sees wins and losses inside its horizon and nothing else;
//! - [`Evaluation::Material`] and [`Evaluation::MaterialRandom`], for games with a
//!   material balance ([`Game::material`]: chess): Beal and Smith's material-only program, and the same
//!   with a random component below one pawn added. [`RandomMinimax::uniform`] looks no move
//!   ahead at all.
//!
//! Levene and Fenner show that random scores make the player prefer moves with more options
//! below them; Beal and Smith found that lookahead-random beats lookahead-zero, which is the
//! same claim measured in real games.
//!
//! # Pruned search with the full-width distribution
//!
//! The player searches with alpha-beta ([`Search::Pruned`], the default) and draws a leaf's
//! score only when the search reaches it. At the root every move is searched with the window
//! (best so far − 1, ∞), so a move that ties the best is still found exactly and the ties are
//! broken uniformly. The scores of the leaves it reaches are independent and uniform, drawn in
//! the order it reaches them, and the leaves it skips cannot change which moves are best, so
//! the chosen move has exactly the distribution of the full-width search
//! ([`Search::FullWidth`], kept as the reference), which scores every leaf. Tests compare the
//! two by a chi-square test and the pruned player with the exact prob(n) of the counting
//! functions.

use std::fmt;
use std::ops::Neg;

use game_core::random::SeededRng;
use game_core::{Game, Outcome, Player, Turn};
use rand::{Rng, RngExt};

/// The largest α: scores 2·{1, …, α} and a win at 2α + 2 must fit in an `i64`.
pub const MAX_ALPHA: u64 = 1 << 61;

/// The name of [`RandomMinimax::uniform`] on the command line and in results.
pub const UNIFORM: &str = "uniform";

/// How the leaves of the search are scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Evaluation {
    /// Every leaf, terminal or not, at random (Levene and Fenner's model); `paper` on the
    /// command line.
    Paper,
    /// Terminal positions by their outcome, the other leaves at random (Beal and Smith's
    /// lookahead-random); `random` on the command line.
    Random,
    /// Terminal positions by their outcome, the other leaves all alike (Beal and Smith's
    /// lookahead-zero, the control); `zero` on the command line.
    Zero,
    /// Terminal positions by their outcome, the other leaves by material balance
    /// ([`Game::material`]: 1, 3, 3, 5, 9 in chess), so the root's ties are broken uniformly;
    /// `material` on the command line. Beal and Smith's material-only program.
    Material,
    /// [`Evaluation::Material`] plus a uniform random component on {0, …, 2^20 − 1}/2^20
    /// of a unit of material: it breaks every tie between equal material and never
    /// outweighs one pawn; `material+random` on the command line. Beal and Smith's program
    /// with a random component added.
    MaterialRandom,
}

/// A game whose positions have a material balance: kept so that code naming it still
/// compiles. The balance is now [`Game::material`], which every game has (`None` unless the
/// game says otherwise), so the random-minimax player needs no trait beyond [`Game`].
///
/// ```
/// use minimax_random::Game;
/// use minimax_random::games::Chess;
///
/// let chess = Chess::default();
/// assert_eq!(chess.material(&chess.initial_position()), Some(0));
/// ```
#[deprecated(
    since = "0.3.0",
    note = "the material balance is `Game::material`; implement it in the game's `impl Game`"
)]
pub trait Material: Game {}

/// A player of a two-player game without chance: at a position where it is to move, it
/// chooses a move, drawing whatever randomness it uses from `rng`.
///
/// The matches, lines and mobility measures of this crate ([`crate::tournament`],
/// [`crate::line`], [`crate::mobility`]) take any `GamePlayer`, so a player with an
/// evaluation or a search of one's own plays them as [`RandomMinimax`] does. Game *i* of a
/// match gives its players stream *i* of the match's seed, so a player that draws only from
/// `rng` makes the match reproducible.
///
/// ```
/// use minimax_random::games::ConnectFour;
/// use minimax_random::player::{GamePlayer, PlayerError, RandomMinimax};
/// use minimax_random::tournament::play_match;
/// use minimax_random::{Game, SeededRng};
///
/// /// Plays the leftmost legal column: a player with no search at all.
/// struct Leftmost;
///
/// impl<G: Game> GamePlayer<G> for Leftmost {
///     fn name(&self) -> String {
///         "leftmost".to_owned()
///     }
///     fn choose(
///         &self,
///         game: &G,
///         position: &G::Position,
///         _rng: &mut SeededRng,
///     ) -> Result<G::Move, PlayerError> {
///         game.legal_moves(position).into_iter().next().ok_or(PlayerError::Terminal)
///     }
/// }
///
/// let searcher = RandomMinimax::parse("random:2", 100)?;
/// let result = play_match(&ConnectFour, &Leftmost, &searcher, 10, 1995)?;
/// assert!(result.b_wins > result.a_wins);
/// # Ok::<(), PlayerError>(())
/// ```
pub trait GamePlayer<G: Game> {
    /// The player's name in results (a line's `a` and `b`, a mobility measure's `player`).
    fn name(&self) -> String;

    /// The move to play at `position`, where this player is to move.
    ///
    /// # Errors
    ///
    /// A [`PlayerError`]: [`PlayerError::Terminal`] at a terminal position, or whatever
    /// stops the player (a chance node, a game it cannot score).
    fn choose(
        &self,
        game: &G,
        position: &G::Position,
        rng: &mut SeededRng,
    ) -> Result<G::Move, PlayerError>;
}

/// The random-minimax player as a [`GamePlayer`]: its name is `EVALUATION:DEPTH` or
/// `uniform`, its move [`RandomMinimax::choose`]'s.
impl<G: Game> GamePlayer<G> for RandomMinimax {
    fn name(&self) -> String {
        self.to_string()
    }

    fn choose(
        &self,
        game: &G,
        position: &G::Position,
        rng: &mut SeededRng,
    ) -> Result<G::Move, PlayerError> {
        RandomMinimax::choose(self, game, position, rng)
    }
}

/// One unit of material on the material players' scale: the random component of
/// [`Evaluation::MaterialRandom`] stays below it.
const MATERIAL_UNIT: i64 = 1 << 20;

/// A win for the material players, above any material balance (at most 39 + 8 · 8 units).
const MATERIAL_WIN: i64 = 1 << 40;

impl Evaluation {
    /// Every evaluation, in the order of [`Evaluation::name`]'s list.
    pub const ALL: [Evaluation; 5] = [
        Evaluation::Paper,
        Evaluation::Random,
        Evaluation::Zero,
        Evaluation::Material,
        Evaluation::MaterialRandom,
    ];

    /// The name used on the command line and in results: `paper`, `random`, `zero`,
    /// `material` or `material+random`; [`str::parse`] reads it back.
    pub fn name(self) -> &'static str {
        match self {
            Evaluation::Paper => "paper",
            Evaluation::Random => "random",
            Evaluation::Zero => "zero",
            Evaluation::Material => "material",
            Evaluation::MaterialRandom => "material+random",
        }
    }

    /// Whether the leaves are scored by [`Game::material`].
    pub fn uses_material(self) -> bool {
        matches!(self, Evaluation::Material | Evaluation::MaterialRandom)
    }
}

impl std::str::FromStr for Evaluation {
    type Err = PlayerError;

    /// The evaluation called `name` ([`Evaluation::name`]).
    ///
    /// ```
    /// use minimax_random::player::Evaluation;
    /// assert_eq!("material+random".parse(), Ok(Evaluation::MaterialRandom));
    /// assert!("deep".parse::<Evaluation>().is_err());
    /// ```
    fn from_str(name: &str) -> Result<Self, PlayerError> {
        Evaluation::ALL
            .into_iter()
            .find(|evaluation| evaluation.name() == name)
            .ok_or_else(|| PlayerError::UnknownEvaluation(name.to_string()))
    }
}

impl fmt::Display for Evaluation {
    /// Its name ([`Evaluation::name`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How the tree is searched; both give the chosen move the same distribution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Search {
    /// Alpha-beta, each leaf scored when reached (the default).
    Pruned,
    /// Every leaf scored (the reference the pruned search is tested and timed against).
    FullWidth,
}

/// Invalid player parameters, or a game it cannot play.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayerError {
    /// The search must look at least one ply ahead.
    #[error("the search depth must be at least 1")]
    ZeroDepth,
    /// Scores are drawn from {1, …, α}, α ≥ 1.
    #[error("alpha must be at least 1")]
    ZeroAlpha,
    /// α above [`MAX_ALPHA`].
    #[error("alpha {0} is above the largest supported, 2^61")]
    AlphaTooLarge(u64),
    /// Not one of `paper`, `random`, `zero`, `material`, `material+random`.
    #[error("unknown evaluation {0:?}: expected paper, random, zero, material or material+random")]
    UnknownEvaluation(String),
    /// A player is written `EVALUATION:DEPTH`, such as `paper:4`, or `uniform`.
    #[error("cannot read the player {0:?}: expected EVALUATION:DEPTH, such as paper:4, or uniform")]
    Unreadable(String),
    /// The position is terminal: there is no move to choose.
    #[error("the position is terminal")]
    Terminal,
    /// A material player met a game without material ([`Game::material`] is `None`).
    #[error("the game has no material balance, which the material players score")]
    NoMaterial,
    /// The player searches games without chance nodes only.
    #[error("the game has chance nodes, which random minimaxing does not search")]
    ChanceNode,
}

/// A random-minimax player: search depth δ, scores uniform on {1, …, α}, an evaluation and
/// a search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RandomMinimax {
    depth: u32,
    alpha: u64,
    evaluation: Evaluation,
    search: Search,
}

impl RandomMinimax {
    /// The player searching `depth` plies with scores from {1, …, `alpha`}, by alpha-beta.
    ///
    /// # Errors
    ///
    /// [`PlayerError::ZeroDepth`], [`PlayerError::ZeroAlpha`],
    /// [`PlayerError::AlphaTooLarge`].
    pub fn new(depth: u32, alpha: u64, evaluation: Evaluation) -> Result<Self, PlayerError> {
        if depth == 0 {
            return Err(PlayerError::ZeroDepth);
        }
        if alpha == 0 {
            return Err(PlayerError::ZeroAlpha);
        }
        if alpha > MAX_ALPHA {
            return Err(PlayerError::AlphaTooLarge(alpha));
        }
        Ok(RandomMinimax {
            depth,
            alpha,
            evaluation,
            search: Search::Pruned,
        })
    }

    /// The player written `EVALUATION:DEPTH` (`paper:4`, `random:2`, `zero:5`), scores from
    /// {1, …, `alpha`}, or `uniform` ([`RandomMinimax::uniform`]).
    ///
    /// # Errors
    ///
    /// [`PlayerError::Unreadable`], [`PlayerError::UnknownEvaluation`], and those of
    /// [`RandomMinimax::new`].
    ///
    /// # Examples
    ///
    /// ```
    /// use minimax_random::player::{Evaluation, MAX_ALPHA, RandomMinimax};
    ///
    /// let player = RandomMinimax::parse("zero:3", MAX_ALPHA).unwrap();
    /// assert_eq!((player.evaluation(), player.depth()), (Evaluation::Zero, 3));
    /// assert_eq!(player.to_string(), "zero:3");
    /// assert!(RandomMinimax::parse("paper", 10).is_err());
    /// ```
    pub fn parse(spec: &str, alpha: u64) -> Result<Self, PlayerError> {
        if spec == UNIFORM {
            return Ok(RandomMinimax::uniform());
        }
        let unreadable = || PlayerError::Unreadable(spec.to_string());
        let (evaluation, depth) = spec.split_once(':').ok_or_else(unreadable)?;
        let depth = depth.parse().map_err(|_| unreadable())?;
        RandomMinimax::new(depth, alpha, evaluation.parse()?)
    }

    /// The player that looks no move ahead (δ = 0): every legal move has the same backed-up
    /// score, so it plays one uniformly at random, the baseline of Beal and Smith's second
    /// claim. Written `uniform`; its evaluation and α play no part.
    ///
    /// ```
    /// use minimax_random::player::RandomMinimax;
    ///
    /// let uniform = RandomMinimax::parse("uniform", 10).unwrap();
    /// assert_eq!((uniform.depth(), uniform.to_string()), (0, "uniform".to_owned()));
    /// ```
    pub fn uniform() -> Self {
        RandomMinimax {
            depth: 0,
            alpha: 1,
            evaluation: Evaluation::Zero,
            search: Search::Pruned,
        }
    }

    /// The same player searching full width, scoring every leaf.
    #[must_use]
    pub fn full_width(self) -> Self {
        RandomMinimax {
            search: Search::FullWidth,
            ..self
        }
    }

    /// The search depth δ (0 for [`RandomMinimax::uniform`]).
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// α: random scores are uniform on {1, …, α}.
    pub fn alpha(&self) -> u64 {
        self.alpha
    }

    /// How the leaves are scored.
    pub fn evaluation(&self) -> Evaluation {
        self.evaluation
    }

    /// How the tree is searched.
    pub fn search(&self) -> Search {
        self.search
    }

    /// The move chosen at `position`, with fresh scores drawn from `rng`: one of
    /// [`RandomMinimax::best_moves`], uniformly at random.
    ///
    /// # Errors
    ///
    /// [`PlayerError::Terminal`] at a terminal position, [`PlayerError::ChanceNode`] when
    /// the search meets a chance node.
    ///
    /// # Examples
    ///
    /// ```
    /// use minimax_random::{Game, seeded_stream};
    /// use minimax_random::games::ConnectFour;
    /// use minimax_random::player::{Evaluation, RandomMinimax};
    ///
    /// let player = RandomMinimax::new(2, 10, Evaluation::Random).unwrap();
    /// let game = ConnectFour;
    /// let column = player
    ///     .choose(&game, &game.initial_position(), &mut seeded_stream(7, 0))
    ///     .unwrap();
    /// assert!(column < 7);
    /// ```
    pub fn choose<G: Game, R: Rng>(
        &self,
        game: &G,
        position: &G::Position,
        rng: &mut R,
    ) -> Result<G::Move, PlayerError> {
        let mut best = self.best_moves(game, position, rng)?;
        let pick = rng.random_range(0..best.len());
        Ok(best.swap_remove(pick))
    }

    /// Every move of highest backed-up score at `position`, in the game's move order, for
    /// one fresh draw of the scores from `rng`. Under the paper's model, the chance that
    /// move n is among them is Levene and Fenner's prob(n).
    ///
    /// # Errors
    ///
    /// [`PlayerError::Terminal`] at a terminal position, [`PlayerError::ChanceNode`] when
    /// the search meets a chance node.
    pub fn best_moves<G: Game, R: Rng>(
        &self,
        game: &G,
        position: &G::Position,
        rng: &mut R,
    ) -> Result<Vec<G::Move>, PlayerError> {
        if game.is_terminal(position) {
            return Err(PlayerError::Terminal);
        }
        let mut decision = Decision {
            game,
            player: self,
            me: mover(game, position)?,
            rng,
        };
        if self.depth == 0 {
            return Ok(game.legal_moves(position));
        }
        let mut best: Vec<G::Move> = Vec::new();
        let mut best_score = i64::MIN;
        for mv in game.legal_moves(position) {
            let child = game.play(position, &mv);
            let score = match self.search {
                // A move scoring below the best cannot be chosen; one below keeps ties exact.
                Search::Pruned => decision.alpha_beta(
                    &child,
                    self.depth - 1,
                    best_score.saturating_sub(1),
                    i64::MAX,
                )?,
                Search::FullWidth => decision.full_width(&child, self.depth - 1)?,
            };
            if score > best_score {
                best_score = score;
                best.clear();
            }
            if score == best_score {
                best.push(mv);
            }
        }
        Ok(best)
    }

    /// The score of a draw, α + 1: between the random scores 2·{1, …, α}, which are doubled
    /// so that it can sit in the middle.
    fn draw_score(&self) -> i64 {
        if self.evaluation.uses_material() {
            // Even material, in the middle of the random component's range.
            MATERIAL_UNIT / 2
        } else {
            self.alpha as i64 + 1
        }
    }

    /// A terminal position's score by its outcome for the player deciding: above every
    /// random score for a win, below for a loss, the middle for a draw.
    fn outcome_score(&self, outcome: Outcome) -> i64 {
        let win = if self.evaluation.uses_material() {
            MATERIAL_WIN
        } else {
            2 * self.alpha as i64 + 2
        };
        match outcome {
            Outcome::Win => win,
            Outcome::Loss => {
                if self.evaluation.uses_material() {
                    -win
                } else {
                    0
                }
            }
            Outcome::Draw => self.draw_score(),
        }
    }
}

impl fmt::Display for RandomMinimax {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.depth == 0 {
            return f.write_str(UNIFORM);
        }
        write!(f, "{}:{}", self.evaluation.name(), self.depth)
    }
}

/// The player to act at a non-terminal `position`.
fn mover<G: Game>(game: &G, position: &G::Position) -> Result<Player, PlayerError> {
    match game.turn(position) {
        Turn::Player(player) => Ok(player),
        Turn::Chance => Err(PlayerError::ChanceNode),
    }
}

/// One decision's search: the game, the player, whose decision it is, and the source of
/// the scores.
struct Decision<'a, G, R> {
    game: &'a G,
    player: &'a RandomMinimax,
    me: Player,
    rng: &'a mut R,
}

impl<G: Game, R: Rng> Decision<'_, G, R> {
    /// A fresh random score, 2·U{1, …, α}. When α is a power of two (2^61 by default) the
    /// draw is the top log2(α) bits of one 64-bit word, exactly uniform and the cheapest
    /// draw there is; otherwise `rand`'s unbiased `random_range`.
    fn random_score(&mut self) -> i64 {
        let alpha = self.player.alpha;
        let draw = if alpha.is_power_of_two() {
            // Two shifts, so that α = 1 (shift by 64 in one) keeps only the constant 1.
            (self.rng.next_u64() >> 1 >> (63 - alpha.trailing_zeros())) + 1
        } else {
            self.rng.random_range(1..=alpha)
        };
        2 * draw as i64
    }

    /// The score of a position at the horizon. Under the paper's model it does not matter
    /// whether the position is terminal, so that is not asked.
    fn horizon_score(&mut self, position: &G::Position) -> Result<i64, PlayerError> {
        if self.player.evaluation == Evaluation::Paper {
            return Ok(self.random_score());
        }
        if let Some(value) = self.game.terminal_value(position) {
            return Ok(self.terminal_score(&value));
        }
        Ok(match self.player.evaluation {
            Evaluation::Zero => self.player.draw_score(),
            Evaluation::Material => self.material_score(position)? + MATERIAL_UNIT / 2,
            Evaluation::MaterialRandom => {
                self.material_score(position)? + self.rng.random_range(0..MATERIAL_UNIT)
            }
            Evaluation::Paper | Evaluation::Random => self.random_score(),
        })
    }

    /// The material balance from the searching player's point of view, in
    /// [`MATERIAL_UNIT`]s.
    fn material_score(&self, position: &G::Position) -> Result<i64, PlayerError> {
        let first = self
            .game
            .material(position)
            .ok_or(PlayerError::NoMaterial)?;
        let mine = if self.me == Player::First {
            first
        } else {
            -first
        };
        Ok(i64::from(mine) * MATERIAL_UNIT)
    }

    /// The score of a terminal position inside the horizon.
    fn terminal_score(&mut self, value: &G::Value) -> i64 {
        match self.player.evaluation {
            Evaluation::Paper => self.random_score(),
            _ => self
                .player
                .outcome_score(Outcome::for_player(winner(value), self.me)),
        }
    }

    /// The backed-up score of a node one ply above the horizon under the paper's model,
    /// whose children are all leaves scored at random: only their number matters, so they
    /// are neither generated nor played, and the scores are drawn until one cuts off.
    fn random_leaves(&mut self, position: &G::Position, node: &Node) -> i64 {
        let count = self.game.move_count(position);
        if count == 0 {
            return self.player.draw_score();
        }
        let mut best = self.random_score();
        for _ in 1..count {
            let cut_off = if node.maximising {
                best >= node.beta
            } else {
                best <= node.alpha
            };
            if cut_off {
                break;
            }
            let score = self.random_score();
            best = if node.maximising {
                best.max(score)
            } else {
                best.min(score)
            };
        }
        best
    }

    /// The backed-up score of `position`, `depth` plies from the horizon, every leaf scored.
    fn full_width(&mut self, position: &G::Position, depth: u32) -> Result<i64, PlayerError> {
        if depth == 0 {
            return self.horizon_score(position);
        }
        if let Some(value) = self.game.terminal_value(position) {
            return Ok(self.terminal_score(&value));
        }
        let mut node = Node::new(mover(self.game, position)? == self.me, i64::MIN, i64::MAX);
        for mv in self.game.legal_moves(position) {
            node.take(self.full_width(&self.game.play(position, &mv), depth - 1)?);
        }
        Ok(node.value(self.player.draw_score()))
    }

    /// The backed-up score of `position` by alpha-beta in the window (`alpha`, `beta`):
    /// exact inside it, at most `alpha` when the score is, at least `beta` when the score is.
    fn alpha_beta(
        &mut self,
        position: &G::Position,
        depth: u32,
        alpha: i64,
        beta: i64,
    ) -> Result<i64, PlayerError> {
        if depth == 0 {
            return self.horizon_score(position);
        }
        if let Some(value) = self.game.terminal_value(position) {
            return Ok(self.terminal_score(&value));
        }
        let mut node = Node::new(mover(self.game, position)? == self.me, alpha, beta);
        if depth == 1 && self.player.evaluation == Evaluation::Paper {
            return Ok(self.random_leaves(position, &node));
        }
        let game = self.game;
        for child in game.children(position) {
            let (alpha, beta) = node.window();
            if node.take(self.alpha_beta(&child, depth - 1, alpha, beta)?) {
                break;
            }
        }
        Ok(node.value(self.player.draw_score()))
    }
}

/// A node being searched: the best score of its children so far for the side to move, and
/// the alpha-beta window.
struct Node {
    maximising: bool,
    best: Option<i64>,
    alpha: i64,
    beta: i64,
}

impl Node {
    fn new(maximising: bool, alpha: i64, beta: i64) -> Self {
        Node {
            maximising,
            best: None,
            alpha,
            beta,
        }
    }

    /// The window for the next child.
    fn window(&self) -> (i64, i64) {
        (self.alpha, self.beta)
    }

    /// Takes a child's score; true when the other children cannot change the node's score
    /// within the window (a cut-off).
    fn take(&mut self, score: i64) -> bool {
        let best = match self.best {
            None => score,
            Some(best) if self.maximising => best.max(score),
            Some(best) => best.min(score),
        };
        self.best = Some(best);
        if self.maximising {
            self.alpha = self.alpha.max(best);
        } else {
            self.beta = self.beta.min(best);
        }
        self.alpha >= self.beta
    }

    /// The node's score; `if_no_child` for a position without moves that the game does not
    /// call terminal.
    fn value(&self, if_no_child: i64) -> i64 {
        self.best.unwrap_or(if_no_child)
    }
}

/// Who won a game that ended with `value`, the first player's: the first player when the
/// value is above its negation, the second when below, nobody when equal.
pub(crate) fn winner<V: PartialOrd + Neg<Output = V> + Clone>(value: &V) -> Option<Player> {
    let negated = -value.clone();
    if *value > negated {
        Some(Player::First)
    } else if *value < negated {
        Some(Player::Second)
    } else {
        None
    }
}
