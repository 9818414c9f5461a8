//! The order of a race: entries by reaction time, exact ties in a random order.

use crate::game::RaceEntry;
use crate::seat::MAX_SEATS;
use arrayvec::ArrayVec;
use rand::Rng;

/// The indices of `entries` (at most [`MAX_SEATS`] of them are read), fastest reaction first.
/// Entries with exactly equal reaction times come in a uniformly random order drawn from `rng`,
/// never by seat; `rng` is drawn from only when there is such a tie, so races without ties
/// use no randomness.
///
/// ```
/// use cardsim_engine::games::common::fastest_first;
/// use cardsim_engine::{RaceEntry, Seat};
/// use rand::SeedableRng;
/// let e = |seat, reaction| RaceEntry { seat: Seat::new(seat), action: (), reaction };
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// let order = fastest_first(&[e(0, 0.5), e(1, 0.25), e(2, 0.75)], &mut rng);
/// assert_eq!(order.as_slice(), [1, 0, 2]);
/// ```
pub fn fastest_first<A, R: Rng + ?Sized>(
    entries: &[RaceEntry<A>],
    rng: &mut R,
) -> ArrayVec<usize, MAX_SEATS> {
    let entries = &entries[..entries.len().min(MAX_SEATS)];
    let mut order: ArrayVec<usize, MAX_SEATS> = (0..entries.len()).collect();
    order.sort_by(|&a, &b| entries[a].reaction.total_cmp(&entries[b].reaction));
    let mut start = 0;
    while start < order.len() {
        let t = entries[order[start]].reaction;
        let mut end = start + 1;
        while end < order.len() && entries[order[end]].reaction == t {
            end += 1;
        }
        // A Fisher-Yates shuffle of the tied run.
        for i in (start + 1..end).rev() {
            let j = rng.random_range(start..=i);
            order.swap(i, j);
        }
        start = end;
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seat::Seat;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn entry(seat: usize, reaction: f64) -> RaceEntry<()> {
        RaceEntry {
            seat: Seat::new(seat),
            action: (),
            reaction,
        }
    }

    /// The faster entry is first whatever the seats; exact ties go either way, each about half
    /// of the time, and a race without ties draws nothing from the RNG.
    #[test]
    fn ties_are_broken_at_random_not_by_seat() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for _ in 0..100 {
            let o = fastest_first(&[entry(0, 0.5), entry(1, 0.4), entry(2, 0.6)], &mut rng);
            assert_eq!(o.as_slice(), [1, 0, 2]);
        }
        assert_eq!(rng, ChaCha8Rng::seed_from_u64(3), "no tie, no draw");
        let mut first = [0; 3];
        for _ in 0..3000 {
            let o = fastest_first(&[entry(0, 0.5), entry(1, 0.5), entry(2, 0.5)], &mut rng);
            let mut sorted = o.clone();
            sorted.sort_unstable();
            assert_eq!(sorted.as_slice(), [0, 1, 2]);
            first[o[0]] += 1;
        }
        for n in first {
            assert!((850..1150).contains(&n), "{first:?}");
        }
        let o = fastest_first(&[entry(0, 0.7), entry(1, 0.2), entry(2, 0.2)], &mut rng);
        assert_eq!(o[2], 0);
    }
}
