//! Dingo's [`Encoding`]: action ids and the observation tensor.
//!
//! **Action ids** (65). [`Card::index`] is `16 × suit + rank slot` (suits ♣ ♦ ♥ ♠). A
//! discard, a pass and a wolf each name one card and are never legal together (they belong
//! to different steps), so all three use the card's index.
//!
//! | ids | action |
//! |---|---|
//! | `0..64` | `discard c`, `pass c` or `wolf c` (id `c.index()`) |
//! | `64` | `no wolf` |
//!
//! **Observation** (1407 entries). Per-seat segments have four entries, the observer first,
//! then the seats to its left in turn ([`relative`](crate::encoding::relative)).
//!
//! | segment | length | meaning |
//! |---|---|---|
//! | `hand` | 64 | the observer's hand |
//! | `discards` | 4 × 64 | per seat: its face-up discards |
//! | `score` | 4 × 64 | per seat: its score pile |
//! | `penalty` | 4 × 64 | per seat: its penalty pile |
//! | `lost` | 64 | rabbits discarded uncaught |
//! | `table` | 64 | the dingo, wolves and A♦ of the hunt in progress |
//! | `passed` | 3 × 64 | the card the observer passed in round 1, 2, 3 (left, across, right) |
//! | `received` | 3 × 64 | the card it received in each round |
//! | `reach` | 3 × 4 | per passing round, per seat: 1 if that seat may hold the card the observer passed |
//! | `hand_sizes` | 4 | cards in each hand / 10 |
//! | `phase` | 4 | one-hot: discard, pass, hunt, over |
//! | `step` | 1 | discard and pass steps done / 28 |
//! | `hunt` | 13 | one-hot: the rank hunted, two … ace (none before the hunts and at the end) |
//! | `turn` | 4 | one-hot: the seat to move |
//! | `dingo` | 4 | one-hot: the seat that played this hunt's dingo |
//! | `wolf.first` | 4 | one-hot: who played the first wolf of this hunt |
//! | `wolf.second` | 4 | one-hot: who played the second |
//! | `rabbit` | 4 | one-hot: who played the A♦ |
//! | `no_rabbit` | 4 | 1 for the seats shown not to hold the A♦ |
//! | `hunt.turn` | 1 | turns over after the dingo in this hunt / 4 |
//! | `points` | 4 | score pile minus penalty pile per seat / 20 |

use super::{
    pile_penalty, pile_score, setup_step, Dingo, DingoAction, DingoObservation, Setup, HUNTS,
    SETUP_STEPS,
};
use crate::encoding::{Encoding, Tensor};
use crate::games::common::encoding::{around, per_seat, seat_one_hot};
use crate::games::common::text::{card_or_dash, seat_list, seats, BySuit, Fmt, ObsText};
use crate::{Card, CardSet, Seat};

const SEATS: usize = 4;

impl Encoding for Dingo {
    fn num_distinct_actions(&self) -> usize {
        Card::SLOTS + 1
    }

    fn action_id(&self, action: DingoAction) -> usize {
        match action {
            DingoAction::Discard(c) | DingoAction::Pass(c) | DingoAction::Wolf(c) => c.index(),
            DingoAction::NoWolf => Card::SLOTS,
        }
    }

