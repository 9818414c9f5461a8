//! Egyptian Ratscrew's [`Encoding`]: action ids and the observation tensor.
//!
//! **Action ids** (5). No action names a card, so the ids are compact:
//!
//! | id | action |
//! |---|---|
//! | `0` | `flip` (forced turn of the top card) |
//! | `1` | `slap` (race) |
//! | `2` | `pass` (race) |
//! | `3` | `continue` a challenge of a player who ran out |
//! | `4` | `decline` it |
//!
//! **Observation** (`6n + 113` entries for `n` players). Nobody sees a face-down stack, so a
//! seat knows the face-up centre and the stack sizes. The game's cards
//! ([`Card`], a number) are written in the common 64-slot layout: card `c` below
//! `52 × decks` is rank `c mod 13` (two to ace) of suit `(c / 13) mod 4`
//! ([`Card::index`](crate::Card::index)), a joker is slot 0 of the clubs lane. Per-seat
//! segments are ordered from the observer to its left.
//!
//! | segment | length | meaning |
//! |---|---|---|
//! | `centre` | 64 | copies of each card in the centre pile / decks |
//! | `centre.top` | 3 × 14 | one-hot rank (two … ace, joker) of the top, second and third card |
//! | `centre.size` | 1 | cards in the centre / cards in the pack |
//! | `slappable` | 1 | 1 when the top of the centre may be slapped under the rules |
//! | `phase` | 4 | one-hot: flip, slap race, decide on a challenge, over |
//! | `turn` | n | one-hot: the seat to turn a card (or decide) |
//! | `challenger` | n | one-hot: the challenger of a challenge in progress |
//! | `owed` | 1 | cards still owed in that challenge / 4 |
//! | `award` | n | one-hot: the seat a lost challenge's pile goes to after the race |
//! | `out` | n | 1 for the players out |
//! | `barred` | n | 1 for the players out for good |
//! | `stack_sizes` | n | cards in each stack / cards in the pack |

use super::{Card, Ratscrew, RatscrewAction, RatscrewObservation, JOKER};
use crate::encoding::{Encoding, Tensor};
use crate::games::common::encoding::{per_seat, seat_one_hot};
use crate::games::common::text::{in_order, seat_list, seats, ObsText};
use crate::{CardMultiset, Game, Rank, Suit};

/// Ranks in the top-card one-hots: the 13 of a deck and the joker.
const RANKS: usize = JOKER as usize + 1;

impl Ratscrew {
    /// The card in the common 64-slot layout.
    fn standard(&self, c: Card) -> crate::Card {
        let r = self.rank(c);
        if r == JOKER {
            crate::Card::JOKER
        } else {
            crate::Card::new(
                Rank::ALL[usize::from(r)],
                Suit::ALL[usize::from(c / 13 % 4)],
            )
        }
    }
}

impl Encoding for Ratscrew {
    fn num_distinct_actions(&self) -> usize {
        5
    }

    fn action_id(&self, action: RatscrewAction) -> usize {
        match action {
            RatscrewAction::Flip => 0,
            RatscrewAction::Slap => 1,
            RatscrewAction::Pass => 2,
            RatscrewAction::Continue => 3,
            RatscrewAction::Decline => 4,
        }
    }

    fn encode_observation(&self, obs: &RatscrewObservation, out: &mut Tensor) {
        let n = self.players();
        let me = obs.seat;
        let p = &obs.public;
        let pack = self.cards() as f32;
        let mut centre = CardMultiset::EMPTY;
        for c in p.centre.iter() {
            centre.insert(self.standard(c));
        }
        out.card_counts("centre", &centre, f32::from(self.decks));
        let len = p.centre.len();
        for depth in 1..=3 {
            let rank = (depth <= len).then(|| usize::from(self.rank(p.centre.get(len - depth))));
            out.one_hot("centre.top", rank, RANKS);
        }
        out.scalar("centre.size", len as f32 / pack);
        out.scalar("slappable", f32::from(u8::from(self.slappable(&p.centre))));
        let phase = if p.over {
            3
        } else if p.racing {
            1
        } else if p.deciding {
            2
        } else {
            0
        };
        out.one_hot("phase", Some(phase), 4);
        seat_one_hot(out, "turn", (!p.over).then_some(p.turn), me, n);
        seat_one_hot(out, "challenger", p.challenge.map(|c| c.challenger), me, n);
        out.scalar("owed", p.challenge.map_or(0.0, |c| f32::from(c.owed) / 4.0));
        seat_one_hot(out, "award", p.award, me, n);
        per_seat(out, "out", me, n, |s| {
            f32::from(u8::from(p.out.contains(s)))
        });
        per_seat(out, "barred", me, n, |s| {
            f32::from(u8::from(p.barred.contains(s)))
        });
        per_seat(out, "stack_sizes", me, n, |s| {
            f32::from(obs.sizes[s]) / pack
        });
    }

