//! The [`Encoding`] of Mattis and Myllymatti ([`TwoPart`]): action ids and the observation
//! tensor, the same for both games.
//!
//! **Action ids.** [`Card::index`] is `16 × suit + rank slot` (suits ♣ ♦ ♥ ♠). Mattis has 834
//! ids; Myllymatti, which has no runs, the first 66.
//!
//! | ids | action |
//! |---|---|
//! | `0..64` | play card `c` (id `c.index()`): from the hand in the first half, a single card in the second |
//! | `64` | `blind`: play the top card of the stock (first half) |
//! | `65` | `take`: pick up (second half) |
//! | `66..834` | a run of `len` ≥ 2 cards from `low` (Mattis): `66 + 64 (len − 2) + low.index()` |
//!
//! **Observation** (`326n + 265` entries for `n` players: 1243 for Myllymatti, 1569 to 2873
//! for Mattis). Per-seat segments are ordered from the observer to its left
//! ([`relative`](crate::encoding::relative)); card planes have 64 entries indexed by
//! [`Card::index`].
//!
//! | segment | length | meaning |
//! |---|---|---|
//! | `hand` | 64 | the observer's cards |
//! | `half` | 2 | one-hot: first half (building hands), second half (beating) |
//! | `trump` | 4 | one-hot: the trump suit, once the last stock card is drawn |
//! | `trump.card` | 64 | that card |
//! | `trump.maker` | n | one-hot: the seat that drew it |
//! | `turn` | n | one-hot: the seat to move (none when over) |
//! | `leader` | n | one-hot: the leader of the first-half trick (none in the second half) |
//! | `contenders` | n | 1 for the seats playing the current first-half round |
//! | `won` | n × 64 | per seat: its first-half won pile |
//! | `round` | n × 64 | per seat: the card it played in the current first-half round |
//! | `table` | n × 64 | per seat: its cards on the table (the first-half trick, ties included; the second-half trick) |
//! | `target` | 64 | the play to beat (second half) |
//! | `known` | n × 64 | per seat: the cards of its second-half hand everybody knows |
//! | `excluded` | n × 64 | per seat: cards it showed it does not hold (a forced pick-up) |
//! | `discards` | 64 | cards of completed second-half tricks |
//! | `out` | n | 1 for the seats that went out |
//! | `hand_sizes` | n | cards in each hand / 52 |
//! | `stock` | 1 | cards in the stock / 52 |
//! | `table.plays` | 1 | plays on the second-half table / n |
//! | `need` | 1 | plays that complete the second-half trick / n |

use super::{Half, MattisAction, MattisObservation, TwoPart, Variant};
use crate::encoding::{Encoding, Tensor};
use crate::games::common::encoding::{around, per_seat, seat_one_hot};
use crate::games::common::text::{card_or_dash, seat_list, seats, BySuit, Fmt, ObsText};
use crate::games::common::{BeatMove, Run};
use crate::Seat;
use crate::{Card, CardSet, Game};

/// The first run id.
const RUNS: usize = Card::SLOTS + 2;

impl<V: Variant> Encoding for TwoPart<V> {
    fn num_distinct_actions(&self) -> usize {
        if V::BEAT.runs {
            RUNS + 12 * Card::SLOTS
        } else {
            RUNS
        }
    }

    fn action_id(&self, action: MattisAction) -> usize {
        match action {
            MattisAction::Card(c) => c.index(),
            MattisAction::Beat(BeatMove::Play(Run { low, len: 1 })) => low.index(),
            MattisAction::Blind => Card::SLOTS,
            MattisAction::Beat(BeatMove::PickUp) => Card::SLOTS + 1,
            MattisAction::Beat(BeatMove::Play(Run { low, len })) => {
                RUNS + Card::SLOTS * (usize::from(len) - 2) + low.index()
            }
        }
    }