    fn encode_observation(&self, obs: &DingoObservation, out: &mut Tensor) {
        let me = obs.seat;
        let idx = |s: Seat| s.index();
        out.cards("hand", obs.hand);
        for (name, piles) in [
            ("discards", &obs.discards),
            ("score", &obs.score),
            ("penalty", &obs.penalty),
        ] {
            for s in around(me, SEATS) {
                out.cards(name, piles[idx(s)]);
            }
        }
        out.cards("lost", obs.lost);
        out.cards("table", obs.table);
        for c in obs.passed {
            out.cards("passed", c.into_iter().collect::<CardSet>());
        }
        for c in obs.received {
            out.cards("received", c.into_iter().collect::<CardSet>());
        }
        for reach in obs.reach {
            per_seat(out, "reach", me, SEATS, |s| f32::from(reach >> idx(s) & 1));
        }
        per_seat(out, "hand_sizes", me, SEATS, |s| {
            f32::from(obs.hand_sizes[idx(s)]) / 10.0
        });
        let hunting = !obs.over && obs.step >= SETUP_STEPS;
        let (phase, turn) = if obs.over {
            (3, None)
        } else if obs.step < SETUP_STEPS {
            match setup_step(obs.step) {
                Setup::Discard { seat } => (0, Some(seat)),
                Setup::Pass { seat, .. } => (1, Some(seat)),
            }
        } else {
            (2, obs.hunt.seat())
        };
        out.one_hot("phase", Some(phase), 4);
        out.scalar("step", f32::from(obs.step) / f32::from(SETUP_STEPS));
        let hunt = (hunting && obs.hunt.index < HUNTS).then_some(usize::from(obs.hunt.index));
        out.one_hot("hunt", hunt, usize::from(HUNTS));
        seat_one_hot(out, "turn", turn, me, SEATS);
        seat_one_hot(out, "dingo", obs.hunt.dingo, me, SEATS);
        for (name, wolf) in [
            ("wolf.first", obs.hunt.wolves[0]),
            ("wolf.second", obs.hunt.wolves[1]),
        ] {
            seat_one_hot(out, name, wolf.map(|(s, _)| s), me, SEATS);
        }
        seat_one_hot(out, "rabbit", obs.hunt.rabbit, me, SEATS);
        per_seat(out, "no_rabbit", me, SEATS, |s| {
            f32::from(obs.hunt.no_rabbit >> idx(s) & 1)
        });
        out.scalar("hunt.turn", f32::from(obs.hunt.turn) / 4.0);
        per_seat(out, "points", me, SEATS, |s| {
            (pile_score(obs.score[idx(s)]) - pile_penalty(obs.penalty[idx(s)])) as f32 / 20.0
        });
    }

    fn observation_string(&self, obs: &DingoObservation) -> String {
        let idx = |s: Seat| s.index();
        let phase = if obs.over {
            "over".to_string()
        } else if obs.step < SETUP_STEPS {
            match setup_step(obs.step) {
                Setup::Discard { seat } => format!("setup step {}, {seat} discards", obs.step),
                Setup::Pass { seat, .. } => format!("setup step {}, {seat} passes", obs.step),
            }
        } else {
            let h = &obs.hunt;
            let rank = if h.index < HUNTS {
                format!("hunting {}", h.rank().char())
            } else {
                "hunts done".to_string()
            };
            match h.seat() {
                Some(s) => format!("{rank}, {s} to play"),
                None => rank,
            }
        };
        let mut t = ObsText::new(obs.seat, SEATS, phase);
        t.line("hand", BySuit(obs.hand))
            .line("cards", seats(SEATS, |s| obs.hand_sizes[idx(s)]));
        let passed = |cards: [Option<Card>; 3]| {
            Fmt(move |f: &mut std::fmt::Formatter<'_>| {
                for (i, c) in cards.iter().enumerate() {
                    let sep = if i > 0 { " " } else { "" };
                    write!(f, "{sep}{}", card_or_dash(*c))?;
                }
                Ok(())
            })
        };
        t.line("passed", passed(obs.passed))
            .line("received", passed(obs.received));
        for (i, reach) in obs.reach.iter().enumerate() {
            if obs.passed[i].is_some() {
                let holders = Seat::all(SEATS).filter(move |s| reach >> idx(*s) & 1 == 1);
                t.line(&format!("passed {i} may be with"), seat_list(holders));
            }
        }
        t.line("table", BySuit(obs.table))
            .line("rabbits lost", BySuit(obs.lost))
            .seat_cards("discards", SEATS, |s| obs.discards[idx(s)])
            .seat_cards("score pile", SEATS, |s| obs.score[idx(s)])
            .seat_cards("penalty pile", SEATS, |s| obs.penalty[idx(s)])
            .line(
                "points",
                seats(SEATS, |s| {
                    pile_score(obs.score[idx(s)]) - pile_penalty(obs.penalty[idx(s)])
                }),
            );
        let h = &obs.hunt;
        if !obs.over && obs.step >= SETUP_STEPS {
            t.opt("dingo", h.dingo);
            for (i, wolf) in h.wolves.iter().enumerate() {
                if let Some((s, c)) = wolf {
                    t.line(&format!("wolf {}", i + 1), format_args!("{s}:{c}"));
                }
            }
            t.opt("rabbit", h.rabbit)
                .line("turns after the dingo", h.turn)
                .line(
                    "shown without the rabbit",
                    seat_list(Seat::all(SEATS).filter(|s| h.no_rabbit >> idx(*s) & 1 == 1)),
                );
        }
        t.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::{check, layout, relative};
    use crate::games::common::encoding::named;
    use crate::{Game, Params, ToMove};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn the_text_shows_the_own_hand_and_no_other() {
        crate::games::common::text::assert_hands_private(
            &Dingo::new(4, &crate::Params::new()).unwrap(),
            4,
            |o: &DingoObservation| o.hand,
        );
    }

