//! Tong-Its' [`Encoding`]: action ids and the observation tensor.
//!
//! **Action ids** (3080). [`Card::index`] is `16 × suit + rank slot` (suits ♣ ♦ ♥ ♠). A meld
//! is numbered by its place in the list of every meld of the 52-card deck (the 65 sets of
//! three or four of a rank and the 264 runs that [`melds_in`] finds in the full deck), sorted
//! by their [`CardSet`] bits; the hand cards of a `take` by their place in the list, sorted
//! the same way, of every meld less one card (the 1582 pairs, triples and broken or short
//! runs that make a meld with the top discard).
//!
//! | ids | action |
//! |---|---|
//! | `0..64` | `discard c` (id `c.index()`) |
//! | `64` | `draw` |
//! | `65` | `call` (draw) |
//! | `66` | `fold` |
//! | `67` | `fight` |
//! | `68..81` | `hide` a four of a kind, two … ace (`68 + rank`, ranks two = 0 … ace = 12) |
//! | `81..410` | `meld m`, `81 + ` the meld's number |
//! | `410..1992` | `take s`, `410 + ` the number of `s` |
//! | `1992..3080` | `sapaw c i`: `1992 + 64 i + c.index()` (table meld `i` < 17) |
//!
//! **Observation** (1972 entries). Per-seat segments have three entries, the observer first,
//! then the seat to its left, then the one to its right.
//!
//! | segment | length | meaning |
//! |---|---|---|
//! | `hand` | 64 | the observer's hand |
//! | `pile.top` | 64 | the top discard |
//! | `pile.rest` | 64 | the rest of the discard pile |
//! | `meld` | 17 × 64 | table meld `i` (as `sapaw` numbers them): its cards (none for another seat's face-down four) |
//! | `meld.owner` | 17 × 3 | per table meld: one-hot, the seat that laid it |
//! | `meld.face_down` | 17 | per table meld: 1 for a four laid face down |
//! | `picked` | 3 × 64 | per seat: the discards it took this hand |
//! | `refused` | 3 × 64 | per seat: the top discards it refused this hand |
//! | `discarded` | 3 × 64 | per seat: the cards it discarded this hand |
//! | `hand_sizes` | 3 | cards in each hand / 13 |
//! | `stock` | 1 | cards in the stock / 15 |
//! | `phase` | 4 | one-hot: draw, play, fold or fight a draw call, over |
//! | `caller` | 3 | one-hot: the seat that called draw (fight phase) |
//! | `turn` | 3 | one-hot: the seat to move (none when over) |
//! | `dealer` | 3 | one-hot: the dealer |
//! | `opened` | 3 | 1 for the seats that have opened |
//! | `own_sapaw` | 3 | 1 for the seats that laid off onto their own melds in their current or previous turn |
//! | `sapawed` | 3 | 1 for the seats whose melds were laid off onto since their last turn |
//! | `fighters` | 3 | 1 for the seats that fought the current draw call |
//! | `last_drawer` | 3 | one-hot: the seat that drew the last stock card |
//! | `chips` | 3 | net chips per seat / 50 |
//! | `pot` | 1 | chips in the pot / 20 |
//! | `streak` | 3 | one-hot: the last hand's winner (the pot goes to a second win in a row) |
//! | `streak.length` | 1 | its hands won in a row / 3 |
//! | `last.winner` | 3 | one-hot: the last hand's winner |
//! | `last.ending` | 4 | one-hot: tongit, draw, fought draw, stock out |
//! | `hands_played` | 1 | hands finished / the hands in the match |

use super::{melds_in, Ending, Phase, TongIts, TongitsAction, TongitsObservation, MAX_MELDS};
use crate::encoding::{Encoding, Tensor};
use crate::games::common::encoding::{around, per_seat, seat_one_hot};
use crate::games::common::text::{in_order, name, seat_list, seats, BySuit, ObsText};
use crate::{Card, CardSet, Rank};
use std::sync::OnceLock;

