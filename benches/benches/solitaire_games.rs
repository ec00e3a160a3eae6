//! LSTRAT games per second at E = .5, A = .75 (TSI, constant ratio), on 1 and on 2 threads.
//! The target is 2·10^7 games per second on this 2-core machine.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use game_core::monte_carlo::MonteCarlo;
use solitaire::Form;
use solitaire::monte_carlo::estimate;
use solitaire::strategies::LowChain;
use std::hint::black_box;
use tree_gen::{SplitRatio, TreeParams};

const GAMES: u64 = 1_000_000;

fn lstrat_games(c: &mut Criterion) {
    let params = TreeParams::new(0.5, SplitRatio::constant(0.75).expect("3/4 is in [1/2, 1]"))
        .expect("E = 1/2 is in (0, 1]");
    let lstrat = LowChain::new(1).expect("one look");
    let run = MonteCarlo::new(1970, GAMES).expect("games > 0");
    let mut group = c.benchmark_group("LSTRAT TSI E=.5 A=.75");
    group.sample_size(10);
    group.throughput(Throughput::Elements(GAMES));
    for threads in [1, 2] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a thread pool");
        group.bench_function(format!("{threads} thread(s)"), |b| {
            b.iter(|| {
                pool.install(|| estimate(black_box(&params), Form::Independent, &lstrat, &run))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, lstrat_games);
criterion_main!(benches);