    fn encode_observation(&self, obs: &MattisObservation, out: &mut Tensor) {
        let n = self.players();
        let me = obs.seat;
        let v = &obs.view;
        let second = v.half == Half::Second;
        let beat = &v.beat;
        out.cards("hand", obs.hand());
        out.one_hot("half", Some(usize::from(second)), 2);
        let trump = if second {
            Some(beat.trump())
        } else {
            v.trump.map(|c| c.suit())
        };
        out.one_hot("trump", trump.map(|s| s.index()), 4);
        out.cards("trump.card", v.trump.into_iter().collect());
        seat_one_hot(out, "trump.maker", v.maker, me, n);
        let turn = match v.half {
            Half::First => Some(v.turn),
            Half::Second => (!beat.is_over()).then(|| beat.turn()),
        };
        seat_one_hot(out, "turn", turn, me, n);
        seat_one_hot(out, "leader", (!second).then_some(v.leader), me, n);
        per_seat(out, "contenders", me, n, |s| {
            f32::from(u8::from(!second && v.contenders.contains(s)))
        });
        for s in around(me, n) {
            out.cards("won", v.won[s]);
        }
        for s in around(me, n) {
            let card = if second { None } else { v.round[s] };
            out.cards("round", card.into_iter().collect());
        }
        for s in around(me, n) {
            let cards = if second {
                beat.table()
                    .iter()
                    .filter(|&&(by, _)| by == s)
                    .fold(CardSet::EMPTY, |a, &(_, r)| a | r.cards())
            } else {
                v.table[s]
            };
            out.cards("table", cards);
        }
        let target = if second { beat.target() } else { None };
        out.cards("target", target.map_or(CardSet::EMPTY, Run::cards));
        for s in around(me, n) {
            out.cards(
                "known",
                if second {
                    beat.known(s)
                } else {
                    CardSet::EMPTY
                },
            );
        }
        for s in around(me, n) {
            out.cards("excluded", beat.excluded(s));
        }
        out.cards("discards", beat.discards());
        per_seat(out, "out", me, n, |s| {
            f32::from(u8::from(beat.out().is_out(s)))
        });
        per_seat(out, "hand_sizes", me, n, |s| {
            f32::from(obs.hand_sizes[s]) / 52.0
        });
        out.scalar("stock", f32::from(obs.stock) / 52.0);
        out.scalar("table.plays", beat.table().len() as f32 / n as f32);
        let need = if second { beat.need() } else { 0 };
        out.scalar("need", f32::from(need) / n as f32);
    }

    fn observation_string(&self, obs: &MattisObservation) -> String {
        let n = self.players();
        let v = &obs.view;
        let beat = &v.beat;
        let second = v.half == Half::Second;
        let half = if second { "second half" } else { "first half" };
        let mut t = ObsText::new(obs.seat, n, half);
        t.line("hand", BySuit(obs.hand()))
            .line("cards", seats(n, |s| obs.hand_sizes[s]))
            .line("stock", obs.stock);
        match v.trump {
            Some(c) => t.line("trump card", c),
            None if second => t.line("trump", beat.trump()),
            None => t.line("trump card", "-"),
        };
        t.opt("trump made by", v.maker)
            .seat_cards("won", n, |s| v.won[s]);
        if second {
            if !beat.is_over() {
                t.line("to play", beat.turn());
            }
            let table = beat.table();
            t.line(
                "table",
                Fmt(|f: &mut std::fmt::Formatter<'_>| {
                    if table.is_empty() {
                        f.write_str("-")?;
                    }
                    for (i, (s, run)) in table.iter().enumerate() {
                        let sep = if i > 0 { " " } else { "" };
                        write!(f, "{sep}{s}:{run}")?;
                    }
                    Ok(())
                }),
            )
            .opt("to beat", beat.target())
            .line("still to play to the trick", beat.need())
            .seat_cards("known", n, |s| beat.known(s))
            .seat_cards("cannot hold", n, |s| beat.excluded(s))
            .line("discards", BySuit(beat.discards()))
            .line(
                "out",
                seat_list(Seat::all(n).filter(|&s| beat.out().is_out(s))),
            );
        } else {
            t.line("to play", v.turn)
                .line("leader", v.leader)
                .line("contenders", seat_list(v.contenders.iter()))
                .line("round", seats(n, |s| card_or_dash(v.round[s])))
                .seat_cards("table", n, |s| v.table[s])
                .seat_cards("cannot hold", n, |s| beat.excluded(s));
        }
        t.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::{check, layout, relative};
    use crate::games::common::encoding::named;
    use crate::games::mattis::Mattis;
    use crate::games::myllymatti::Myllymatti;
    use crate::{Params, Seat, ToMove};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn len<G: Encoding>(g: &G) -> usize {
        layout(g).iter().map(|s| s.len).sum()
    }

