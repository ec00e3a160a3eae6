//! Races, bear-offs and the doubling cube in backgammon.
//!
//! Planned content (issue "backgammon-cube"): S. I. Dotsenko and A. V. Marynych, *Optimal
//! doubling strategies in backgammon* — the roll distribution (Table 1, equation (1)), the
//! Keeler–Spencer continuous model (Theorems 1 and 2), one-step and two-step games
//! (section 4), bear-off chances (Tables 2 and 3), the single-checker race F(k, s) of section 5
//! (Table 4) and the cube-equity recursion (7)–(15) with Table 5.
//!
//! This crate is a placeholder until that issue lands: it builds, and exports nothing yet.
