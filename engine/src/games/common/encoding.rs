//! Observation-tensor pieces written once for the non-trick games'
//! [`Encoding`](crate::Encoding)s: per-seat segments in the observer-relative order of
//! [`relative`](crate::encoding::relative).

use crate::encoding::Tensor;
use crate::seat::Seat;

/// The seats in the order of a per-seat segment: the observer first, then each seat to its
/// left in turn.
pub(crate) fn around(observer: Seat, players: usize) -> impl Iterator<Item = Seat> {
    (0..players).map(move |k| observer.left(k, players))
}

/// `players` entries: entry `k` is `f` of the seat `k` places to the observer's left
/// ([`Tensor::seat_values`]).
pub(crate) fn per_seat(
    out: &mut Tensor,
    name: &'static str,
    observer: Seat,
    players: usize,
    f: impl Fn(Seat) -> f32,
) {
    out.seat_values(name, observer, players, f);
}

/// `players` entries, one-hot at `seat`'s place relative to the observer (all 0 for `None`;
/// [`Tensor::seat_one_hot`]).
pub(crate) fn seat_one_hot(
    out: &mut Tensor,
    name: &'static str,
    seat: Option<Seat>,
    observer: Seat,
    players: usize,
) {
    out.seat_one_hot(name, seat, observer, players);
}

/// The entries of every segment of `t` called `name`, in order (test helper).
#[cfg(test)]
pub(crate) fn named(t: &Tensor, name: &str) -> Vec<f32> {
    t.segments()
        .iter()
        .filter(|s| s.name == name)
        .flat_map(|s| t.values()[s.offset..s.offset + s.len].iter().copied())
        .collect()
}