    #[test]
    fn the_text_shows_the_own_hand_and_no_other() {
        let hand = |o: &MattisObservation| o.hand();
        let g = Mattis::new(4, &Params::new()).unwrap();
        crate::games::common::text::assert_hands_private(&g, 4, hand);
        let g = Myllymatti::new(3, &Params::new()).unwrap();
        crate::games::common::text::assert_hands_private(&g, 4, hand);
    }

    #[test]
    fn random_games_pass_the_encoding_check() {
        for n in [3, 4, 8] {
            let g = Mattis::new(n, &Params::new()).unwrap();
            let report = check(&g, 0..4, 1500);
            assert!(report.decisions > 100, "{n} players: {report:?}");
            assert_eq!(len(&g), 326 * n + 265);
        }
        let g = Myllymatti::new(3, &Params::new()).unwrap();
        let report = check(&g, 0..6, 1500);
        assert!(report.decisions > 100, "{report:?}");
        assert_eq!(len(&g), 1243);
    }

    #[test]
    fn actions_have_the_documented_ids() {
        let g = Mattis::new(4, &Params::new()).unwrap();
        let c = |s: &str| s.parse::<Card>().unwrap();
        assert_eq!(g.action_id(MattisAction::Card(c("9C"))), c("9C").index());
        let single = BeatMove::Play(Run::single(c("9C")));
        assert_eq!(g.action_id(MattisAction::Beat(single)), c("9C").index());
        assert_eq!(g.action_id(MattisAction::Blind), 64);
        assert_eq!(g.action_id(MattisAction::Beat(BeatMove::PickUp)), 65);
        let run = BeatMove::Play(Run::new(c("5H"), 3));
        assert_eq!(
            g.action_id(MattisAction::Beat(run)),
            66 + 64 + c("5H").index()
        );
        let longest = BeatMove::Play(Run::new(c("2S"), 13));
        assert_eq!(g.action_id(MattisAction::Beat(longest)), 66 + 64 * 11 + 50);
        assert_eq!(g.num_distinct_actions(), 834);
        let m = Myllymatti::new(3, &Params::new()).unwrap();
        assert_eq!(m.num_distinct_actions(), 66);
    }

    /// The hand plane is the seat's own cards, none of another's; a first-half card on the
    /// table is in the `table` and `round` planes of the relative seat that played it.
    #[test]
    fn hand_and_table_are_where_the_seat_sees_them() {
        let g = Mattis::new(4, &Params::new()).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let mut st = g.deal(&mut rng);
        let me = Seat::new(2);
        let mut t = Tensor::new();
        g.encode_observation(&g.observe(&st, me), &mut t);
        let hand = named(&t, "hand");
        for c in Card::all52() {
            assert_eq!(hand[c.index()] == 1.0, st.hand_of(me).contains(c), "{c}");
        }
        let other = st.hand_of(Seat::new(0));
        assert!(other.iter().all(|c| hand[c.index()] == 0.0));
        let ToMove::Seat(mover) = g.to_move(&st) else {
            panic!("the first half starts with a seat to move")
        };
        let card = st.hand_of(mover).lowest().unwrap();
        g.apply(&mut st, MattisAction::Card(card), &mut rng);
        t.clear();
        g.encode_observation(&g.observe(&st, me), &mut t);
        let r = relative(mover, me, 4);
        for name in ["table", "round"] {
            let plane = named(&t, name);
            assert_eq!(plane[r * 64 + card.index()], 1.0, "{name}");
            assert_eq!(plane.iter().sum::<f32>(), 1.0, "{name}");
        }
    }
}
