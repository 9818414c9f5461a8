//! Omi's [`Encoding`]: action ids and the observation tensor.
//!
//! **Action ids** (68):
//!
//! | ids    | action                                                                  |
//! |--------|-------------------------------------------------------------------------|
//! | 0..64  | play the card with that [`Card::index`] (`16·suit + rank slot`: 7C = 7, AS = 63) |
//! | 64..68 | name clubs, diamonds, hearts, spades trumps                             |
//!
//! **Observation tensor** (1,068 entries; seats relative to the observer: entry `k` is the
//! seat `k` places to its left; "our side" is the observer's partnership):
//!
//! | segment       | length | meaning                                                          |
//! |---------------|--------|------------------------------------------------------------------|
//! | `phase`       | 3      | one-hot: trump, play, over                                       |
//! | `dealer`      | 4      | one-hot seat                                                     |
//! | `scores`      | 2      | points of our side, their side, / `target`                       |
//! | `deals`       | 1      | hands so far, / 10                                               |
//! | `bonus`       | 1      | tied hands whose extra point is still to be won, / 4             |
//! | `made_trump`  | 4      | one-hot: the trump suit, once named                              |
//! | the card play | 1,053  | [`encode_play`] with 4 seats and 8 tricks (`hands`, `hand_sizes`, `trick`, `trick.leader`, `trick.led_suit`, `trick.to_play`, `trump`, `played`, `voids`, `tricks_won`, `tricks_played`, `active`); while trumps are named, `hands` holds the four cards dealt so far |

use super::{Omi, OmiAction, OmiObservation, Phase};
use crate::cards::Card;
use crate::encoding::{Encoding, Tensor};
use crate::games::common::text::{suit_or_dash, teams, ObsText};
use crate::tricks::text::{write_hands, write_play};
use crate::tricks::{encode_play, encode_sides, TrickTaking};

impl Encoding for Omi {
    fn num_distinct_actions(&self) -> usize {
        Card::SLOTS + 4
    }

    fn action_id(&self, action: OmiAction) -> usize {
        match action {
            OmiAction::Play(c) => c.index(),
            OmiAction::Trump(s) => Card::SLOTS + s.index(),
        }
    }

    fn encode_observation(&self, obs: &OmiObservation, out: &mut Tensor) {
        let me = obs.seat;
        let phase = match obs.phase {
            Phase::Trump => 0,
            Phase::Play => 1,
            Phase::Over => 2,
        };
        out.one_hot("phase", Some(phase), 3);
        out.seat_one_hot("dealer", Some(obs.dealer), me, 4);
        let ours = self.teams().team(me);
        let target = self.target().max(1) as f32;
        encode_sides(out, "scores", obs.scores, ours, |s| s as f32 / target);
        out.scalar("deals", obs.deals as f32 / 10.0);
        out.scalar("bonus", obs.bonus as f32 / 4.0);
        out.one_hot("made_trump", obs.trump.map(|s| s.index()), 4);
        encode_play(out, &obs.play, me, 8);
    }

    fn observation_string(&self, obs: &OmiObservation) -> String {
        let mut t = ObsText::dealt(obs.seat, 4, obs.dealer, obs.phase);
        t.match_score(teams(&obs.scores, 4), self.target(), obs.deals)
            .line("tied hands pending", obs.bonus)
            .line("trump", suit_or_dash(obs.trump));
        match obs.phase {
            Phase::Trump => write_hands(&mut t, &obs.play, obs.seat),
            _ => write_play(&mut t, &obs.play, obs.seat),
        }
        t.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::assert_checked;
    use crate::tricks::testing::chooser::assert_first_cards_and_the_lead_show;
    use crate::{Game, Params, Seat, Suit};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn game() -> Omi {
        Omi::new(4, &Params::parse(&["target=3"]).unwrap()).unwrap()
    }

    #[test]
    fn the_text_shows_the_own_hand_and_no_other() {
        let g = game();
        let text = crate::tricks::text::assert_text_shows_own_hand(&g, 3, Seat::new(1), |_| {
            crate::CardSet::EMPTY
        });
        assert!(text.contains("score: 0/2:0 1/3:0\n"), "{text}");
    }

    #[test]
    fn random_games_pass_the_encoding_check() {
        assert_checked(&game(), 0..30, 300, 1068);
    }

    #[test]
    fn named_actions_have_the_documented_ids() {
        let g = game();
        assert_eq!(g.action_id(OmiAction::Play("7C".parse().unwrap())), 7);
        assert_eq!(g.action_id(OmiAction::Trump(Suit::Clubs)), 64);
        assert_eq!(g.action_id(OmiAction::Trump(Suit::Spades)), 67);
        assert_eq!(g.num_distinct_actions(), 68);
    }

    #[test]
    fn the_first_four_cards_and_the_lead_show_where_they_belong() {
        let g = game();
        assert_first_cards_and_the_lead_show(&g, 4);
        let state = g.deal(&mut ChaCha8Rng::seed_from_u64(1));
        for me in Seat::all(4) {
            let mut t = Tensor::new();
            g.encode_observation(&g.observe(&state, me), &mut t);
            assert_eq!(t.get("phase").unwrap(), &[1.0, 0.0, 0.0]);
            // While trumps are named the text shows the hands, and no trick has begun.
            let text = g.observation_string(&g.observe(&state, me));
            assert!(text.contains("hand: ") && !text.contains("trick"), "{text}");
        }
    }
}
