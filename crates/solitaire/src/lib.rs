//! Johnson's Tree Solitaire and its look-ahead strategies.
//!
//! Planned content (issue "tree-gen and solitaire"): D. S. Johnson, *Look-ahead strategies in
//! one person games with randomly generated game trees*, MIT AI Memo 205 (1970), chapters 1,
//! 2, 4, 5, 6 and Appendix B — the dependent (TSD) and independent (TSI) games, the
//! strategies NOSTRAT, STRAT, HSTRAT, LSTRAT, 2HSTRAT, 2LSTRAT, BSTRAT, XHSTRAT/XLSTRAT and
//! their limits, the non-ordinal B'STRAT and H'STRAT, Papert's best-first look-ahead, and a
//! seeded, thread-count-independent Monte Carlo engine.
//!
//! This crate is a placeholder until that issue lands: it builds, and exports nothing yet.
