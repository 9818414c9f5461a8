//! Xeri's [`Encoding`]: action ids and the observation tensor.
//!
//! **Action ids** (64): playing card `c` is id `c.index()` ([`Card::index`]: `16 × suit +
//! rank slot`, suits ♣ ♦ ♥ ♠).
//!
//! **Observation** (339 entries). Card planes have 64 entries indexed by [`Card::index`];
//! per-seat segments have two entries, the observer first, then the opponent.
//!
//! | segment | length | meaning |
//! |---|---|---|
//! | `hand` | 64 | the observer's cards |
//! | `pile` | 64 | the cards in the pile |
//! | `pile.top` | 64 | its top card (the one to match) |
//! | `captured` | 2 × 64 | per seat: the cards it captured this hand |
//! | `hand_sizes` | 2 | cards in each hand / 6 |
//! | `stock` | 1 | cards in the stock / 36 |
//! | `pile.size` | 1 | cards in the pile / 52 |
//! | `captured.count` | 2 | cards captured per seat / 52 |
//! | `xeris` | 2 | xeris made this hand per seat / 5 |
//! | `last_capturer` | 2 | one-hot: the last seat to capture (takes the rest at the end) |
//! | `turn` | 2 | one-hot: the seat to play (none when over) |
//! | `dealer` | 2 | one-hot: the dealer |
//! | `hand_number` | 1 | the hand being played / the hands in a game |
//! | `hands_won` | 2 | hands won per seat / the hands in a game |
//! | `last_points` | 2 | points per seat in the last hand scored / 30 |

use super::{Xeri, XeriAction, XeriObservation, HAND};
use crate::encoding::{Encoding, Tensor};
use crate::games::common::encoding::{around, per_seat, seat_one_hot};
use crate::games::common::text::{card_or_dash, seats, BySuit, ObsText};
use crate::Card;

const SEATS: usize = 2;

impl Encoding for Xeri {
    fn num_distinct_actions(&self) -> usize {
        Card::SLOTS
    }

    fn action_id(&self, card: XeriAction) -> usize {
        card.index()
    }

    fn encode_observation(&self, obs: &XeriObservation, out: &mut Tensor) {
        let me = obs.seat;
        out.cards("hand", obs.hand);
        out.cards("pile", obs.pile);
        out.cards("pile.top", obs.top.into_iter().collect());
        for s in around(me, SEATS) {
            out.cards("captured", obs.caps[s].won);
        }
        per_seat(out, "hand_sizes", me, SEATS, |s| {
            f32::from(obs.hand_sizes[s]) / HAND as f32
        });
        out.scalar("stock", f32::from(obs.stock) / 36.0);
        out.scalar("pile.size", obs.pile.len() as f32 / 52.0);
        per_seat(out, "captured.count", me, SEATS, |s| {
            obs.caps[s].won.len() as f32 / 52.0
        });
        per_seat(out, "xeris", me, SEATS, |s| {
            f32::from(obs.caps[s].xeris) / 5.0
        });
        seat_one_hot(out, "last_capturer", obs.last_capturer, me, SEATS);
        let turn = (!obs.over).then_some(obs.turn);
        seat_one_hot(out, "turn", turn, me, SEATS);
        seat_one_hot(out, "dealer", Some(obs.dealer), me, SEATS);
        let hands = f32::from(self.hands());
        out.scalar("hand_number", f32::from(obs.hand_number) / hands);
        per_seat(out, "hands_won", me, SEATS, |s| {
            f32::from(obs.hands_won[s]) / hands
        });
        per_seat(out, "last_points", me, SEATS, |s| {
            obs.last_points[s] as f32 / 30.0
        });
    }

