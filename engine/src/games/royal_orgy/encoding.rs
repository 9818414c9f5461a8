//! Royal Orgy's [`Encoding`]: action ids and the observation tensor.
//!
//! Cards are [`TarotCard`]s: a card's id and its place in a card plane is its
//! [`TarotCard::index`] (`0..54`: suit `s` owns `8s..8s+8`, low to high 7/4, 8/3, 9/2, 10/1,
//! Page, Knight, Queen, King; trump `n` is `31 + n`, the Sküs 53). Card planes have 54
//! entries.
//!
//! **Action ids** (313):
//!
//! | ids     | action                                                                 |
//! |---------|------------------------------------------------------------------------|
//! | 0..64   | play, or (the soloist) discard, the card with that index (7C = 0, KS = 31, 1T = 32, 22T = 53); a discard and a play are never legal together |
//! | 64      | `pass` (no meld; in the three-player bidding, pass)                    |
//! | 65      | `solo`                                                                 |
//! | 66..313 | lay down a meld: `66 + i` for the `i`-th of the 247 possible melds in the order [`melds`] lists them from the whole deck (per suit: union, marriage, full court, then per suit of the other colour the two affairs and the Royal Orgy; the Trump Marriage; the trump sequences by lowest, then highest trump) |
//!
//! **Observation tensor.** With `P` players (2 or 3) and seats relative to the observer
//! (entry `k` is the seat `k` places to its left), the length is `333 P + 550`: 1,216 with 2
//! players, 1,549 with 3. The three-player segments (`solo.*`) are all 0 with two players.
//!
//! | segment                   | length | meaning                                              |
//! |---------------------------|--------|------------------------------------------------------|
//! | `hand`                    | 54     | the observer's cards, its melds on the table included |
//! | `table`                   | 54 P   | the cards each seat has on the table (melds; three players: declared cards still held) |
//! | `used`                    | 378    | plane `k`: the cards that have scored in a meld of kind `k` (affair, union, marriage, trump sequence, trump marriage, Royal Orgy, full court) |
//! | `trick`                   | 54 P   | the card each seat has played to the trick in progress |
//! | `trick.leader`            | P      | one-hot seat                                          |
//! | `melder`                  | P      | one-hot: the trick's winner while it may meld         |
//! | `won`                     | 54 P   | the cards each seat has won in tricks this hand       |
//! | `tricks`                  | P      | tricks each seat has won, / 27                        |
//! | `stock`                   | 1      | cards left in the stock, / 24                         |
//! | `stock_phase`             | 1      | 1 while the stock lasts                               |
//! | `hidden`                  | 1      | the other's concealed cards (two players) or the soloist's unseen discards (three), / 15 |
//! | `concealed`               | P      | three players: each seat's concealed cards, / 15      |
//! | `scores`                  | P      | each seat's points, / `target`                        |
//! | `dealer`                  | P      | one-hot seat                                          |
//! | `hands_played`            | 1      | hands completed, / 10                                 |
//! | `over`                    | 1      | 1 at the end                                          |
//! | `solo.phase`              | 3      | one-hot: bidding, exchange, play                      |
//! | `solo.declared`           | 54 P   | the cards each seat declared this hand                |
//! | `solo.declaration_points` | P      | each seat's declaration points this hand, / 100      |
//! | `solo.captures`           | P      | each seat's capture points this hand, / 100          |
//! | `solo.passes`             | 1      | passes in the bidding, / 3                            |
//! | `solo.soloist`            | P      | one-hot seat                                          |
//! | `solo.forced`             | 1      | 1 when all passed and the soloist was forced         |
//! | `solo.discards`           | 54     | the soloist's discards the observer has seen (all of them for the soloist) |
//! | `solo.shown`              | 54     | discards shown to everyone                            |
//! | `solo.excluded`           | 54 P   | the cards each seat has shown it cannot hold          |
//! | `solo.played_by`          | 54 P   | the cards each seat has played this hand              |

use super::{melds, three, Meld, MeldKind, RoyalOrgy, RoyalOrgyAction, RoyalOrgyObservation};
use crate::cards::{TarotCard, TarotSet};
use crate::encoding::{relative, Encoding, Tensor};
use crate::games::common::text::{name, seats, yes_no, Fmt, ObsText};
use crate::seat::Seat;
use std::sync::OnceLock;

/// The id of `pass`; `solo` and the melds follow.
const PASS: usize = 64;
/// Entries of a Tarot card plane.
const PLANE: usize = TarotCard::COUNT;

/// Every meld of the whole deck, in [`melds`]' order: the meld ids.
fn all_melds() -> &'static [Meld] {
    static ALL: OnceLock<Vec<Meld>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut v = Vec::new();
        melds(
            TarotSet::DECK,
            TarotSet::EMPTY,
            &[TarotSet::EMPTY; 7],
            |m| v.push(m),
        );
        v
    })
}

/// A Tarot card, or `-` for none.
fn tarot_or_dash(card: Option<TarotCard>) -> impl std::fmt::Display {
    Fmt(move |f: &mut std::fmt::Formatter<'_>| match card {
        Some(c) => write!(f, "{c}"),
        None => f.write_str("-"),
    })
}

