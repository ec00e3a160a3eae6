//! Criterion benchmarks of the workspace, kept in their own package so that criterion stays
//! out of the library crates' dependencies. Each file of `benches/benches/` measures one
//! heavy computation; run them with `cargo bench -p benches`.
