//! The [`Encoding`] of Spoons and Pig ([`SpoonsGame`]): action ids and the observation tensor,
//! the same for both games.
//!
//! **Action ids** (65). Every decision is a race entry.
//!
//! | ids | action |
//! |---|---|
//! | `0..64` | `pass c` (id `c.index()`, [`Card::index`]: `16 × suit + rank slot`) |
//! | `64` | `grab` (Pig: touch the nose) |
//!
//! **Observation** (`8n + 135` entries for `n` players). Per-seat segments are ordered from
//! the observer to its left ([`relative`](crate::encoding::relative)); counted card planes
//! hold copies / decks ([`SpoonsGame::decks`]).
//!
//! | segment | length | meaning |
//! |---|---|---|
//! | `hand` | 64 | copies of each card in the observer's hand |
//! | `pack` | 64 | copies of each card in play this round (the matched pack, or whole decks) |
//! | `phase` | 3 | one-hot: passing, grabbing (someone grabbed), over |
//! | `four` | 1 | 1 when the observer holds four of a kind |
//! | `dealer` | n | one-hot: this round's dealer |
//! | `grabbed` | n | one-hot: the first grabber of this round |
//! | `spoons` | n | 1 for the seats holding a spoon (Pig: a finger on the nose) |
//! | `pending` | n | 1 for the seats with a passed card waiting at their left |
//! | `hand_sizes` | n | cards in each hand / 5 |
//! | `letters` | n | letters per seat / the letters that put a player out |
//! | `out` | n | 1 for the seats out |
//! | `last_loser` | n | one-hot: the last round's loser |
//! | `stock` | 1 | cards in the stock / (52 × decks) |
//! | `discards` | 1 | cards in the discard pile / (52 × decks) |
//! | `tick` | 1 | passing ticks this round / 100 |

use super::{four_of_a_kind, SpoonsAction, SpoonsGame, SpoonsObservation, SpoonsVariant, HAND};
use crate::encoding::{Encoding, Tensor};
use crate::games::common::encoding::{per_seat, seat_one_hot};
use crate::games::common::text::{seat_list, seats, Counted, Fmt, ObsText};
use crate::{Card, CardMultiset, CardSet, Game, Seat};

impl<V: SpoonsVariant> Encoding for SpoonsGame<V> {
    fn num_distinct_actions(&self) -> usize {
        Card::SLOTS + 1
    }

    fn action_id(&self, action: SpoonsAction) -> usize {
        match action {
            SpoonsAction::Pass(c) => c.index(),
            SpoonsAction::Grab => Card::SLOTS,
        }
    }

    fn encode_observation(&self, obs: &SpoonsObservation, out: &mut Tensor) {
        let n = self.players();
        let me = obs.seat;
        let p = &obs.public;
        let decks = f32::from(self.decks());
        let flag = |b: bool| f32::from(u8::from(b));
        out.card_counts("hand", &obs.hand, decks);
        out.card_counts("pack", &p.pack, decks);
        let phase = if self.over(p) {
            2
        } else if p.grabbed.is_some() {
            1
        } else {
            0
        };
        out.one_hot("phase", Some(phase), 3);
        out.scalar("four", flag(four_of_a_kind(obs.hand).is_some()));
        seat_one_hot(out, "dealer", Some(p.dealer), me, n);
        seat_one_hot(out, "grabbed", p.grabbed, me, n);
        per_seat(out, "spoons", me, n, |s| flag(p.spoons.contains(s)));
        per_seat(out, "pending", me, n, |s| flag(p.pending.contains(s)));
        per_seat(out, "hand_sizes", me, n, |s| {
            f32::from(p.hand_sizes[s]) / HAND as f32
        });
        let letters = f32::from(self.letters());
        per_seat(out, "letters", me, n, |s| f32::from(p.letters[s]) / letters);
        per_seat(out, "out", me, n, |s| flag(p.out.is_out(s)));
        seat_one_hot(out, "last_loser", p.last_loser, me, n);
        let cards = 52.0 * decks;
        out.scalar("stock", f32::from(p.stock_size) / cards);
        out.scalar("discards", f32::from(p.discard_size) / cards);
        out.scalar("tick", p.tick as f32 / 100.0);
    }

