//! The estimate the long tasks print on their progress lines.

/// Seconds left when `done` of `total` units took `elapsed` seconds, at the same rate; 0 while
/// nothing is done (no rate yet).
pub fn seconds_to_go(elapsed: f64, done: f64, total: f64) -> f64 {
    if done > 0.0 {
        elapsed * (total / done - 1.0)
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rest_takes_as_long_as_the_rate_says() {
        assert_eq!(seconds_to_go(10.0, 1.0, 4.0), 30.0);
        assert_eq!(seconds_to_go(10.0, 4.0, 4.0), 0.0);
        assert_eq!(seconds_to_go(10.0, 0.0, 4.0), 0.0);
    }
}