    fn observation_string(&self, obs: &XeriObservation) -> String {
        let mut t = ObsText::new(
            obs.seat,
            SEATS,
            format_args!(
                "dealer {}, hand {} of {}",
                obs.dealer,
                obs.hand_number,
                self.hands()
            ),
        );
        t.line("hand", BySuit(obs.hand))
            .line("pile top", card_or_dash(obs.top))
            .line("pile", BySuit(obs.pile))
            .line("stock", obs.stock)
            .line("cards", seats(SEATS, |s| obs.hand_sizes[s]))
            .seat_cards("captured", SEATS, |s| obs.caps[s].won)
            .line("xeris", seats(SEATS, |s| obs.caps[s].xeris))
            .opt("last capture", obs.last_capturer);
        if !obs.over {
            t.line("to play", obs.turn);
        }
        t.line("hands won", seats(SEATS, |s| obs.hands_won[s]))
            .line("last hand's points", seats(SEATS, |s| obs.last_points[s]));
        t.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::{check, layout, relative};
    use crate::games::common::encoding::named;
    use crate::{Game, Params, Seat, ToMove};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn game(hands: u16) -> Xeri {
        Xeri::new(2, &Params::new().set("hands", hands)).unwrap()
    }

    /// Every count is scaled as the table above says, per seat from the observer's side.
    #[test]
    fn the_observation_scales_each_count_as_documented() {
        let g = game(5);
        let mut s = g.deal(&mut ChaCha8Rng::seed_from_u64(3));
        let (s0, s1) = (Seat::new(0), Seat::new(1));
        s.caps[s1].won = s.stock.as_slice()[..4].iter().copied().collect();
        s.caps[s1].xeris = 2;
        s.hand = 3;
        s.hands_won[s0] = 2;
        s.last_points[s0] = 3;
        s.last_points[s1] = 12;
        let mut t = Tensor::new();
        g.encode_observation(&g.observe(&s, s1), &mut t);
        assert_eq!(t.get("hand_sizes").unwrap(), &[1.0, 1.0]);
        assert_eq!(t.get("stock").unwrap(), &[1.0]);
        assert_eq!(t.get("pile.size").unwrap(), &[4.0 / 52.0]);
        assert_eq!(t.get("captured.count").unwrap(), &[4.0 / 52.0, 0.0]);
        assert_eq!(t.get("xeris").unwrap(), &[0.4, 0.0]);
        assert_eq!(t.get("hand_number").unwrap(), &[0.6]);
        assert_eq!(t.get("hands_won").unwrap(), &[0.0, 0.4]);
        assert_eq!(t.get("last_points").unwrap(), &[0.4, 0.1]);
        let to_play = if s.turn == s1 { [1.0, 0.0] } else { [0.0, 1.0] };
        assert_eq!(
            t.get("turn").unwrap(),
            &to_play,
            "a game in play has a seat to play"
        );
        let text = g.observation_string(&g.observe(&s, s1));
        assert!(text.contains(&format!("to play: {}", s.turn)), "{text}");
    }

    #[test]
    fn the_text_shows_the_own_hand_and_no_other() {
        crate::games::common::text::assert_hands_private(&game(1), 4, |o: &XeriObservation| o.hand);
    }

    #[test]
    fn random_games_pass_the_encoding_check() {
        for hands in [1, 5] {
            let g = game(hands);
            let report = check(&g, 0..10, 1000);
            assert!(report.decisions > 400, "{report:?}");
            assert_eq!(layout(&g).iter().map(|s| s.len).sum::<usize>(), 339);
        }
    }

    #[test]
    fn a_card_is_its_index() {
        let g = game(1);
        let c: Card = "QD".parse().unwrap();
        assert_eq!(g.action_id(c), c.index());
        assert_eq!(g.num_distinct_actions(), 64);
    }

    /// The hand plane is the seat's hand, not the opponent's; a capture shows in the
    /// capturer's `captured` plane at its relative seat.
    #[test]
    fn hand_and_captures_are_where_the_seat_sees_them() {
        let g = game(1);
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut st = g.deal(&mut rng);
        let me = Seat::new(0);
        let mut t = Tensor::new();
        g.encode_observation(&g.observe(&st, me), &mut t);
        let hand = named(&t, "hand");
        for c in Card::all52() {
            assert_eq!(hand[c.index()] == 1.0, st.hand_of(me).contains(c), "{c}");
        }
        assert!(st
            .hand_of(Seat::new(1))
            .iter()
            .all(|c| hand[c.index()] == 0.0));
        let (pile, top) = st.pile();
        assert_eq!(named(&t, "pile.top")[top.unwrap().index()], 1.0);
        assert_eq!(named(&t, "pile").iter().sum::<f32>(), pile.len() as f32);
        // Play until somebody captures, then look from seat 0.
        let mut legal = Vec::new();
        loop {
            assert!(matches!(g.to_move(&st), ToMove::Seat(_)));
            let mover = st.turn;
            let before = st.captures(mover).won;
            g.legal_actions(&st, &mut legal);
            g.apply(&mut st, legal[0], &mut rng);
            let won = st.captures(mover).won - before;
            if !won.is_empty() {
                t.clear();
                g.encode_observation(&g.observe(&st, me), &mut t);
                let captured = named(&t, "captured");
                let r = relative(mover, me, 2);
                for c in won.iter() {
                    assert_eq!(captured[r * 64 + c.index()], 1.0);
                    assert_eq!(captured[(1 - r) * 64 + c.index()], 0.0);
                }
                assert_eq!(named(&t, "last_capturer")[r], 1.0);
                break;
            }
        }
    }
}