    fn observation_string(&self, obs: &SpoonsObservation) -> String {
        let n = self.players();
        let p = &obs.public;
        let phase = if self.over(p) {
            "over"
        } else if p.grabbed.is_some() {
            "grabbing"
        } else {
            "passing"
        };
        let mut t = ObsText::new(obs.seat, n, format_args!("dealer {}, {phase}", p.dealer));
        t.line("hand", Counted(&obs.hand))
            .line("cards", seats(n, |s| p.hand_sizes[s]))
            .line("stock", p.stock_size)
            .line("discards", p.discard_size)
            .line("tick", p.tick)
            .opt("first grab", p.grabbed)
            .line("holding a spoon", seat_list(p.spoons.iter()))
            .line("card waiting", seat_list(p.pending.iter()))
            .line("letters", seats(n, |s| p.letters[s]))
            .line("out", seat_list(Seat::all(n).filter(|&s| p.out.is_out(s))))
            .opt("last loser", p.last_loser)
            .line(
                "pack",
                Fmt(|f: &mut std::fmt::Formatter<'_>| {
                    let decks = self.decks();
                    if p.pack == CardMultiset::copies(CardSet::FULL_DECK, decks) {
                        write!(f, "{decks} whole deck(s)")
                    } else {
                        write!(f, "{}", Counted(&p.pack))
                    }
                }),
            );
        t.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::{check, layout, relative};
    use crate::games::common::encoding::named;
    use crate::games::spoons::{Pig, Spoons};
    use crate::{Params, Seat, ToMove};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn len<G: Encoding>(g: &G) -> usize {
        layout(g).iter().map(|s| s.len).sum()
    }

    #[test]
    fn the_text_shows_the_own_hand_and_no_other() {
        let g = Spoons::new(4, &Params::new()).unwrap();
        crate::games::common::text::assert_hands_private(&g, 4, |o: &SpoonsObservation| {
            o.hand.support()
        });
    }

    #[test]
    fn random_games_pass_the_encoding_check() {
        for (n, params) in [
            (3, &[][..]),
            (4, &[][..]),
            (7, &["letters=1"][..]),
            (12, &["letters=1"][..]),
        ] {
            let g = Spoons::new(n, &Params::parse(params).unwrap()).unwrap();
            let report = check(&g, 0..3, 1500);
            assert!(report.decisions > 300, "{n} players: {report:?}");
            assert_eq!(len(&g), 8 * n + 135);
        }
        for params in [&[][..], &["deck=matched"][..]] {
            let g = Pig::new(4, &Params::parse(params).unwrap()).unwrap();
            let report = check(&g, 0..3, 1500);
            assert!(report.decisions > 300, "{params:?}: {report:?}");
            assert_eq!(len(&g), 8 * 4 + 135);
        }
    }

    #[test]
    fn actions_have_the_documented_ids() {
        let g = Pig::new(4, &Params::new()).unwrap();
        let c: Card = "TC".parse().unwrap();
        assert_eq!(g.action_id(SpoonsAction::Pass(c)), c.index());
        assert_eq!(g.action_id(SpoonsAction::Grab), 64);
        assert_eq!(g.num_distinct_actions(), 65);
    }

