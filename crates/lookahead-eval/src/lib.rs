//! Exact evaluation of Tree Solitaire strategies.
//!
//! Planned content (issue "lookahead-eval"): the exact win probability of every strategy of
//! D. S. Johnson's MIT AI Memo 205 (1970), chapters 2–6 and Appendix A — the TSD closed forms
//! of Theorems 3.1–3.3 as rational functions of *E* and *A*, the TSI series with a rigorous
//! tail bound, the paper's own "diagram method" procedure, the depreciation factors of
//! chapter 5 and the variant games of chapter 6 (Tables 6.1, 6.2, Theorem 6.1).
//!
//! This crate is a placeholder until that issue lands: it builds, and exports nothing yet.
