//! [`encode_play`]: the card play of a trick-taking game as [`Tensor`] segments, written the
//! same way for every game of the family, so that a learner sees one shape for tricks.

use crate::encoding::Tensor;
use crate::seat::{Seat, SeatMask};
use crate::tricks::TrickPlay;

/// Writes `play`, as `observer` sees it, as tensor segments; counts of cards and tricks are
/// divided by `max_tricks` (the most tricks a hand can have).
///
/// With `P` the number of seats at the table and seats relative to the observer (entry or
/// plane `k` is the seat `k` places to its left, see [`relative`](crate::encoding::relative)),
/// the segments are, in order:
///
/// | segment          | length | meaning                                                              |
/// |------------------|--------|----------------------------------------------------------------------|
/// | `hands`          | 64·P   | the cards of each seat's hand that the observer sees: its own at plane 0, exposed hands (a dummy) at theirs |
/// | `hand_sizes`     | P      | cards in each seat's hand, / `max_tricks`                            |
/// | `trick`          | 64·P   | the trick in progress: plane `k` holds the card seat `k` played to it |
/// | `trick.leader`   | P      | one-hot: the seat that leads (or led) the trick in progress          |
/// | `trick.led_suit` | 4      | one-hot: the effective suit led (clubs, diamonds, hearts, spades)    |
/// | `trick.to_play`  | P      | one-hot: the seat whose card is played next                          |
/// | `trump`          | 4      | one-hot: the trump suit of the card order (all 0 without trumps)     |
/// | `played`         | 64·P   | the cards each seat has played this hand (the trick in progress included) |
/// | `voids`          | 64·P   | the cards each seat has shown it cannot hold (failing to follow suit, ...) |
/// | `tricks_won`     | P      | tricks each seat has won this hand, / `max_tricks`                   |
/// | `tricks_played`  | 1      | tricks completed this hand, / `max_tricks`                           |
/// | `active`         | P      | 1 for the seats that play this hand (a lone hand's partner sits out) |
///
/// Card planes are indexed by [`Card::index`](crate::Card::index). Everything comes from the
/// [`TrickPlay`] of an observation, whose hidden hands are empty, so nothing hidden shows.
///
/// ```
/// use cardsim_engine::encoding::Tensor;
/// use cardsim_engine::tricks::{encode_play, CardOrder, Obligation, TrickPlay};
/// use cardsim_engine::{CardSet, Seat, SeatMask};
/// let hands = ["AS KS", "2H 3H", "QS JS", "4H 5H"].map(|h| h.parse::<CardSet>().unwrap());
/// let mut play =
///     TrickPlay::new(4, &hands, Seat::new(0), CardOrder::ace_high(None), Obligation::FollowSuit);
/// play.play("AS".parse().unwrap());
/// let mut t = Tensor::new();
/// encode_play(&mut t, &play.masked(SeatMask(1 << 1)), Seat::new(1), 2);
/// // Seat 0, who led the ace, sits 3 places to seat 1's left.
/// let trick = &t.segments()[2];
/// let ace = "AS".parse::<cardsim_engine::Card>().unwrap();
/// assert_eq!(t.values()[trick.offset + 3 * 64 + ace.index()], 1.0);
/// // Seat 1 sees its own hand only.
/// assert_eq!(t.values()[..64].iter().sum::<f32>(), 2.0);
/// ```
pub fn encode_play(out: &mut Tensor, play: &TrickPlay, observer: Seat, max_tricks: usize) {
    encode_play_seen(
        out,
        play,
        SeatMask::all(play.players()),
        observer,
        max_tricks,
    );
}

/// Writes `play` as [`encode_play`] writes `play.masked(visible)`, without the copy: the
/// hands of seats outside `visible` are left out.
pub fn encode_play_seen(
    out: &mut Tensor,
    play: &TrickPlay,
    visible: SeatMask,
    observer: Seat,
    max_tricks: usize,
) {
    let p = play.players();
    let scale = max_tricks.max(1) as f32;
    let trick = play.trick();
    let order = play.order();
    out.seat_cards("hands", observer, p, |s| {
        if visible.contains(s) {
            play.hand(s)
        } else {
            crate::CardSet::EMPTY
        }
    });
    out.seat_values("hand_sizes", observer, p, |s| {
        play.hand_len(s) as f32 / scale
    });
    out.seat_cards("trick", observer, p, |s| {
        trick
            .card_of(s)
            .map(crate::CardSet::from_card)
            .unwrap_or_default()
    });
    out.seat_one_hot("trick.leader", Some(trick.leader()), observer, p);
    out.one_hot(
        "trick.led_suit",
        trick.led_suit(order).map(|s| s.index()),
        4,
    );
    out.seat_one_hot("trick.to_play", Some(play.to_play()), observer, p);
    out.one_hot("trump", order.trump().map(|s| s.index()), 4);
    out.seat_cards("played", observer, p, |s| play.record().played_by(s));
    out.seat_cards("voids", observer, p, |s| play.record().excluded(s));
    out.seat_values("tricks_won", observer, p, |s| {
        play.tricks_won(s) as f32 / scale
    });
    out.scalar("tricks_played", play.tricks_played() as f32 / scale);
    out.seat_mask("active", play.active(), observer, p);
}

/// Writes a partnership game's value for each of its two sides (scores, courts) as the
/// two entries of segment `name`: the observer's side `ours` first, then the other, each
/// through `scale`.
pub(crate) fn encode_sides<T: Copy>(
    out: &mut Tensor,
    name: &'static str,
    values: [T; 2],
    ours: usize,
    scale: impl Fn(T) -> f32,
) {
    out.values_of(name, &[values[ours], values[1 - ours]].map(scale));
}

