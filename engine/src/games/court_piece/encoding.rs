//! Court Piece's [`Encoding`]: action ids and the observation tensor.
//!
//! **Action ids** (70):
//!
//! | ids    | action                                                                  |
//! |--------|-------------------------------------------------------------------------|
//! | 0..64  | play the card with that [`Card::index`] (`16·suit + rank slot`: 2C = 2, AS = 63) |
//! | 64..68 | name clubs, diamonds, hearts, spades trumps                             |
//! | 68     | `stop` (after taking the first seven tricks)                            |
//! | 69     | `play-on`                                                               |
//!
//! **Observation tensor** (1,074 entries; seats relative to the observer: entry `k` is the
//! seat `k` places to its left; "our side" is the observer's partnership):
//!
//! | segment        | length | meaning                                                         |
//! |----------------|--------|-----------------------------------------------------------------|
//! | `phase`        | 4      | one-hot: trump, play, court, over                               |
//! | `dealer`       | 4      | one-hot seat                                                    |
//! | `courts`       | 2      | courts of our side, their side, / 10                            |
//! | `deals`        | 1      | hands so far, / the `deals` the game lasts                      |
//! | `streak.side`  | 2      | one-hot: the side on a run of hands won (ours, theirs)          |
//! | `streak.length`| 1      | the run's length, / 7                                           |
//! | `made_trump`   | 4      | one-hot: the trump suit, once named                             |
//! | `seven`        | 2      | one-hot: the side that took the first seven tricks (ours, theirs) |
//! | `played_on`    | 1      | 1 when that side plays on                                       |
//! | the card play  | 1,053  | [`encode_play`] with 4 seats and 13 tricks (`hands`, `hand_sizes`, `trick`, `trick.leader`, `trick.led_suit`, `trick.to_play`, `trump`, `played`, `voids`, `tricks_won`, `tricks_played`, `active`); while trumps are named, `hands` holds the five cards dealt so far |

use super::{CourtPiece, CourtPieceAction, CourtPieceObservation, Phase};
use crate::cards::Card;
use crate::encoding::{Encoding, Tensor};
use crate::games::common::text::{suit_or_dash, teams, ObsText};
use crate::tricks::text::{write_hands, write_play};
use crate::tricks::{encode_play, encode_sides, TrickTaking};

impl Encoding for CourtPiece {
    fn num_distinct_actions(&self) -> usize {
        Card::SLOTS + 6
    }

    fn action_id(&self, action: CourtPieceAction) -> usize {
        match action {
            CourtPieceAction::Play(c) => c.index(),
            CourtPieceAction::Trump(s) => Card::SLOTS + s.index(),
            CourtPieceAction::Stop => Card::SLOTS + 4,
            CourtPieceAction::PlayOn => Card::SLOTS + 5,
        }
    }

    fn encode_observation(&self, obs: &CourtPieceObservation, out: &mut Tensor) {
        let me = obs.seat;
        let phase = match obs.phase {
            Phase::Trump => 0,
            Phase::Play => 1,
            Phase::Court => 2,
            Phase::Over => 3,
        };
        out.one_hot("phase", Some(phase), 4);
        out.seat_one_hot("dealer", Some(obs.dealer), me, 4);
        let ours = self.teams().team(me);
        // 0 for our side, 1 for theirs.
        let side = |team: usize| usize::from(team != ours);
        encode_sides(out, "courts", obs.courts, ours, |c| c as f32 / 10.0);
        out.scalar("deals", obs.deals as f32 / self.deals.max(1) as f32);
        let (team, run) = obs.streak;
        out.one_hot("streak.side", (run > 0).then(|| side(team)), 2);
        out.scalar("streak.length", run as f32 / 7.0);
        out.one_hot("made_trump", obs.trump.map(|s| s.index()), 4);
        out.one_hot("seven", obs.seven.map(side), 2);
        out.scalar("played_on", f32::from(u8::from(obs.played_on)));
        encode_play(out, &obs.play, me, 13);
    }