    fn observation_string(&self, obs: &RatscrewObservation) -> String {
        let n = self.players();
        let p = &obs.public;
        let phase = if p.over {
            "over"
        } else if p.racing {
            "slap race"
        } else if p.deciding {
            "deciding"
        } else {
            "turn"
        };
        let mut t = ObsText::new(obs.seat, n, phase);
        let centre: Vec<crate::Card> = p.centre.iter().map(|c| self.standard(c)).collect();
        t.line("centre", in_order(&centre));
        if !p.over {
            t.line("to move", p.turn);
        }
        if let Some(c) = p.challenge {
            t.line(
                "challenge",
                format_args!("by {}, {} cards owed", c.challenger, c.owed),
            );
        }
        t.opt("pile goes to", p.award)
            .line("stacks", seats(n, |s| obs.sizes[s]))
            .line("out", seat_list(p.out.iter()))
            .line("barred", seat_list(p.barred.iter()));
        t.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::{check, layout, relative};
    use crate::games::common::encoding::named;
    use crate::{Params, Seat, ToMove};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn game(players: usize, params: &[&str]) -> Ratscrew {
        Ratscrew::new(players, &Params::parse(params).unwrap()).unwrap()
    }

    #[test]
    fn the_text_shows_the_centre_in_order_and_the_stack_sizes() {
        let g = game(3, &[]);
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let mut st = g.deal(&mut rng);
        let mut scratch = crate::driver::Scratch::new();
        for _ in 0..5 {
            let policy = &mut crate::driver::RandomPolicy;
            match crate::driver::step(&g, &mut st, policy, &mut scratch, &mut rng) {
                Ok(crate::driver::Step::Moved) => {}
                Ok(crate::driver::Step::Over) => break,
                Err(never) => match never {},
            }
        }
        let obs = g.observe(&st, Seat::new(2));
        let text = g.observation_string(&obs);
        assert!(text.starts_with("seat 2 of 3, "), "{text}");
        let centre: Vec<String> = obs
            .public
            .centre
            .iter()
            .map(|c| g.standard(c).to_string())
            .collect();
        let line = if centre.is_empty() {
            "-".to_string()
        } else {
            centre.join(" ")
        };
        assert!(text.contains(&format!("centre: {line}\n")), "{text}");
        assert!(
            text.contains(&format!("stacks: 0:{} ", obs.sizes[Seat::new(0)])),
            "{text}"
        );
    }

    #[test]
    fn random_games_pass_the_encoding_check() {
        for (players, params) in [
            (2, &[][..]),
            (2, &["slaps=false"][..]),
            (4, &["jokers=2", "sandwich=true", "run=true"][..]),
            (8, &["decks=2", "jokers=4", "penalty=2"][..]),
        ] {
            let g = game(players, params);
            let report = check(&g, 0..4, 1500);
            assert!(report.decisions > 500, "{params:?}: {report:?}");
            let len: usize = layout(&g).iter().map(|s| s.len).sum();
            assert_eq!(len, 6 * players + 113);
        }
    }

    #[test]
    fn actions_have_the_documented_ids() {
        let g = game(2, &[]);
        let ids: Vec<usize> = [
            RatscrewAction::Flip,
            RatscrewAction::Slap,
            RatscrewAction::Pass,
            RatscrewAction::Continue,
            RatscrewAction::Decline,
        ]
        .map(|a| g.action_id(a))
        .into();
        assert_eq!(ids, [0, 1, 2, 3, 4]);
    }

    /// A flipped card shows in the centre plane as the standard card and as the top rank; the
    /// flipper's stack shrinks at its relative seat; no stack card shows anywhere.
    #[test]
    fn a_flipped_card_is_on_top_of_the_centre() {
        let g = game(3, &[]);
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let mut st = g.deal(&mut rng);
        let ToMove::Seat(flipper) = g.to_move(&st) else {
            panic!("the game starts with a flip")
        };
        let card = st.stacks[flipper].get(0);
        let before = st.stacks[flipper].len();
        g.apply(&mut st, RatscrewAction::Flip, &mut rng);
        let me = Seat::new(1);
        let mut t = Tensor::new();
        g.encode_observation(&g.observe(&st, me), &mut t);
        let centre = named(&t, "centre");
        assert_eq!(centre[g.standard(card).index()], 1.0);
        assert_eq!(centre.iter().sum::<f32>(), 1.0);
        assert_eq!(named(&t, "centre.top")[usize::from(g.rank(card))], 1.0);
        let sizes = named(&t, "stack_sizes");
        let r = relative(flipper, me, 3);
        assert_eq!(sizes[r], (before - 1) as f32 / 52.0);
        assert_eq!(g.standard(0), crate::Card::new(Rank::Two, Suit::Clubs));
        assert_eq!(g.standard(51), crate::Card::new(Rank::Ace, Suit::Spades));
    }

    /// Every segment of a position in a challenge, seen from seat 2: the top three ranks, the
    /// counts scaled by the pack (54 cards with two jokers) and the owed cards by 4, the seats
    /// from the observer to its left; then the pile awarded after the race, a player barred,
    /// and a game over (no seat to move).
    #[test]
    fn each_segment_is_where_and_as_scaled_as_documented() {
        let g = game(3, &["jokers=2"]);
        let mut s = g.position(&[&[11, 0], &[3, 5, 7, 20], &[6, 19]]);
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        // 0 turns the king of clubs (3 owed), 1 turns the 5 and the 7 of clubs; nobody slaps.
        g.apply(&mut s, RatscrewAction::Flip, &mut rng);
        g.apply_race(&mut s, &[], &mut rng);
        g.apply(&mut s, RatscrewAction::Flip, &mut rng);
        g.apply_race(&mut s, &[], &mut rng);
        g.apply(&mut s, RatscrewAction::Flip, &mut rng);
        assert!(s.public.racing);
        let me = Seat::new(2);
        let obs = g.observe(&s, me);
        let mut t = Tensor::new();
        g.encode_observation(&obs, &mut t);
        let seg = |t: &Tensor, name: &str| t.get(name).unwrap().to_vec();
        let mut top = vec![0.0; 42];
        top[5] = 1.0; // the 7 on top
        top[14 + 3] = 1.0; // the 5 under it
        top[28 + 11] = 1.0; // the king at the bottom
        assert_eq!(named(&t, "centre.top"), top);
        assert_eq!(seg(&t, "centre.size"), [3.0 / 54.0]);
        assert_eq!(seg(&t, "slappable"), [0.0]);
        assert_eq!(seg(&t, "phase"), [0.0, 1.0, 0.0, 0.0]);
        // Seat 2 is 0 places from itself, seat 0 one, seat 1 two.
        assert_eq!(seg(&t, "turn"), [0.0, 0.0, 1.0]);
        assert_eq!(seg(&t, "challenger"), [0.0, 1.0, 0.0]);
        assert_eq!(seg(&t, "owed"), [0.25]);
        assert_eq!(seg(&t, "award"), [0.0; 3]);
        assert_eq!(seg(&t, "stack_sizes"), [2.0 / 54.0, 1.0 / 54.0, 2.0 / 54.0]);
        assert_eq!(seg(&t, "out"), [0.0; 3]);
        assert_eq!(seg(&t, "barred"), [0.0; 3]);
        let text = g.observation_string(&obs);
        assert!(text.contains("\nto move: 1\n"), "{text}");
        assert!(text.contains("\nchallenge: by 0, 1 cards owed\n"), "{text}");

        // A one-card centre has no second or third rank; seat 1 loses the challenge with
        // its 9: the pile goes to seat 0 after the race.
        g.apply_race(&mut s, &[], &mut rng);
        g.apply(&mut s, RatscrewAction::Flip, &mut rng);
        assert_eq!(s.public.award, Some(Seat::new(0)));
        let mut obs = g.observe(&s, me);
        obs.public.barred = crate::SeatMask(2);
        obs.public.out = crate::SeatMask(2);
        let mut t = Tensor::new();
        g.encode_observation(&obs, &mut t);
        assert_eq!(seg(&t, "award"), [0.0, 1.0, 0.0]);
        assert_eq!(seg(&t, "owed"), [0.0]);
        assert_eq!(seg(&t, "out"), [0.0, 0.0, 1.0]);
        assert_eq!(seg(&t, "barred"), [0.0, 0.0, 1.0]);
        assert!(g.observation_string(&obs).contains("pile goes to: 0"));
        g.apply_race(&mut s, &[], &mut rng);
        assert_eq!(s.public.centre.len(), 0);
        g.apply(&mut s, RatscrewAction::Flip, &mut rng);
        let mut t = Tensor::new();
        g.encode_observation(&g.observe(&s, me), &mut t);
        let mut top = vec![0.0; 42];
        top[g.rank(s.public.centre.get(0)) as usize] = 1.0;
        assert_eq!(named(&t, "centre.top"), top);

        // Over: no seat to move, and the text says none.
        let g = game(2, &["slaps=false"]);
        let mut s = g.position(&[&[0, 1], &[2]]);
        while g.to_move(&s) != ToMove::Over {
            g.apply(&mut s, RatscrewAction::Flip, &mut rng);
        }
        let obs = g.observe(&s, Seat::new(1));
        let mut t = Tensor::new();
        g.encode_observation(&obs, &mut t);
        assert_eq!(seg(&t, "turn"), [0.0, 0.0]);
        assert_eq!(seg(&t, "phase"), [0.0, 0.0, 0.0, 1.0]);
        assert_eq!(seg(&t, "out"), [1.0, 0.0]);
        assert!(!g.observation_string(&obs).contains("to move"));
    }
}
