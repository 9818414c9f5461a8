//! Gin Rummy's [`Encoding`]: action ids and the observation tensor.
//!
//! **Action ids** (131). Card planes and card ids use [`Card::index`] (`16 × suit + rank
//! slot`, suits ♣ ♦ ♥ ♠; slots 0 and 1 of each suit are never used here).
//!
//! | ids | action |
//! |---|---|
//! | `0..64` | `discard c` (id `c.index()`) |
//! | `64..128` | `knock c`: discard `c` face down and knock (`64 + c.index()`) |
//! | `128` | `draw` (from the stock) |
//! | `129` | `take` (the top discard) |
//! | `130` | `pass` (refuse the first upcard) |
//!
//! **Observation** (728 entries). Per-seat segments have two entries, the observer first,
//! then the opponent.
//!
//! | segment | length | meaning |
//! |---|---|---|
//! | `hand` | 64 | the observer's hand |
//! | `pile.top` | 64 | the top discard |
//! | `pile.rest` | 64 | the other cards of the discard pile |
//! | `upcard` | 64 | the hand's first upcard |
//! | `taken` | 64 | the card the mover took from the pile this turn (it may not discard it) |
//! | `known` | 2 × 64 | per seat: cards it took from the pile and still holds |
//! | `refused` | 2 × 64 | per seat: top discards it refused this hand |
//! | `discarded` | 2 × 64 | per seat: cards it discarded this hand |
//! | `phase` | 4 | one-hot: upcard offer, draw, discard, over |
//! | `turn` | 2 | one-hot: the seat to move |
//! | `dealer` | 2 | one-hot: the dealer |
//! | `stock` | 1 | cards in the stock / 31 |
//! | `opponent_cards` | 1 | cards in the opponent's hand / 11 |
//! | `knock_limit` | 1 | this hand's knock limit / 10 |
//! | `passes` | 1 | passes in the upcard offer / 2 |
//! | `points` | 2 | game points per seat / the target (100 when one hand is played) |
//! | `boxes` | 2 | hands won per seat / 10 |
//! | `last.knocker` | 2 | one-hot: who knocked in the last hand (none: no hand yet, or drawn) |
//! | `last.winner` | 2 | one-hot: who scored in the last hand |
//! | `last.flags` | 2 | the last knock was gin; it was undercut |
//! | `last.points` | 1 | points scored in the last hand / 100 |
//! | `hands_played` | 1 | hands finished / 10 |

use super::{GinAction, GinObservation, GinRummy, Phase};
use crate::encoding::{Encoding, Tensor};
use crate::games::common::encoding::{per_seat, seat_one_hot};
use crate::games::common::text::{in_order, seats, BySuit, Fmt, ObsText};
use crate::{Card, CardSet};

const SEATS: usize = 2;

impl Encoding for GinRummy {
    fn num_distinct_actions(&self) -> usize {
        2 * Card::SLOTS + 3
    }

    fn action_id(&self, action: GinAction) -> usize {
        match action {
            GinAction::Discard(c) => c.index(),
            GinAction::Knock(c) => Card::SLOTS + c.index(),
            GinAction::DrawStock => 2 * Card::SLOTS,
            GinAction::TakeDiscard => 2 * Card::SLOTS + 1,
            GinAction::Pass => 2 * Card::SLOTS + 2,
        }
    }

    fn encode_observation(&self, obs: &GinObservation, out: &mut Tensor) {
        let me = obs.me;
        out.cards("hand", obs.hand);
        let (top, rest) = match obs.pile.split_last() {
            Some((&top, rest)) => (CardSet::from_card(top), rest.iter().copied().collect()),
            None => (CardSet::EMPTY, CardSet::EMPTY),
        };
        out.cards("pile.top", top);
        out.cards("pile.rest", rest);
        out.cards("upcard", CardSet::from_card(obs.upcard));
        out.cards("taken", obs.taken.into_iter().collect());
        for (name, sets) in [
            ("known", &obs.known),
            ("refused", &obs.refused),
            ("discarded", &obs.discarded),
        ] {
            out.cards(name, sets[me.index()]);
            out.cards(name, sets[1 - me.index()]);
        }
        let phase = match obs.phase {
            Phase::Offer => 0,
            Phase::Draw => 1,
            Phase::Discard => 2,
            Phase::Over => 3,
        };
        out.one_hot("phase", Some(phase), 4);
        seat_one_hot(out, "turn", Some(obs.turn), me, SEATS);
        seat_one_hot(out, "dealer", Some(obs.dealer), me, SEATS);
        out.scalar("stock", f32::from(obs.stock_len) / 31.0);
        out.scalar("opponent_cards", obs.opponent_cards() as f32 / 11.0);
        out.scalar("knock_limit", f32::from(obs.limit) / 10.0);
        out.scalar("passes", f32::from(obs.passes) / 2.0);
        let target = if self.target == 0 { 100 } else { self.target } as f32;
        per_seat(out, "points", me, SEATS, |s| {
            obs.points[s.index()] as f32 / target
        });
        per_seat(out, "boxes", me, SEATS, |s| {
            obs.boxes[s.index()] as f32 / 10.0
        });
        let last = obs.last.unwrap_or_default();
        seat_one_hot(out, "last.knocker", last.knocker, me, SEATS);
        seat_one_hot(out, "last.winner", last.winner, me, SEATS);
        out.bits(
            "last.flags",
            u64::from(last.gin) | u64::from(last.undercut) << 1,
            2,
        );
        out.scalar("last.points", last.points as f32 / 100.0);
        out.scalar("hands_played", obs.hands_played as f32 / 10.0);
    }

