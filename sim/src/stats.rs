//! Running tallies and the Wilson score interval.

/// The 95% Wilson score interval for `successes` out of `n` (fractional successes allowed, as
/// for shared wins). Returns `(low, high)` with `0 <= low <= high <= 1`: `(0, 1)` when `n` is
/// 0 (or not a finite positive number), and a share outside `0..=1` (rounding) is clamped.
///
/// ```
/// let (lo, hi) = cardsim_sim::wilson_interval(50.0, 100.0);
/// assert!((lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3);
/// assert_eq!(cardsim_sim::wilson_interval(3.0, 0.0), (0.0, 1.0));
/// ```
pub fn wilson_interval(successes: f64, n: f64) -> (f64, f64) {
    let p = successes / n;
    if !(n > 0.0 && n.is_finite() && p.is_finite()) {
        return (0.0, 1.0);
    }
    const Z: f64 = 1.959_963_984_540_054;
    let p = p.clamp(0.0, 1.0);
    let z2 = Z * Z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = Z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    let (lo, hi) = ((centre - half).clamp(0.0, p), (centre + half).clamp(p, 1.0));
    if lo.is_nan() || hi.is_nan() {
        // `n` so small (far below one trial) that the terms overflow.
        return (0.0, 1.0);
    }
    (lo, hi)
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

/// A running mean with its 95% normal-approximation interval, over samples added one at a
/// time (Welford's update, numerically stable over millions of games).
///
/// ```
/// let mut m = cardsim_sim::MeanInterval::default();
/// for x in [1.0, 2.0, 3.0, 4.0] {
///     m.add(x);
/// }
/// assert_eq!(m.mean(), 2.5);
/// let (lo, hi) = m.interval();
/// assert!((hi - lo - 2.0 * 1.959964 * (5.0f64 / 3.0 / 4.0).sqrt()).abs() < 1e-6);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct MeanInterval {
    n: u64,
    mean: f64,
    m2: f64,
}

impl MeanInterval {
    /// Adds one sample.
    pub fn add(&mut self, x: f64) {
        self.n += 1;
        let d = x - self.mean;
        self.mean += d / self.n as f64;
        self.m2 += d * (x - self.mean);
    }

    /// Samples added.
    pub fn count(&self) -> u64 {
        self.n
    }

    /// The mean (0 with no samples).
    pub fn mean(&self) -> f64 {
        self.mean
    }

    /// The 95% interval of the mean, `mean -+ 1.96 s / sqrt(n)` with the sample standard
    /// deviation `s`; the mean itself at both ends with fewer than two samples.
    pub fn interval(&self) -> (f64, f64) {
        if self.n < 2 {
            return (self.mean, self.mean);
        }
        const Z: f64 = 1.959_963_984_540_054;
        let var = (self.m2 / (self.n - 1) as f64).max(0.0);
        let half = Z * (var / self.n as f64).sqrt();
        (self.mean - half, self.mean + half)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mean_interval_matches_a_direct_computation() {
        let xs = [3.0, -1.0, 4.0, 1.0, -5.0, 9.0, 2.0, 6.0];
        let mut m = MeanInterval::default();
        xs.iter().for_each(|&x| m.add(x));
        let n = xs.len() as f64;
        let mean = xs.iter().sum::<f64>() / n;
        let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0);
        let (lo, hi) = m.interval();
        assert!((m.mean() - mean).abs() < 1e-12);
        assert!((hi - mean - 1.959963984540054 * (var / n).sqrt()).abs() < 1e-12);
        assert!((mean - lo - (hi - mean)).abs() < 1e-12);
        assert_eq!(m.count(), 8);
    }

    use proptest::prelude::*;

    /// `n` samples of one kind: 0 all losses, 1 all wins, 2 all draws (half a win each), 3
    /// alternating wins and losses.
    fn edge_sample(kind: u8, n: u64) -> Vec<f64> {
        (0..n)
            .map(|k| match kind {
                0 => 0.0,
                1 => 1.0,
                2 => 0.5,
                _ => (k % 2) as f64,
            })
            .collect()
    }

    proptest! {
        #[test]
        fn wilson_is_a_share_interval_around_the_share(n in 0u64..10_000_000, frac in 0.0f64..=1.0) {
            let n = n as f64;
            let s = frac * n;
            let (lo, hi) = wilson_interval(s, n);
            prop_assert!(0.0 <= lo && lo <= hi && hi <= 1.0, "{lo} {hi}");
            if n > 0.0 {
                prop_assert!(lo <= frac + 1e-12 && frac <= hi + 1e-12, "{frac} [{lo}, {hi}]");
            }
        }

        #[test]
        fn wilson_of_any_numbers_is_a_share_interval(s in any::<f64>(), n in any::<f64>()) {
            let (lo, hi) = wilson_interval(s, n);
            prop_assert!(0.0 <= lo && lo <= hi && hi <= 1.0, "{s} {n}: {lo} {hi}");
        }

        #[test]
        fn edge_samples_give_finite_shares_and_intervals(kind in 0u8..4, n in 0u64..300) {
            let xs = edge_sample(kind, n);
            let mut tally = Tally::default();
            let mut mean = MeanInterval::default();
            for &x in &xs {
                tally.add(x, 10.0 * x - 3.0, if x > 0.5 { 1 } else { 2 });
                mean.add(x);
            }
            let rate = tally.win_rate();
            let (lo, hi) = tally.interval();
            prop_assert!((0.0..=1.0).contains(&rate));
            prop_assert!(0.0 <= lo && lo <= rate && rate <= hi && hi <= 1.0);
            prop_assert!(tally.mean_score().is_finite() && tally.mean_place().is_finite());
            let (mlo, mhi) = mean.interval();
            prop_assert!(mlo.is_finite() && mhi.is_finite() && mlo <= mean.mean() && mean.mean() <= mhi);
            if n == 0 {
                prop_assert_eq!((lo, hi), (0.0, 1.0));
            } else if kind == 1 {
                prop_assert_eq!((rate, hi), (1.0, 1.0));
            } else if kind == 0 {
                prop_assert_eq!((rate, lo), (0.0, 0.0));
            } else if kind == 2 {
                prop_assert_eq!((mlo, mhi), (0.5, 0.5)); // no spread
            }
        }
    }

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