    fn observation_string(&self, obs: &CourtPieceObservation) -> String {
        let mut t = ObsText::dealt(obs.seat, 4, obs.dealer, obs.phase);
        t.line("courts", teams(&obs.courts, 4))
            .line("deals", format_args!("{} of {}", obs.deals, self.deals));
        let (team, run) = obs.streak;
        if run > 0 {
            t.line("streak", format_args!("team {team}, {run} hands"));
        }
        t.line("trump", suit_or_dash(obs.trump));
        if let Some(side) = obs.seven {
            let on = if obs.played_on { ", playing on" } else { "" };
            t.line("first seven tricks", format_args!("team {side}{on}"));
        }
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

    fn game() -> CourtPiece {
        CourtPiece::new(4, &Params::parse(&["deals=3"]).unwrap()).unwrap()
    }

    #[test]
    fn the_text_shows_the_own_hand_and_no_other() {
        let g = game();
        let text = crate::tricks::text::assert_text_shows_own_hand(&g, 3, Seat::new(2), |_| {
            crate::CardSet::EMPTY
        });
        assert!(text.contains("courts: 0/2:0 1/3:0\n"), "{text}");
    }

    /// Courts, deals, streak and first-seven side from the observer's side, each scaled as
    /// documented.
    #[test]
    fn the_observation_scales_each_count_from_the_observers_side() {
        let g = game();
        let mut s = g.deal(&mut ChaCha8Rng::seed_from_u64(3));
        (s.courts, s.deals, s.streak) = ([3, 1], 2, (0, 4));
        (s.seven, s.played_on) = (Some(1), true);
        let mut t = Tensor::new();
        g.encode_observation(&g.observe(&s, Seat::new(1)), &mut t);
        assert_eq!(t.get("courts").unwrap(), &[0.1, 0.3]);
        assert_eq!(t.get("deals").unwrap(), &[2.0 / 3.0]);
        assert_eq!(t.get("streak.side").unwrap(), &[0.0, 1.0]);
        assert_eq!(t.get("streak.length").unwrap(), &[4.0 / 7.0]);
        assert_eq!(t.get("seven").unwrap(), &[1.0, 0.0]);
        assert_eq!(t.get("played_on").unwrap(), &[1.0]);
        // The text names the streak and, while trumps are named, shows the hands with no
        // trick begun.
        let text = g.observation_string(&g.observe(&s, Seat::new(1)));
        assert!(text.contains("streak: team 0, 4 hands\n"), "{text}");
        assert!(
            text.contains("hand: ") && !text.contains("\ntrick: "),
            "{text}"
        );
        // Just after a streak court the run is 0: no side, no streak line.
        s.streak = (1, 0);
        let obs = g.observe(&s, Seat::new(1));
        let mut t = Tensor::new();
        g.encode_observation(&obs, &mut t);
        assert_eq!(t.get("streak.side").unwrap(), &[0.0, 0.0]);
        assert!(!g.observation_string(&obs).contains("streak"));
    }

    #[test]
    fn random_games_pass_the_encoding_check() {
        assert_checked(&game(), 0..25, 300, 1074);
    }

    #[test]
    fn named_actions_have_the_documented_ids() {
        let g = game();
        assert_eq!(
            g.action_id(CourtPieceAction::Play("AS".parse().unwrap())),
            63
        );
        assert_eq!(g.action_id(CourtPieceAction::Trump(Suit::Hearts)), 66);
        assert_eq!(g.action_id(CourtPieceAction::Stop), 68);
        assert_eq!(g.action_id(CourtPieceAction::PlayOn), 69);
        assert_eq!(g.num_distinct_actions(), 70);
    }

    #[test]
    fn the_first_five_cards_and_the_lead_show_where_they_belong() {
        assert_first_cards_and_the_lead_show(&game(), 5);
    }
}
