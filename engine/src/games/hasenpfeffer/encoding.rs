//! Hasenpfeffer's [`Encoding`]: action ids and the observation tensor.
//!
//! **Action ids** (75):
//!
//! | ids    | action                                                                  |
//! |--------|-------------------------------------------------------------------------|
//! | 0..64  | play, or (the declarer) discard, the card with that [`Card::index`] (`16·suit + rank slot`: the joker = 0, 9C = 9, AS = 63); a discard and a play are never legal together |
//! | 64     | `pass`                                                                  |
//! | 65..71 | `bid n` for n = 1..6 tricks: id `64 + n`                                |
//! | 71..75 | name clubs, diamonds, hearts, spades trumps                             |
//!
//! **Observation tensor** (1,153 entries; seats relative to the observer: entry `k` is the
//! seat `k` places to its left; "our side" is the observer's partnership):
//!
//! | segment               | length | meaning                                                  |
//! |-----------------------|--------|----------------------------------------------------------|
//! | `phase`               | 5      | one-hot: bid, trump, discard, play, over                 |
//! | `dealer`              | 4      | one-hot seat                                             |
//! | `scores`              | 2      | points of our side, their side, / `target` (may be below 0) |
//! | `deals`               | 1      | deals so far, / 10                                       |
//! | `auction.spoken`      | 4      | the seats that have spoken                               |
//! | `auction.turn`        | 4      | one-hot: the seat to speak                               |
//! | `auction.high_bidder` | 4      | one-hot: the standing (or winning) bidder                |
//! | `auction.high_bid`    | 7      | one-hot: the standing bid, by tricks (entry 0 unused)    |
//! | `forced`              | 1      | 1 when all passed and the joker's holder (the high bidder) was held to 3 |
//! | `made_trump`          | 4      | one-hot: the trump suit, once named                      |
//! | `discard`             | 64     | the declarer's discard (seen by the declarer only)       |
//! | the card play         | 1,053  | [`encode_play`] with 4 seats and 6 tricks (`hands`, `hand_sizes`, `trick`, `trick.leader`, `trick.led_suit`, `trick.to_play`, `trump`, `played`, `voids`, `tricks_won`, `tricks_played`, `active`) |

use super::{Hasenpfeffer, HasenpfefferAction, HasenpfefferObservation, Phase};
use crate::cards::{Card, CardSet};
use crate::encoding::{Encoding, Tensor};
use crate::games::common::text::{auction, suit_or_dash, teams, ObsText};
use crate::tricks::text::{write_hands, write_play};
use crate::tricks::{encode_play, encode_sides, TrickTaking};

/// The id of `pass`; `bid n` is `PASS + n`, then the trump suits.
const PASS: usize = Card::SLOTS;

impl Encoding for Hasenpfeffer {
    fn num_distinct_actions(&self) -> usize {
        PASS + 11
    }

    fn action_id(&self, action: HasenpfefferAction) -> usize {
        match action {
            HasenpfefferAction::Play(c) | HasenpfefferAction::Discard(c) => c.index(),
            HasenpfefferAction::Pass => PASS,
            HasenpfefferAction::Bid(n) => PASS + usize::from(n),
            HasenpfefferAction::Trump(s) => PASS + 7 + s.index(),
        }
    }

    fn encode_observation(&self, obs: &HasenpfefferObservation, out: &mut Tensor) {
        let me = obs.seat;
        let phase = match obs.phase {
            Phase::Bid => 0,
            Phase::Trump => 1,
            Phase::Discard => 2,
            Phase::Play => 3,
            Phase::Over => 4,
        };
        out.one_hot("phase", Some(phase), 5);
        out.seat_one_hot("dealer", Some(obs.dealer), me, 4);
        let ours = self.teams().team(me);
        let target = self.target().max(1) as f32;
        encode_sides(out, "scores", obs.scores, ours, |s| s as f32 / target);
        out.scalar("deals", obs.deals as f32 / 10.0);
        obs.auction.encode(out, me, 7);
        out.scalar("forced", f32::from(u8::from(obs.forced)));
        out.one_hot("made_trump", obs.trump.map(|s| s.index()), 4);
        out.cards(
            "discard",
            obs.discard.map(CardSet::from_card).unwrap_or_default(),
        );
        encode_play(out, &obs.play, me, 6);
    }

    fn observation_string(&self, obs: &HasenpfefferObservation) -> String {
        let mut t = ObsText::dealt(obs.seat, 4, obs.dealer, obs.phase);
        t.match_score(teams(&obs.scores, 4), self.target(), obs.deals)
            .line("auction", auction(&obs.auction, 4));
        if obs.forced {
            t.line("joker", "shown (its holder was held to 3)");
        }
        t.line("trump", suit_or_dash(obs.trump))
            .opt("discard", obs.discard);
        match obs.phase {
            Phase::Play | Phase::Over => write_play(&mut t, &obs.play, obs.seat),
            _ => write_hands(&mut t, &obs.play, obs.seat),
        }
        t.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::assert_checked;
    use crate::tricks::{assert_hand_plane, assert_lead_shows};
    use crate::{Game, Params, Seat, Suit};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn game() -> Hasenpfeffer {
        Hasenpfeffer::new(4, &Params::parse(&["target=4"]).unwrap()).unwrap()
    }

    #[test]
    fn the_text_shows_the_own_hand_and_no_other() {
        let g = game();
        let text = crate::tricks::text::assert_text_shows_own_hand(&g, 3, Seat::new(3), |_| {
            crate::CardSet::EMPTY
        });
        assert!(text.contains("auction: 4 of 4 spoke, "), "{text}");
    }

    #[test]
    fn random_games_pass_the_encoding_check() {
        assert_checked(&game(), 0..30, 300, 1153);
    }

    #[test]
    fn named_actions_have_the_documented_ids() {
        let g = game();
        assert_eq!(g.action_id(HasenpfefferAction::Play(Card::JOKER)), 0);
        assert_eq!(
            g.action_id(HasenpfefferAction::Discard("9C".parse().unwrap())),
            9
        );
        assert_eq!(g.action_id(HasenpfefferAction::Pass), 64);
        assert_eq!(g.action_id(HasenpfefferAction::Bid(3)), 67);
        assert_eq!(g.action_id(HasenpfefferAction::Trump(Suit::Spades)), 74);
        assert_eq!(g.num_distinct_actions(), 75);
    }

    #[test]
    fn the_hand_the_bids_and_the_lead_show_where_they_belong() {
        let g = game();
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut state = g.deal(&mut rng);
        // The first dealer is seat 3: seat 0 speaks first and bids 2.
        g.apply(&mut state, HasenpfefferAction::Bid(2), &mut rng);
        let me = Seat::new(2);
        let mut t = Tensor::new();
        g.encode_observation(&g.observe(&state, me), &mut t);
        assert_hand_plane(&t, state.play().hand(me), CardSet::EMPTY);
        // Seat 0 sits 2 places to seat 2's left, seat 1 (to speak) 3.
        assert_eq!(t.get("auction.high_bidder").unwrap(), &[0.0, 0.0, 1.0, 0.0]);
        assert_eq!(t.get("auction.spoken").unwrap(), &[0.0, 0.0, 1.0, 0.0]);
        assert_eq!(t.get("auction.turn").unwrap(), &[0.0, 0.0, 0.0, 1.0]);
        assert_eq!(t.get("auction.high_bid").unwrap()[2], 1.0);
        for seed in 0..4 {
            assert_lead_shows(&g, seed, Seat::new(seed as usize));
        }
    }
}
