//! Random minimaxing: the effect of mobility on minimax with random leaf values.
//!
//! Planned content (issue "minimax-random"): M. Levene and T. I. Fenner, *The effect of
//! mobility on minimaxing of game trees with random leaf values* — level-regular trees, the
//! counting functions EQ, LE, GE, GT (equations 1–4, Lemmas 4.1–4.5, 5.3), prob(n) as an
//! exact fraction (Lemma 5.1), the propagation function (equations 7–13), domination and the
//! domination theorem (6.2), Examples 1 and 2, and Nau's *w_b*; beyond the paper, a
//! random-minimax player for any `game_core::Game`.
//!
//! This crate is a placeholder until that issue lands: it builds, and exports nothing yet.
