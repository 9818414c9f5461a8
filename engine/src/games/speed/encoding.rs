//! Speed's [`Encoding`]: action ids and the observation tensor.
//!
//! **Action ids** (128): playing card `c` onto discard pile `p` (0 or 1) is
//! `64 p + c.index()` ([`Card::index`]: `16 × suit + rank slot`, suits ♣ ♦ ♥ ♠).
//!
//! | ids | action |
//! |---|---|
//! | `0..64` | `c on 0` |
//! | `64..128` | `c on 1` |
//!
//! **Observation** (460 entries). The two discard piles and talons are numbered as in the
//! actions (not relative to the observer); per-seat segments have two entries, the observer
//! first.
//!
//! | segment | length | meaning |
//! |---|---|---|
//! | `hand` | 64 | the observer's hand |
//! | `pile.top` | 2 × 64 | the top card of pile 0, of pile 1 |
//! | `pile` | 2 × 64 | every card in pile 0, in pile 1 |
//! | `talon.known` | 2 × 64 | the cards of talon 0, 1 when it was rebuilt from its pile |
//! | `talon.rebuilt` | 2 | 1 when talon 0, 1 was rebuilt (its cards are known) |
//! | `talon.size` | 2 | cards in talon 0, 1 / 26 |
//! | `hand_sizes` | 2 | cards in each player's hand / 5 |
//! | `stock_sizes` | 2 | cards in each player's stock / 15 |
//! | `stalemate` | 1 | stalemate turns since the last play / the `stuck` limit |
//! | `winner` | 2 | one-hot: the winner, once there is one |
//! | `stuck` | 1 | 1 when the game stopped at the `stuck` limit |

use super::{Speed, SpeedAction, SpeedObservation, HAND};
use crate::encoding::{Encoding, Tensor};
use crate::games::common::encoding::{per_seat, seat_one_hot};
use crate::games::common::text::{in_order, seats, BySuit, ObsText};
use crate::{Card, CardSet};

const SEATS: usize = 2;

impl Encoding for Speed {
    fn num_distinct_actions(&self) -> usize {
        2 * Card::SLOTS
    }

    fn action_id(&self, action: SpeedAction) -> usize {
        usize::from(action.pile) * Card::SLOTS + action.card.index()
    }

    fn encode_observation(&self, obs: &SpeedObservation, out: &mut Tensor) {
        let me = obs.seat;
        let p = &obs.public;
        out.cards("hand", obs.hand);
        for pile in &p.piles {
            out.cards("pile.top", pile.last().copied().into_iter().collect());
        }
        for pile in &p.piles {
            out.cards("pile", pile.iter().copied().collect());
        }
        for known in p.talon_known {
            out.cards("talon.known", known.unwrap_or(CardSet::EMPTY));
        }
        let rebuilt = p.talon_known.map(|k| f32::from(u8::from(k.is_some())));
        out.values_of("talon.rebuilt", &rebuilt);
        out.values_of("talon.size", &p.talon_sizes.map(|n| f32::from(n) / 26.0));
        per_seat(out, "hand_sizes", me, SEATS, |s| {
            f32::from(p.hand_sizes[s.index()]) / HAND as f32
        });
        per_seat(out, "stock_sizes", me, SEATS, |s| {
            f32::from(p.stock_sizes[s.index()]) / 15.0
        });
        out.scalar("stalemate", p.since_play as f32 / self.stuck as f32);
        seat_one_hot(out, "winner", p.winner, me, SEATS);
        out.scalar("stuck", f32::from(u8::from(p.stuck)));
    }

    fn observation_string(&self, obs: &SpeedObservation) -> String {
        let p = &obs.public;
        let mut t = ObsText::new(obs.seat, SEATS, "");
        t.line("hand", BySuit(obs.hand));
        for (i, pile) in p.piles.iter().enumerate() {
            t.line(&format!("pile {i}"), in_order(pile));
        }
        for (i, known) in p.talon_known.iter().enumerate() {
            let size = p.talon_sizes[i];
            match known {
                Some(cards) => t.line(
                    &format!("talon {i}"),
                    format_args!("{size} cards, rebuilt from {}", BySuit(*cards)),
                ),
                None => t.line(&format!("talon {i}"), format_args!("{size} cards")),
            };
        }
        t.line("hands", seats(SEATS, |s| p.hand_sizes[s.index()]))
            .line("stocks", seats(SEATS, |s| p.stock_sizes[s.index()]))
            .line("stalemate turns", p.since_play)
            .opt("winner", p.winner);
        if p.stuck {
            t.line("stopped", "stuck");
        }
        t.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::{check, layout};
    use crate::games::common::encoding::named;
    use crate::{Game, Params, Seat};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn the_text_shows_the_own_hand_and_no_other() {
        let g = Speed::new(2, &Params::new()).unwrap();
        crate::games::common::text::assert_hands_private(&g, 4, |o: &SpeedObservation| o.hand);
    }

    #[test]
    fn random_games_pass_the_encoding_check() {
        for params in [&[][..], &["stuck=3"][..]] {
            let g = Speed::new(2, &Params::parse(params).unwrap()).unwrap();
            let report = check(&g, 0..8, 1000);
            assert!(report.decisions > 200, "{report:?}");
            assert_eq!(layout(&g).iter().map(|s| s.len).sum::<usize>(), 460);
        }
    }

    #[test]
    fn plays_have_the_documented_ids() {
        let g = Speed::new(2, &Params::new()).unwrap();
        let card: Card = "8D".parse().unwrap();
        assert_eq!(g.action_id(SpeedAction { card, pile: 0 }), card.index());
        assert_eq!(
            g.action_id(SpeedAction { card, pile: 1 }),
            64 + card.index()
        );
    }

    /// The hand plane is the seat's hand, not the opponent's; the pile tops are where the
    /// piles have them.
    #[test]
    fn hand_and_piles_are_where_the_seat_sees_them() {
        let g = Speed::new(2, &Params::new()).unwrap();
        let st = g.deal(&mut ChaCha8Rng::seed_from_u64(4));
        let mut t = Tensor::new();
        g.encode_observation(&g.observe(&st, Seat::new(1)), &mut t);
        let hand = named(&t, "hand");
        for c in Card::all52() {
            assert_eq!(hand[c.index()] == 1.0, st.hands[1].contains(c), "{c}");
        }
        assert!(st.hands[0].iter().all(|c| hand[c.index()] == 0.0));
        let tops = named(&t, "pile.top");
        for (i, pile) in st.public.piles.iter().enumerate() {
            let top = *pile.last().unwrap();
            assert_eq!(tops[64 * i + top.index()], 1.0);
        }
        assert_eq!(tops.iter().sum::<f32>(), 2.0);
    }
}
