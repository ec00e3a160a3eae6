//! Johnson's memo (MIT AI Memo 205): the exact tables, the printed claims and the Monte
//! Carlo figures.

mod claims;
mod exact;
mod monte_carlo;

pub use monte_carlo::recompute;