/// `players` Tarot card planes, plane `k` holding `cards(seat)` of the seat `k` places to
/// `observer`'s left.
fn seat_planes(
    out: &mut Tensor,
    name: &'static str,
    observer: Seat,
    players: usize,
    cards: impl Fn(Seat) -> TarotSet,
) {
    let mut planes = [0.0; 3 * PLANE];
    for s in Seat::all(players) {
        let k = relative(s, observer, players);
        for c in cards(s).iter() {
            planes[k * PLANE + c.index()] = 1.0;
        }
    }
    out.values_of(name, &planes[..players * PLANE]);
}

impl Encoding for RoyalOrgy {
    fn num_distinct_actions(&self) -> usize {
        PASS + 2 + all_melds().len()
    }

    fn action_id(&self, action: RoyalOrgyAction) -> usize {
        match action {
            RoyalOrgyAction::Play(c) | RoyalOrgyAction::Discard(c) => c.index(),
            RoyalOrgyAction::Pass => PASS,
            RoyalOrgyAction::Solo => PASS + 1,
            RoyalOrgyAction::Meld(m) => {
                let i = all_melds().iter().position(|&a| a == m);
                PASS + 2 + i.expect("every meld is a meld of the whole deck")
            }
        }
    }

    fn encode_observation(&self, obs: &RoyalOrgyObservation, out: &mut Tensor) {
        let me = obs.seat;
        let v = &obs.view;
        let p = v.players();
        let flag = |b: bool| f32::from(u8::from(b));
        out.bits("hand", v.held(me).bits(), PLANE);
        seat_planes(out, "table", me, p, |s| v.table(s));
        let mut used = [0.0; 7 * PLANE];
        for (k, set) in v.used_all().iter().enumerate() {
            for c in set.iter() {
                used[k * PLANE + c.index()] = 1.0;
            }
        }
        out.values_of("used", &used);
        seat_planes(out, "trick", me, p, |s| {
            v.trick_card(s).map(TarotSet::from_card).unwrap_or_default()
        });
        out.seat_one_hot("trick.leader", Some(v.leader()), me, p);
        out.seat_one_hot("melder", v.melder(), me, p);
        seat_planes(out, "won", me, p, |s| v.won(s));
        out.seat_values("tricks", me, p, |s| f32::from(v.tricks(s)) / 27.0);
        out.scalar("stock", v.stock_len() as f32 / 24.0);
        out.scalar("stock_phase", flag(v.stock_phase()));
        out.scalar("hidden", f32::from(obs.hidden) / 15.0);
        out.seat_values("concealed", me, p, |s| {
            f32::from(obs.concealed[s.index()]) / 15.0
        });
        let target = self.target().max(1) as f32;
        out.seat_values("scores", me, p, |s| v.scores()[s.index()] as f32 / target);
        out.seat_one_hot("dealer", Some(v.dealer()), me, p);
        out.scalar("hands_played", v.hands_played() as f32 / 10.0);
        out.scalar("over", flag(v.over));

        let solo = v.solo();
        let three = p == 3;
        let phase = match solo.phase() {
            three::Phase::Bidding => 0,
            three::Phase::Exchange => 1,
            three::Phase::Play => 2,
        };
        out.one_hot("solo.phase", three.then_some(phase), 3);
        seat_planes(out, "solo.declared", me, p, |s| solo.declared(s));
        out.seat_values("solo.declaration_points", me, p, |s| {
            solo.declaration_points(s) as f32 / 100.0
        });
        out.seat_values("solo.captures", me, p, |s| solo.captures(s) as f32 / 100.0);
        out.scalar("solo.passes", f32::from(solo.passes()) / 3.0);
        out.seat_one_hot("solo.soloist", solo.soloist(), me, p);
        out.scalar("solo.forced", flag(solo.forced()));
        out.bits("solo.discards", solo.discards().bits(), PLANE);
        out.bits("solo.shown", solo.shown().bits(), PLANE);
        seat_planes(out, "solo.excluded", me, p, |s| solo.excluded(s));
        seat_planes(out, "solo.played_by", me, p, |s| solo.played_by(s));
    }