    /// The hand plane is the seat's hand, none of another's; the dealer and the hand sizes
    /// are at their relative seats.
    #[test]
    fn hand_and_seats_are_where_the_seat_sees_them() {
        let g = Spoons::new(4, &Params::new()).unwrap();
        let st = g.deal(&mut ChaCha8Rng::seed_from_u64(6));
        assert!(matches!(g.to_move(&st), ToMove::Race(_)));
        let me = Seat::new(3);
        let mut t = Tensor::new();
        g.encode_observation(&g.observe(&st, me), &mut t);
        let hand = named(&t, "hand");
        for c in Card::all52() {
            assert_eq!(hand[c.index()], f32::from(st.hands[me].count(c)), "{c}");
        }
        let other = st.hands[Seat::new(0)];
        assert!(other.iter().all(|c| hand[c.index()] == 0.0));
        assert_eq!(hand.iter().sum::<f32>(), st.hands[me].len() as f32);
        let dealer = relative(st.public.dealer, me, 4);
        assert_eq!(named(&t, "dealer")[dealer], 1.0);
        let sizes = named(&t, "hand_sizes");
        for s in Seat::all(4) {
            let size = st.hands[s].len() as f32 / 5.0;
            assert_eq!(sizes[relative(s, me, 4)], size);
        }
        assert_eq!(sizes[dealer], 1.0, "the dealer has drawn a fifth card");
    }
    /// Every count is scaled as the table says, from the observer's side, and the text names
    /// the same facts: two decks (copies / 2), letters of a Pig limit, a grab in progress.
    #[test]
    fn the_observation_scales_each_count_as_documented() {
        let g = Pig::new(7, &Params::new()).unwrap();
        assert_eq!(g.decks(), 2);
        let mut st = g.deal(&mut ChaCha8Rng::seed_from_u64(3));
        let me = Seat::new(2);
        let p = &mut st.public;
        p.letters[Seat::new(4)] = 2;
        p.last_loser = Some(Seat::new(4));
        p.grabbed = Some(Seat::new(5));
        p.spoons = crate::SeatMask(0b110_0000);
        p.pending = crate::SeatMask(0b1000);
        p.hand_sizes[Seat::new(3)] = 4;
        p.stock_size = 26;
        p.discard_size = 13;
        p.tick = 50;
        let mut t = Tensor::new();
        let obs = g.observe(&st, me);
        g.encode_observation(&obs, &mut t);
        let at = |s: usize| relative(Seat::new(s), me, 7);
        let hand = named(&t, "hand");
        for c in Card::all52() {
            assert_eq!(
                hand[c.index()],
                f32::from(st.hands[me].count(c)) / 2.0,
                "{c}"
            );
        }
        assert!(named(&t, "pack").iter().all(|&x| x == 1.0 || x == 0.0));
        assert_eq!(named(&t, "pack").iter().sum::<f32>(), 52.0);
        assert_eq!(named(&t, "phase"), [0.0, 1.0, 0.0]);
        assert_eq!(named(&t, "letters")[at(4)], 2.0 / 3.0);
        assert_eq!(named(&t, "letters").iter().sum::<f32>(), 2.0 / 3.0);
        assert_eq!(named(&t, "last_loser")[at(4)], 1.0);
        assert_eq!(named(&t, "grabbed")[at(5)], 1.0);
        assert_eq!(named(&t, "spoons")[at(5)], 1.0);
        assert_eq!(named(&t, "spoons")[at(6)], 1.0);
        assert_eq!(named(&t, "spoons").iter().sum::<f32>(), 2.0);
        assert_eq!(named(&t, "pending")[at(3)], 1.0);
        assert_eq!(named(&t, "pending").iter().sum::<f32>(), 1.0);
        assert_eq!(named(&t, "hand_sizes")[at(3)], 0.8);
        assert_eq!(named(&t, "out").iter().sum::<f32>(), 0.0);
        assert_eq!(named(&t, "stock"), [0.25]);
        assert_eq!(named(&t, "discards"), [0.125]);
        assert_eq!(named(&t, "tick"), [0.5]);
        let four = f32::from(u8::from(four_of_a_kind(st.hands[me]).is_some()));
        assert_eq!(named(&t, "four"), [four]);
        let text = g.observation_string(&obs);
        for line in [
            "grabbing",
            "first grab: 5",
            "stock: 26",
            "discards: 13",
            "tick: 50",
            "2 whole deck(s)",
            "last loser: 4",
            "holding a spoon: 5 6",
            "card waiting: 3",
            "letters: 0:0 1:0 2:0 3:0 4:2",
        ] {
            assert!(text.contains(line), "{line:?} not in:\n{text}");
        }
        // Over: the third phase; a matched pack is listed card by card.
        let g = Spoons::new(3, &Params::parse(&["deck=matched"]).unwrap()).unwrap();
        let mut st = g.deal(&mut ChaCha8Rng::seed_from_u64(3));
        for s in [1, 2] {
            st.public.letters[Seat::new(s)] = 5;
            st.public.out.eliminate(Seat::new(s));
        }
        let obs = g.observe(&st, Seat::new(0));
        let mut t = Tensor::new();
        g.encode_observation(&obs, &mut t);
        assert_eq!(named(&t, "phase"), [0.0, 0.0, 1.0]);
        assert_eq!(named(&t, "out"), [0.0, 1.0, 1.0]);
        assert_eq!(named(&t, "letters"), [0.0, 1.0, 1.0]);
        assert_eq!(named(&t, "pack").iter().sum::<f32>(), 12.0);
        let text = g.observation_string(&obs);
        assert!(
            text.contains("over") && !text.contains("whole deck"),
            "{text}"
        );
        assert!(text.contains("AS"), "{text}");
    }
}