const SEATS: usize = 3;
const HIDE: usize = 68;
const MELD: usize = HIDE + Rank::COUNT;
const MELDS: usize = 329;
const TAKE: usize = MELD + MELDS;
const TAKES: usize = 1582;
const SAPAW: usize = TAKE + TAKES;

/// Every meld of the deck, and every meld less one card (of two cards or more), each sorted
/// by bits.
fn tables() -> &'static (Vec<u64>, Vec<u64>) {
    static TABLES: OnceLock<(Vec<u64>, Vec<u64>)> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut melds = Vec::new();
        melds_in(CardSet::FULL_DECK, |m| melds.push(m.bits()));
        melds.sort_unstable();
        melds.dedup();
        let mut takes: Vec<u64> = melds
            .iter()
            .flat_map(|&m| {
                CardSet::from_bits(m)
                    .iter()
                    .map(move |c| CardSet::from_bits(m).without(c).bits())
            })
            .collect();
        takes.sort_unstable();
        takes.dedup();
        (melds, takes)
    })
}

/// The place of `set` in `table` (0 for a set not in it, which is never a legal action).
fn place(table: &[u64], set: CardSet) -> usize {
    table.binary_search(&set.bits()).unwrap_or(0)
}

impl Encoding for TongIts {
    fn num_distinct_actions(&self) -> usize {
        SAPAW + MAX_MELDS * Card::SLOTS
    }

    fn action_id(&self, action: TongitsAction) -> usize {
        let (melds, takes) = tables();
        match action {
            TongitsAction::Discard(c) => c.index(),
            TongitsAction::DrawStock => 64,
            TongitsAction::CallDraw => 65,
            TongitsAction::Fold => 66,
            TongitsAction::Fight => 67,
            TongitsAction::FaceDown(four) => {
                let rank = four.lowest().map_or(0, |c| {
                    Rank::ALL.iter().position(|&r| r == c.rank()).unwrap_or(0)
                });
                HIDE + rank
            }
            TongitsAction::Meld(m) => MELD + place(melds, m),
            TongitsAction::Take(s) => TAKE + place(takes, s),
            TongitsAction::Sapaw(c, i) => SAPAW + Card::SLOTS * usize::from(i) + c.index(),
        }
    }