    /// Tarot cards are written as everywhere in cardsim (`KS`, `TC`, `21T` for trump 21).
    fn observation_string(&self, obs: &RoyalOrgyObservation) -> String {
        let me = obs.seat;
        let v = &obs.view;
        let p = v.players();
        let solo = v.solo();
        let mut t = ObsText::new(
            me,
            p,
            format_args!("dealer {}, hand {}", v.dealer(), v.hands_played() + 1),
        );
        let concealed = v.held(me) - v.table(me);
        t.line("hand", concealed);
        for s in Seat::all(p) {
            t.line(&format!("melds on the table {s}"), v.table(s));
        }
        t.line("trick", seats(p, |s| tarot_or_dash(v.trick_card(s))))
            .line("leader", v.leader())
            .opt("may meld", v.melder());
        for (kind, used) in MeldKind::ALL.iter().zip(v.used_all()) {
            if !used.is_empty() {
                t.line(&format!("scored in {}", name(kind)), used);
            }
        }
        for s in Seat::all(p) {
            t.line(&format!("won {s}"), v.won(s));
        }
        t.line("tricks", seats(p, |s| v.tricks(s)))
            .line("stock", v.stock_len())
            .line("stock phase", yes_no(v.stock_phase()))
            .line("hidden cards", obs.hidden)
            .line("score", seats(p, |s| v.scores()[s.index()]))
            .line("target", self.target());
        if p == 3 {
            t.line("concealed", seats(p, |s| obs.concealed[s.index()]))
                .line("solo phase", name(solo.phase()))
                .line("solo passes", solo.passes())
                .opt("soloist", solo.soloist())
                .line("forced", yes_no(solo.forced()))
                .line("discards", solo.discards())
                .line("discards shown", solo.shown())
                .line(
                    "declaration points",
                    seats(p, |s| solo.declaration_points(s)),
                )
                .line("captures", seats(p, |s| solo.captures(s)));
            for s in Seat::all(p) {
                t.line(&format!("declared {s}"), solo.declared(s))
                    .line(&format!("cannot hold {s}"), solo.excluded(s))
                    .line(&format!("played {s}"), solo.played_by(s));
            }
        }
        if v.over {
            t.line("game", "over");
        }
        t.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::{check, layout};
    use crate::{Game, Params};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn game(players: usize) -> RoyalOrgy {
        let deals = if players == 3 { "deals=3" } else { "deals=1" };
        RoyalOrgy::new(players, &Params::parse(&[deals]).unwrap()).unwrap()
    }

    #[test]
    fn the_text_shows_the_own_hand_and_no_other() {
        for players in [2, 3] {
            let g = game(players);
            let state = g.deal(&mut ChaCha8Rng::seed_from_u64(6));
            for me in Seat::all(players) {
                let obs = g.observe(&state, me);
                let text = g.observation_string(&obs);
                let words = crate::games::common::text::tokens(&text);
                let mine = obs.view.held(me);
                assert!(!mine.is_empty());
                for c in mine.iter() {
                    assert!(
                        words.contains(c.to_string().as_str()),
                        "{c} missing:\n{text}"
                    );
                }
                for other in Seat::all(players).filter(|&s| s != me) {
                    let view = &g.observe(&state, other).view;
                    for c in (view.held(other) - view.table(other)).iter() {
                        assert!(
                            !words.contains(c.to_string().as_str()),
                            "{c} shows:\n{text}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn random_games_pass_the_encoding_check() {
        for players in [2, 3] {
            let g = game(players);
            let r = check(&g, 0..8, 400);
            assert_eq!(r.games, 8);
            let len: usize = layout(&g).iter().map(|s| s.len).sum();
            assert_eq!(len, 333 * players + 550, "{players} players");
        }
    }

    #[test]
    fn named_actions_have_the_documented_ids() {
        let g = game(2);
        let card = |s: &str| s.parse::<TarotCard>().unwrap();
        assert_eq!(g.action_id(RoyalOrgyAction::Play(card("7C"))), 0);
        assert_eq!(g.action_id(RoyalOrgyAction::Play(card("KS"))), 31);
        assert_eq!(g.action_id(RoyalOrgyAction::Discard(card("22T"))), 53);
        assert_eq!(g.action_id(RoyalOrgyAction::Pass), 64);
        assert_eq!(g.action_id(RoyalOrgyAction::Solo), 65);
        assert_eq!(all_melds().len(), 247);
        assert_eq!(g.num_distinct_actions(), 313);
        // The first meld listed is the union of clubs; the last the sequence 20T 21T 22T.
        let union = Meld {
            kind: MeldKind::Union,
            cards: "CC JC".parse().unwrap(),
        };
        assert_eq!(g.action_id(RoyalOrgyAction::Meld(union)), 66);
        let top = Meld {
            kind: MeldKind::TrumpSequence,
            cards: "20T 21T 22T".parse().unwrap(),
        };
        assert_eq!(g.action_id(RoyalOrgyAction::Meld(top)), 312);
    }

    #[test]
    fn the_hand_and_the_trick_show_where_they_belong() {
        let g = game(2);
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut state = g.deal(&mut rng);
        let mut legal = Vec::new();
        g.legal_actions(&state, &mut legal);
        let leader = state.leader();
        let RoyalOrgyAction::Play(lead) = legal[0] else {
            panic!("the first action is a lead")
        };
        g.apply(&mut state, legal[0], &mut rng);
        let me = Seat::new(1 - leader.index());
        let mut t = Tensor::new();
        g.encode_observation(&g.observe(&state, me), &mut t);
        let hand = t.get("hand").unwrap();
        for c in TarotCard::all() {
            assert_eq!(hand[c.index()] == 1.0, state.held(me).contains(c), "{c}");
        }
        // The leader sits one place to the observer's left.
        let trick = t.get("trick").unwrap();
        assert_eq!(trick[PLANE + lead.index()], 1.0);
        assert_eq!(trick.iter().sum::<f32>(), 1.0);
        assert_eq!(t.get("trick.leader").unwrap(), &[0.0, 1.0]);
    }
}
