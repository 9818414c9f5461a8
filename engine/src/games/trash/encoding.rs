//! Trash's [`Encoding`]: action ids and the observation tensor.
//!
//! **Action ids** (13). No action names a card (the card placed is the one held), so the ids
//! are compact rather than [`Card::index`](crate::Card::index)-based:
//!
//! | ids | action |
//! |---|---|
//! | `0..10` | `place k` (spot `k` = id + 1) |
//! | `10` | `draw` (from the stock) |
//! | `11` | `take` (the top discard) |
//! | `12` | `discard` |
//!
//! **Observation.** Everything in Trash is public except the face-down cards and the stock
//! order, which nobody knows; so all seats' tensors differ only in the seat order. With `n`
//! players and `d` decks (`d` = [`Trash::decks`]), per-seat segments are ordered from the
//! observer to its left ([`relative`](crate::encoding::relative)); card planes have
//! [`Card::SLOTS`](crate::Card::SLOTS) entries indexed by [`Card::index`](crate::Card::index), counted planes are copies / `d`.
//!
//! | segment | length | meaning |
//! |---|---|---|
//! | `layout.size` | n | each seat's layout size / 10 |
//! | `layout.face_down` | n × 10 | per seat, spots 1 to 10: 1 if the spot is face down |
//! | `layout.natural` | n × 10 | per seat: 1 if the spot shows its natural card |
//! | `layout.jack` | n × 10 | per seat: 1 if the spot holds a jack |
//! | `wins` | n | hands won per seat / the starting layout size |
//! | `turn` | n | one-hot: the seat to move (the one holding `held`) |
//! | `dealer` | n | one-hot: the dealer of this hand |
//! | `held` | 64 | the card in the hand of the seat to move |
//! | `decision` | 3 | one-hot: place a jack, replace a jack, take or draw (none when over) |
//! | `discard.top` | 64 | the takeable discard |
//! | `discard.rest` | 64 | counts of the older discards |
//! | `stock.known` | 64 | counts of the stock cards everybody knows (after a rebuild) |
//! | `seen` | 64 | counts of every visible card (layouts, discards, held) |
//! | `stock` | 1 | cards in the stock / (52 d) |
//! | `hand` | 1 | hands dealt / (n × starting layout size) |
//!
//! In all `34n + 325` entries.

use super::{Decision, Spot, Trash, TrashAction, TrashObservation, MAX_LAYOUT};
use crate::encoding::{Encoding, Tensor};
use crate::games::common::encoding::{around, per_seat, seat_one_hot};
use crate::games::common::text::{card_or_dash, seats, Counted, Fmt, ObsText};
use crate::{Game, Seat};

const SPOTS: usize = MAX_LAYOUT as usize;

impl Encoding for Trash {
    fn num_distinct_actions(&self) -> usize {
        SPOTS + 3
    }

    fn action_id(&self, action: TrashAction) -> usize {
        match action {
            TrashAction::Place(k) => usize::from(k) - 1,
            TrashAction::DrawStock => SPOTS,
            TrashAction::TakeDiscard => SPOTS + 1,
            TrashAction::Discard => SPOTS + 2,
        }
    }

    fn encode_observation(&self, obs: &TrashObservation, out: &mut Tensor) {
        let n = self.players();
        let me = obs.seat;
        let decks = f32::from(self.decks());
        let layout = f32::from(self.layout_size());
        per_seat(out, "layout.size", me, n, |s| {
            f32::from(obs.layouts[s].size) / SPOTS as f32
        });
        for (name, shows) in [
            (
                "layout.face_down",
                (|s: &Spot| *s == Spot::FaceDown) as fn(&Spot) -> bool,
            ),
            ("layout.natural", |s: &Spot| matches!(s, Spot::Natural(_))),
            ("layout.jack", |s: &Spot| matches!(s, Spot::Jack(_))),
        ] {
            for s in around(me, n) {
                let l = &obs.layouts[s];
                let bits = (0..usize::from(l.size))
                    .filter(|&i| shows(&l.spots[i]))
                    .fold(0u64, |m, i| m | 1 << i);
                out.bits(name, bits, SPOTS);
            }
        }
        per_seat(out, "wins", me, n, |s| f32::from(obs.wins[s]) / layout);
        seat_one_hot(out, "turn", obs.decision.map(|_| obs.turn), me, n);
        seat_one_hot(out, "dealer", Some(obs.dealer), me, n);
        out.cards("held", obs.held.into_iter().collect());
        let decision = obs.decision.map(|d| match d {
            Decision::PlaceJack => 0,
            Decision::ReplaceJack(_) => 1,
            Decision::TakeOrDraw => 2,
        });
        out.one_hot("decision", decision, 3);
        out.cards("discard.top", obs.discards.top.into_iter().collect());
        out.card_counts("discard.rest", &obs.discards.rest, decks);
        out.card_counts("stock.known", &obs.stock_known, decks);
        out.card_counts("seen", &obs.visible(), decks);
        out.scalar("stock", f32::from(obs.stock) / (52.0 * decks));
        out.scalar("hand", f32::from(obs.hand) / (n as f32 * layout));
    }