    fn encode_observation(&self, obs: &TongitsObservation, out: &mut Tensor) {
        let me = obs.me;
        let idx = |s: crate::Seat| s.index();
        out.cards("hand", obs.hand);
        let (top, rest) = match obs.pile.split_last() {
            Some((&top, rest)) => (CardSet::from_card(top), rest.iter().copied().collect()),
            None => (CardSet::EMPTY, CardSet::EMPTY),
        };
        out.cards("pile.top", top);
        out.cards("pile.rest", rest);
        for i in 0..MAX_MELDS {
            out.cards("meld", obs.melds.get(i).map_or(CardSet::EMPTY, |m| m.cards));
        }
        for i in 0..MAX_MELDS {
            seat_one_hot(
                out,
                "meld.owner",
                obs.melds.get(i).map(|m| m.owner),
                me,
                SEATS,
            );
        }
        let face_down = (0..MAX_MELDS)
            .filter(|&i| obs.melds.get(i).is_some_and(|m| m.face_down))
            .fold(0u64, |b, i| b | 1 << i);
        out.bits("meld.face_down", face_down, MAX_MELDS);
        for (name, sets) in [
            ("picked", &obs.picked),
            ("refused", &obs.refused),
            ("discarded", &obs.discarded),
        ] {
            for s in around(me, SEATS) {
                out.cards(name, sets[idx(s)]);
            }
        }
        per_seat(out, "hand_sizes", me, SEATS, |s| {
            f32::from(obs.hand_sizes[idx(s)]) / 13.0
        });
        out.scalar("stock", f32::from(obs.stock_len) / 15.0);
        let (phase, caller) = match obs.phase {
            Phase::Draw => (0, None),
            Phase::Play => (1, None),
            Phase::Fight { caller } => (2, Some(caller)),
            Phase::Over => (3, None),
        };
        out.one_hot("phase", Some(phase), 4);
        seat_one_hot(out, "caller", caller, me, SEATS);
        let turn = (obs.phase != Phase::Over).then_some(obs.turn);
        seat_one_hot(out, "turn", turn, me, SEATS);
        seat_one_hot(out, "dealer", Some(obs.dealer), me, SEATS);
        for (name, flags) in [
            ("opened", &obs.opened),
            ("own_sapaw", &obs.own_sapaw),
            ("sapawed", &obs.sapawed),
            ("fighters", &obs.fighters),
        ] {
            per_seat(out, name, me, SEATS, |s| f32::from(u8::from(flags[idx(s)])));
        }
        seat_one_hot(out, "last_drawer", obs.last_drawer, me, SEATS);
        per_seat(out, "chips", me, SEATS, |s| obs.chips[idx(s)] as f32 / 50.0);
        out.scalar("pot", obs.pot as f32 / 20.0);
        seat_one_hot(out, "streak", obs.streak.map(|(s, _)| s), me, SEATS);
        out.scalar(
            "streak.length",
            obs.streak.map_or(0.0, |(_, n)| n as f32 / 3.0),
        );
        seat_one_hot(out, "last.winner", obs.last.map(|l| l.winner), me, SEATS);
        let ending = obs.last.map(|l| match l.ending {
            Ending::Tongit => 0,
            Ending::Draw => 1,
            Ending::FoughtDraw => 2,
            Ending::StockOut => 3,
        });
        out.one_hot("last.ending", ending, 4);
        out.scalar(
            "hands_played",
            obs.hands_played as f32 / self.hands.max(1) as f32,
        );
    }

