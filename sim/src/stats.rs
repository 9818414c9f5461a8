//! Running tallies and the Wilson score interval.

/// The 95% Wilson score interval for `successes` out of `n` (fractional successes allowed, as
/// for shared wins). Returns `(low, high)`; `(0, 1)` when `n` is 0.
///
/// ```
/// let (lo, hi) = cardsim_sim::wilson_interval(50.0, 100.0);
/// assert!((lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3);
/// ```
pub fn wilson_interval(successes: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    const Z: f64 = 1.959_963_984_540_054;
    let p = successes / n;
    let z2 = Z * Z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = Z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Sums over the games one agent or seat took part in.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    /// Games counted.
    pub games: u64,
    /// Sum of win shares.
    pub wins: f64,
    /// Sum of scores.
    pub score: f64,
    /// Sum of places.
    pub place: f64,
}

impl Tally {
    /// Counts one game.
    pub fn add(&mut self, win: f64, score: f64, place: u8) {
        self.games += 1;
        self.wins += win;
        self.score += score;
        self.place += place as f64;
    }
    /// Wins per game.
    pub fn win_rate(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.wins / self.games as f64
        }
    }
    /// The 95% Wilson interval of the win rate.
    pub fn interval(&self) -> (f64, f64) {
        wilson_interval(self.wins, self.games as f64)
    }
    /// Mean score.
    pub fn mean_score(&self) -> f64 {
        self.score / self.games.max(1) as f64
    }
    /// Mean place.
    pub fn mean_place(&self) -> f64 {
        self.place / self.games.max(1) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_reference_values() {
        // Reference: Wilson 1927 / statsmodels proportion_confint(method="wilson").
        let (lo, hi) = wilson_interval(81.0, 263.0);
        assert!((lo - 0.2553).abs() < 1e-4, "{lo}");
        assert!((hi - 0.3662).abs() < 1e-4, "{hi}");
        let (lo, hi) = wilson_interval(0.0, 10.0);
        assert_eq!(lo, 0.0);
        assert!((hi - 0.2775).abs() < 1e-4, "{hi}");
        assert_eq!(wilson_interval(0.0, 0.0), (0.0, 1.0));
    }
}