    fn observation_string(&self, obs: &GinObservation) -> String {
        let mut t = ObsText::dealt(obs.me, SEATS, obs.dealer, obs.phase);
        t.line("hand", BySuit(obs.hand))
            .line("to move", obs.turn)
            .line("pile", in_order(&obs.pile))
            .line("upcard", obs.upcard)
            .line("stock", obs.stock_len)
            .line("opponent cards", obs.opponent_cards())
            .line("knock limit", obs.limit)
            .line("passes", obs.passes)
            .opt("taken", obs.taken)
            .seat_cards("known", SEATS, |s| obs.known[s.index()])
            .seat_cards("refused", SEATS, |s| obs.refused[s.index()])
            .seat_cards("discarded", SEATS, |s| obs.discarded[s.index()])
            .line("points", seats(SEATS, |s| obs.points[s.index()]))
            .line("target", self.target)
            .line("boxes", seats(SEATS, |s| obs.boxes[s.index()]))
            .line("hands played", obs.hands_played);
        if let Some(last) = obs.last {
            t.line(
                "last hand",
                Fmt(|f: &mut std::fmt::Formatter<'_>| {
                    match last.knocker {
                        None => f.write_str("drawn")?,
                        Some(k) => {
                            let how = if last.gin { "gin" } else { "knock" };
                            write!(f, "{how} by {k}")?;
                            if last.undercut {
                                f.write_str(", undercut")?;
                            }
                            write!(
                                f,
                                ", deadwood {} vs {}, laid off {}",
                                last.knocker_deadwood,
                                last.defender_deadwood,
                                BySuit(last.laid_off)
                            )?;
                        }
                    }
                    match last.winner {
                        Some(w) => write!(f, "; {w} scored {}", last.points),
                        None => Ok(()),
                    }
                }),
            );
        }
        t.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::{check, layout};
    use crate::games::common::encoding::named;
    use crate::{Game, Params, Seat, ToMove};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn game(params: &[&str]) -> GinRummy {
        GinRummy::new(2, &Params::parse(params).unwrap()).unwrap()
    }

    #[test]
    fn the_text_shows_the_own_hand_and_not_the_opponents() {
        let g = game(&[]);
        let state = g.deal(&mut ChaCha8Rng::seed_from_u64(9));
        for me in [Seat::new(0), Seat::new(1)] {
            let obs = g.observe(&state, me);
            let text = g.observation_string(&obs);
            let theirs = g.observe(&state, Seat::new(1 - me.index())).hand;
            crate::games::common::text::assert_shows(&text, obs.hand, theirs);
            assert!(
                text.contains(&format!("upcard: {}\n", obs.upcard)),
                "{text}"
            );
        }
    }

    #[test]
    fn random_games_pass_the_encoding_check() {
        for params in [
            &["target=0"][..],
            &["target=30", "first_turn=offer", "oklahoma=true"][..],
            &["around_the_corner=true", "target=20"][..],
        ] {
            let g = game(params);
            let report = check(&g, 0..6, 2000);
            assert!(report.decisions > 100, "{params:?}: {report:?}");
            assert_eq!(layout(&g).iter().map(|s| s.len).sum::<usize>(), 728);
        }
    }

    #[test]
    fn actions_have_the_documented_ids() {
        let g = game(&[]);
        let c: Card = "7H".parse().unwrap();
        assert_eq!(g.action_id(GinAction::Discard(c)), c.index());
        assert_eq!(g.action_id(GinAction::Knock(c)), 64 + c.index());
        assert_eq!(g.action_id(GinAction::DrawStock), 128);
        assert_eq!(g.action_id(GinAction::TakeDiscard), 129);
        assert_eq!(g.action_id(GinAction::Pass), 130);
        assert_eq!(g.num_distinct_actions(), 131);
    }

    /// The hand plane is the seat's hand and holds none of the opponent's cards; a discard
    /// shows as the pile's top and in the discarder's `discarded` plane at its relative seat.
    #[test]
    fn hand_and_discards_are_where_the_seat_sees_them() {
        let g = game(&["target=0"]);
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut st = g.deal(&mut rng);
        let me = Seat::new(1);
        let mut t = Tensor::new();
        g.encode_observation(&g.observe(&st, me), &mut t);
        let hand = named(&t, "hand");
        for c in Card::all52() {
            assert_eq!(hand[c.index()] == 1.0, st.hands[1].contains(c), "{c}");
            if st.hands[0].contains(c) {
                assert_eq!(hand[c.index()], 0.0);
            }
        }
        // Seat 0 draws and discards a card; seat 1 sees it on top and as seat 0's discard.
        let mut legal = Vec::new();
        let mut discarded = None;
        while discarded.is_none() {
            assert!(matches!(g.to_move(&st), ToMove::Seat(_)));
            g.legal_actions(&st, &mut legal);
            let a = *legal
                .iter()
                .find(|a| matches!(a, GinAction::Discard(_)))
                .unwrap_or(&legal[0]);
            let mover = st.turn;
            g.apply(&mut st, a, &mut rng);
            if let GinAction::Discard(c) = a {
                discarded = Some((mover, c));
            }
        }
        let (mover, c) = discarded.unwrap();
        t.clear();
        g.encode_observation(&g.observe(&st, me), &mut t);
        assert_eq!(named(&t, "pile.top")[c.index()], 1.0);
        let rel = crate::encoding::relative(mover, me, 2);
        assert_eq!(named(&t, "discarded")[rel * 64 + c.index()], 1.0);
        assert_eq!(named(&t, "discarded")[(1 - rel) * 64 + c.index()], 0.0);
    }
}