    fn observation_string(&self, obs: &TongitsObservation) -> String {
        let idx = |s: crate::Seat| s.index();
        let phase = match obs.phase {
            Phase::Draw => "draw".to_string(),
            Phase::Play => "play".to_string(),
            Phase::Fight { caller } => format!("draw called by {caller}"),
            Phase::Over => "over".to_string(),
        };
        let mut t = ObsText::new(
            obs.me,
            SEATS,
            format_args!("dealer {}, {phase}", obs.dealer),
        );
        t.line("hand", BySuit(obs.hand));
        if obs.phase != Phase::Over {
            t.line("to move", obs.turn);
        }
        t.line("cards", seats(SEATS, |s| obs.hand_sizes[idx(s)]))
            .line("pile", in_order(&obs.pile))
            .line("stock", obs.stock_len);
        for m in &obs.melds {
            let cards = if m.face_down && m.cards.is_empty() {
                "four face down".to_string()
            } else if m.face_down {
                format!("{} (face down)", BySuit(m.cards))
            } else {
                BySuit(m.cards).to_string()
            };
            t.line(&format!("meld of {}", m.owner), cards);
        }
        let flags = |v: [bool; 3]| seat_list(crate::Seat::all(SEATS).filter(move |s| v[idx(*s)]));
        t.seat_cards("picked", SEATS, |s| obs.picked[idx(s)])
            .seat_cards("refused", SEATS, |s| obs.refused[idx(s)])
            .seat_cards("discarded", SEATS, |s| obs.discarded[idx(s)])
            .line("opened", flags(obs.opened))
            .line("laid off on own melds", flags(obs.own_sapaw))
            .line("melds laid off on", flags(obs.sapawed))
            .line("fighting", flags(obs.fighters))
            .opt("last stock card drawn by", obs.last_drawer)
            .line("chips", seats(SEATS, |s| obs.chips[idx(s)]))
            .line("pot", obs.pot)
            .opt("streak", obs.streak.map(|(s, n)| format!("{s}, {n} hands")))
            .opt(
                "last hand",
                obs.last
                    .map(|l| format!("won by {} ({})", l.winner, name(l.ending))),
            )
            .line("hands played", obs.hands_played);
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

    fn game(hands: u32) -> TongIts {
        TongIts::new(3, &Params::new().set("hands", hands)).unwrap()
    }

    fn set(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    #[test]
    fn the_text_shows_the_own_hand_and_no_other() {
        crate::games::common::text::assert_hands_private(&game(1), 4, |o: &TongitsObservation| {
            o.hand
        });
    }

    #[test]
    fn the_meld_tables_have_the_documented_sizes() {
        let (melds, takes) = tables();
        assert_eq!((melds.len(), takes.len()), (MELDS, TAKES));
        assert_eq!(game(1).num_distinct_actions(), 3080);
    }

    #[test]
    fn random_games_pass_the_encoding_check() {
        for hands in [1, 3] {
            let g = game(hands);
            let report = check(&g, 0..10, 3000);
            assert!(report.decisions > 150, "{report:?}");
            assert_eq!(layout(&g).iter().map(|s| s.len).sum::<usize>(), 1972);
        }
    }

    #[test]
    fn actions_have_the_documented_ids() {
        let g = game(1);
        let c: Card = "7H".parse().unwrap();
        assert_eq!(g.action_id(TongitsAction::Discard(c)), c.index());
        assert_eq!(g.action_id(TongitsAction::DrawStock), 64);
        assert_eq!(g.action_id(TongitsAction::Fight), 67);
        assert_eq!(g.action_id(TongitsAction::FaceDown(set("2C 2D 2H 2S"))), 68);
        assert_eq!(g.action_id(TongitsAction::FaceDown(set("AC AD AH AS"))), 80);
        assert_eq!(
            g.action_id(TongitsAction::Sapaw(c, 2)),
            1992 + 128 + c.index()
        );
        // Distinct melds and takes get distinct ids in their ranges.
        let a = g.action_id(TongitsAction::Meld(set("5H 6H 7H")));
        let b = g.action_id(TongitsAction::Meld(set("5H 6H 7H 8H")));
        assert!((81..410).contains(&a) && (81..410).contains(&b) && a != b);
        let t = g.action_id(TongitsAction::Take(set("5H 7H")));
        let u = g.action_id(TongitsAction::Take(set("5H 6H")));
        assert!((410..1992).contains(&t) && (410..1992).contains(&u) && t != u);
    }

    /// The hand plane is the seat's hand, not another's; a discard shows on the pile's top and
    /// in the discarder's `discarded` plane at its relative seat.
    #[test]
    fn hand_and_discards_are_where_the_seat_sees_them() {
        let g = game(1);
        let mut rng = ChaCha8Rng::seed_from_u64(8);
        let mut st = g.deal(&mut rng);
        let me = Seat::new(2);
        let mut t = Tensor::new();
        g.encode_observation(&g.observe(&st, me), &mut t);
        let hand = named(&t, "hand");
        for c in Card::all52() {
            assert_eq!(hand[c.index()] == 1.0, st.hands[2].contains(c), "{c}");
        }
        assert!(st.hands[0].iter().all(|c| hand[c.index()] == 0.0));
        let mut legal = Vec::new();
        loop {
            assert!(matches!(g.to_move(&st), ToMove::Seat(_)));
            g.legal_actions(&st, &mut legal);
            let mover = st.turn;
            let a = *legal
                .iter()
                .find(|a| matches!(a, TongitsAction::Discard(_)))
                .unwrap_or(&legal[0]);
            g.apply(&mut st, a, &mut rng);
            if let TongitsAction::Discard(c) = a {
                t.clear();
                g.encode_observation(&g.observe(&st, me), &mut t);
                assert_eq!(named(&t, "pile.top")[c.index()], 1.0);
                let r = relative(mover, me, 3);
                let discarded = named(&t, "discarded");
                assert_eq!(discarded[64 * r + c.index()], 1.0);
                assert_eq!(discarded.iter().sum::<f32>(), 1.0);
                break;
            }
        }
    }
}