    #[test]
    fn random_games_pass_the_encoding_check() {
        let g = Dingo::new(4, &Params::new()).unwrap();
        let report = check(&g, 0..30, 500);
        assert_eq!(report.games, 30);
        assert!(report.decisions > 30 * SETUP_STEPS as usize, "{report:?}");
        assert_eq!(layout(&g).iter().map(|s| s.len).sum::<usize>(), 1407);
    }

    #[test]
    fn actions_have_the_documented_ids() {
        let c: Card = "5S".parse().unwrap();
        for a in [
            DingoAction::Discard(c),
            DingoAction::Pass(c),
            DingoAction::Wolf(c),
        ] {
            assert_eq!(Dingo.action_id(a), c.index());
        }
        assert_eq!(Dingo.action_id(DingoAction::NoWolf), 64);
    }

    /// The hand plane is the seat's hand, none of another's; a discard shows in the
    /// discarder's plane at its relative seat; a passed card shows as passed and received.
    #[test]
    fn hand_discards_and_passes_are_where_the_seat_sees_them() {
        let g = Dingo;
        let mut rng = ChaCha8Rng::seed_from_u64(12);
        let mut st = g.deal(&mut rng);
        let me = Seat::new(0);
        let mut t = Tensor::new();
        g.encode_observation(&g.observe(&st, me), &mut t);
        let hand = named(&t, "hand");
        for c in Card::all52() {
            assert_eq!(hand[c.index()] == 1.0, st.hand(me).contains(c), "{c}");
        }
        assert!(st.hand(Seat::new(1)).iter().all(|c| hand[c.index()] == 0.0));
        // The dealer (seat 3) discards first: seat 0 sees it at relative seat 3.
        let mut legal = Vec::new();
        g.legal_actions(&st, &mut legal);
        let DingoAction::Discard(d) = legal[0] else {
            panic!("the game starts with a discard")
        };
        g.apply(&mut st, legal[0], &mut rng);
        t.clear();
        g.encode_observation(&g.observe(&st, me), &mut t);
        let discards = named(&t, "discards");
        assert_eq!(
            discards[64 * relative(Seat::new(3), me, 4) + d.index()],
            1.0
        );
        assert_eq!(discards.iter().sum::<f32>(), 1.0);
        // Play to the first pass, seat 3 to seat 0: seat 0 sees the card as received.
        while st.step() < 4 {
            g.legal_actions(&st, &mut legal);
            g.apply(&mut st, legal[0], &mut rng);
        }
        assert_eq!(g.to_move(&st), ToMove::Seat(Seat::new(3)));
        g.legal_actions(&st, &mut legal);
        let DingoAction::Pass(p) = legal[0] else {
            panic!("the first pass follows four discards")
        };
        g.apply(&mut st, legal[0], &mut rng);
        t.clear();
        g.encode_observation(&g.observe(&st, me), &mut t);
        assert_eq!(named(&t, "received")[p.index()], 1.0);
        assert_eq!(named(&t, "hand")[p.index()], 1.0);
        let mut t3 = Tensor::new();
        g.encode_observation(&g.observe(&st, Seat::new(3)), &mut t3);
        assert_eq!(named(&t3, "passed")[p.index()], 1.0);
    }
}