    /// Each layout is written spot by spot from spot 1: the card of a face-up spot, `[JS]`
    /// for a jack standing in for the natural card, `?` face down.
    fn observation_string(&self, obs: &TrashObservation) -> String {
        let n = self.players();
        let mut t = ObsText::new(
            obs.seat,
            n,
            format_args!("dealer {}, hand {}", obs.dealer, obs.hand),
        );
        for s in Seat::all(n) {
            let l = obs.layouts[s];
            let spots = Fmt(move |f: &mut std::fmt::Formatter<'_>| {
                for (i, spot) in l.spots[..usize::from(l.size)].iter().enumerate() {
                    let sep = if i > 0 { " " } else { "" };
                    match spot {
                        Spot::FaceDown => write!(f, "{sep}?")?,
                        Spot::Natural(c) => write!(f, "{sep}{c}")?,
                        Spot::Jack(c) => write!(f, "{sep}[{c}]")?,
                    }
                }
                Ok(())
            });
            t.line(&format!("layout {s}"), spots);
        }
        t.line("wins", seats(n, |s| obs.wins[s]));
        match obs.decision {
            Some(d) => {
                let decision = match d {
                    Decision::PlaceJack => "place the jack".to_string(),
                    Decision::ReplaceJack(k) => format!("replace the jack at {k} or discard"),
                    Decision::TakeOrDraw => "take the discard or draw".to_string(),
                };
                t.line("to move", format_args!("{}, {decision}", obs.turn));
            }
            None => {
                t.opt("winner", obs.winner);
            }
        }
        t.line("held", card_or_dash(obs.held))
            .line("discard", card_or_dash(obs.discards.top))
            .line("older discards", Counted(&obs.discards.rest))
            .line("stock", obs.stock)
            .line("stock known", Counted(&obs.stock_known));
        t.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::{check, layout, relative};
    use crate::games::common::encoding::named;
    use crate::{Card, CardSet, Params, ToMove};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn game(players: usize, params: &[&str]) -> Trash {
        Trash::new(players, &Params::parse(params).unwrap()).unwrap()
    }

    #[test]
    fn random_games_pass_the_encoding_check() {
        for (players, params) in [
            (2, &[][..]),
            (3, &["layout=4"][..]),
            (5, &["layout=3", "decks=4"][..]),
            (12, &["layout=3"][..]),
        ] {
            let g = game(players, params);
            let report = check(&g, 0..6, 3000);
            assert!(report.decisions > 10, "{players} players: {report:?}");
            let len: usize = layout(&g).iter().map(|s| s.len).sum();
            assert_eq!(len, 34 * players + 325);
        }
    }

    #[test]
    fn the_text_shows_face_up_cards_and_no_face_down_or_stock_card() {
        let g = game(2, &[]);
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut st = g.deal(&mut rng);
        let mut legal = Vec::new();
        for _ in 0..20 {
            if g.to_move(&st) == ToMove::Over {
                break;
            }
            g.legal_actions(&st, &mut legal);
            g.apply(&mut st, legal[0], &mut rng);
        }
        let (mut up, mut down) = (CardSet::EMPTY, CardSet::EMPTY);
        for s in Seat::all(2) {
            let l = st.layout(s);
            for k in 1..=l.size() {
                match l.spot(k) {
                    Spot::FaceDown => down.insert(l.card(k)),
                    Spot::Natural(c) | Spot::Jack(c) => up.insert(c),
                };
            }
        }
        down.extend(st.stock().iter().copied());
        assert!(!up.is_empty() && !down.is_empty());
        let text = g.observation_string(&g.observe(&st, Seat::new(1)));
        assert!(text.starts_with("seat 1 of 2, dealer "), "{text}");
        crate::games::common::text::assert_shows(&text, up, down);
        assert!(text.contains("layout 0: "), "{text}");
    }

    #[test]
    fn actions_have_the_documented_ids() {
        let g = game(2, &[]);
        assert_eq!(g.action_id(TrashAction::Place(1)), 0);
        assert_eq!(g.action_id(TrashAction::Place(10)), 9);
        assert_eq!(g.action_id(TrashAction::DrawStock), 10);
        assert_eq!(g.action_id(TrashAction::TakeDiscard), 11);
        assert_eq!(g.action_id(TrashAction::Discard), 12);
        assert_eq!(g.num_distinct_actions(), 13);
    }

    /// Face-up spots appear at the relative seat that owns them, the held card and the
    /// turn are where the state has them, and no face-down card shows anywhere.
    #[test]
    fn layouts_appear_at_the_owner_relative_seat() {
        let g = game(3, &[]);
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut st = g.deal(&mut rng);
        let mut legal = Vec::new();
        for _ in 0..6 {
            if g.to_move(&st) == ToMove::Over {
                break;
            }
            g.legal_actions(&st, &mut legal);
            g.apply(&mut st, legal[0], &mut rng);
        }
        let me = Seat::new(1);
        let mut t = Tensor::new();
        g.encode_observation(&g.observe(&st, me), &mut t);
        let natural = named(&t, "layout.natural");
        let down = named(&t, "layout.face_down");
        let mut face_up_seen = 0;
        for s in Seat::all(3) {
            let r = relative(s, me, 3);
            let l = st.layout(s);
            for k in 1..=l.size() {
                let i = r * SPOTS + usize::from(k) - 1;
                let up = matches!(l.spot(k), Spot::Natural(_));
                assert_eq!(natural[i] == 1.0, up, "seat {s} spot {k}");
                assert_eq!(down[i] == 1.0, l.spot(k) == Spot::FaceDown);
                face_up_seen += usize::from(up);
            }
        }
        assert!(face_up_seen > 0, "a few moves turn some cards up");
        if let Some(c) = st.held() {
            assert_eq!(named(&t, "held")[c.index()], 1.0);
        }
        let turn = named(&t, "turn");
        if g.to_move(&st) != ToMove::Over {
            assert_eq!(turn[relative(st.turn(), me, 3)], 1.0);
        }
        let seen = named(&t, "seen");
        let visible = g.observe(&st, me).visible();
        for c in Card::all52() {
            assert_eq!(seen[c.index()], f32::from(visible.count(c)) / 2.0);
        }
    }
}