/// The length of the segments [`encode_play`] writes for `players` seats.
pub const fn play_len(players: usize) -> usize {
    4 * 64 * players + 5 * players + 4 + 4 + 1
}

/// Test support: asserts that `t`'s `hands` segment shows `hand` as the observer's and no
/// card of any other seat but `exposed`.
#[cfg(test)]
pub(crate) fn assert_hand_plane(t: &Tensor, hand: crate::CardSet, exposed: crate::CardSet) {
    let hands = t.get("hands").expect("a hands segment");
    for c in (0..64).filter_map(crate::Card::try_from_index) {
        assert_eq!(
            hands[c.index()] == 1.0,
            hand.contains(c),
            "{c} in the own hand plane"
        );
    }
    let others: f32 = hands[64..].iter().sum();
    assert_eq!(others as usize, exposed.len(), "cards of other hands show");
    for c in exposed.iter() {
        let seen = hands[64..].chunks(64).any(|plane| plane[c.index()] == 1.0);
        assert!(seen, "exposed {c} does not show");
    }
}

/// Test support: plays random moves of `game` from the deal of `seed` until the first card
/// of a hand is led, then asserts that `observer`'s tensor shows the lead in the `trick` and
/// `played` planes of the leader's relative seat (and nowhere else in them) and its own hand
/// in plane 0 of `hands`. Returns the leader's relative seat.
#[cfg(test)]
pub(crate) fn assert_lead_shows<G>(game: &G, seed: u64, observer: Seat) -> usize
where
    G: crate::Encoding + crate::tricks::TrickTaking,
{
    use crate::driver::{step, RandomPolicy, Scratch, Step};
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut state = game.deal(&mut rng);
    let mut scratch = Scratch::new();
    while game.trick_play(&state).is_none_or(|p| p.trick().is_empty()) {
        match step(game, &mut state, &mut RandomPolicy, &mut scratch, &mut rng) {
            Ok(Step::Moved) => {}
            Ok(Step::Over) => panic!("seed {seed}: the game ended before a lead"),
            Err(never) => match never {},
        }
    }
    let play = game.trick_play(&state).unwrap();
    let (leader, lead) = play.trick().plays().next().unwrap();
    let mut t = Tensor::new();
    game.encode_observation(&game.observe(&state, observer), &mut t);
    let k = crate::encoding::relative(leader, observer, play.players());
    for name in ["trick", "played"] {
        let plane = t.get(name).unwrap();
        assert_eq!(plane[64 * k + lead.index()], 1.0, "the lead in {name}");
        if play.tricks_played() == 0 {
            assert_eq!(plane.iter().sum::<f32>(), 1.0, "only the lead in {name}");
        }
    }
    let hands = t.get("hands").unwrap();
    let hand = play.hand(observer);
    for c in (0..64).filter_map(crate::Card::try_from_index) {
        assert_eq!(
            hands[c.index()] == 1.0,
            hand.contains(c),
            "{c} in the own hand plane"
        );
    }
    k
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tricks::{CardOrder, Obligation};
    use crate::{Card, CardSet, SeatMask, Suit};

    fn segment<'t>(t: &'t Tensor, name: &str) -> &'t [f32] {
        t.get(name).unwrap()
    }

    #[test]
    fn a_revoke_marks_the_void_and_tricks_count_for_the_winner() {
        let hands = ["AS 2C", "KS 3C", "QS 4C", "2H 5C"].map(|h| h.parse::<CardSet>().unwrap());
        let mut play = TrickPlay::new(
            4,
            &hands,
            Seat::new(0),
            CardOrder::ace_high(Some(Suit::Hearts)),
            Obligation::FollowSuit,
        );
        for c in ["AS", "KS", "QS", "2H"] {
            play.play(c.parse().unwrap());
        }
        let observer = Seat::new(2);
        let mut t = Tensor::new();
        encode_play(&mut t, &play.masked(SeatMask(1 << 2)), observer, 2);
        assert_eq!(t.values().len(), play_len(4));
        // Seat 3 (one to seat 2's left) trumped: void in spades, the trick is its.
        let voids = segment(&t, "voids");
        let ks: Card = "KS".parse().unwrap();
        assert_eq!(voids[64 + ks.index()], 1.0);
        // (the spades of this deal's deck: AS KS QS).
        assert_eq!(voids.iter().filter(|&&v| v == 1.0).count(), 3);
        assert_eq!(segment(&t, "tricks_won"), &[0.0, 0.5, 0.0, 0.0]);
        assert_eq!(segment(&t, "trick.leader"), &[0.0, 1.0, 0.0, 0.0]);
        assert_eq!(segment(&t, "trump"), &[0.0, 0.0, 1.0, 0.0]);
        // The trick in progress is empty; the played cards stay, each at its seat.
        assert!(segment(&t, "trick").iter().all(|&v| v == 0.0));
        let played = segment(&t, "played");
        assert_eq!(played[2 * 64 + "AS".parse::<Card>().unwrap().index()], 1.0);
        // Only the observer's hand, 2C of seat 0 unseen.
        let seen = segment(&t, "hands");
        assert_eq!(seen[..64].iter().sum::<f32>(), 1.0);
        assert_eq!(seen[64..].iter().sum::<f32>(), 0.0);
        assert_eq!(segment(&t, "hand_sizes"), &[0.5; 4]);
    }
}
