//! Random game trees for the workspace's look-ahead and minimaxing studies.
//!
//! Planned content (issue "tree-gen and solitaire"): Johnson's random binary trees of MIT AI
//! Memo 205 (1970), chapter 1 — each bottom point of a fork is an endpoint with probability
//! *E*, otherwise a split point whose value *X* splits into *R·X* and *(1 − R)·X* with the
//! split ratio *R* (the constant *A* in \[1/2, 1\] or a random ratio); generated lazily, with
//! the randomness of a node a function of (seed, game index, node path) only. Also finite
//! explicit trees with the bottom-up valuations of chapter 6, and the level-regular and
//! uniform *b*-ary trees with random leaf scores of Levene and Fenner's paper.
//!
//! This crate is a placeholder until that issue lands: it builds, and exports nothing yet.
