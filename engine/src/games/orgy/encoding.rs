//! Orgy's [`Encoding`]: action ids and the observation tensor.
//!
//! **Action ids** (68):
//!
//! | ids    | action                                                                  |
//! |--------|-------------------------------------------------------------------------|
//! | 0..64  | play the card with that [`Card::index`] (`16·suit + rank slot`: AC = 15, QH = 45, TS = 58) |
//! | 64..68 | the dealer names clubs, diamonds, hearts, spades trumps                 |
//!
//! **Observation tensor** (1,322 entries; seats relative to the observer: entry `k` is the
//! seat `k` places to its left):
//!
//! | segment        | length | meaning                                                        |
//! |----------------|--------|----------------------------------------------------------------|
//! | `dealer`       | 4      | one-hot seat                                                   |
//! | `scores`       | 4      | each seat's points, / `target`                                 |
//! | `hands_played` | 1      | hands completed, / 10                                          |
//! | `made_trump`   | 4      | one-hot: the trump suit, once named (all 0 while the dealer chooses) |
//! | `captured`     | 256    | plane `k`: the Orgy cards (jacks, queens, kings) seat `k` has taken this hand |
//! | the card play  | 1,053  | [`encode_play`] with 4 seats and 13 tricks (`hands`, `hand_sizes`, `trick`, `trick.leader`, `trick.led_suit`, `trick.to_play`, `trump`, `played`, `voids`, `tricks_won`, `tricks_played`, `active`) |

use super::{Orgy, OrgyAction, OrgyObservation};
use crate::cards::Card;
use crate::encoding::{Encoding, Tensor};
use crate::games::common::text::{seats, suit_or_dash, ObsText};
use crate::tricks::encode_play;
use crate::tricks::text::write_play;

impl Encoding for Orgy {
    fn num_distinct_actions(&self) -> usize {
        Card::SLOTS + 4
    }

    fn action_id(&self, action: OrgyAction) -> usize {
        match action {
            OrgyAction::Play(c) => c.index(),
            OrgyAction::Trump(s) => Card::SLOTS + s.index(),
        }
    }

    fn encode_observation(&self, obs: &OrgyObservation, out: &mut Tensor) {
        let me = obs.seat;
        out.seat_one_hot("dealer", Some(obs.dealer), me, 4);
        let target = self.target().max(1) as f32;
        out.seat_values("scores", me, 4, |s| obs.scores[s.index()] as f32 / target);
        out.scalar("hands_played", obs.hands as f32 / 10.0);
        out.one_hot("made_trump", obs.trump.map(|s| s.index()), 4);
        out.seat_cards("captured", me, 4, |s| obs.captured[s.index()]);
        encode_play(out, &obs.play, me, 13);
    }

    fn observation_string(&self, obs: &OrgyObservation) -> String {
        let mut t = ObsText::new(
            obs.seat,
            4,
            format_args!("dealer {}, trump {}", obs.dealer, suit_or_dash(obs.trump)),
        );
        t.line("score", seats(4, |s| obs.scores[s.index()]))
            .line("target", self.target())
            .line("hands played", obs.hands)
            .seat_cards("captured", 4, |s| obs.captured[s.index()]);
        write_play(&mut t, &obs.play, obs.seat);
        t.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::{assert_checked, relative};
    use crate::tricks::{assert_hand_plane, assert_lead_shows};
    use crate::{CardSet, Game, Params, Seat, Suit};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn game() -> Orgy {
        Orgy::new(4, &Params::parse(&["target=5", "max_hands=3"]).unwrap()).unwrap()
    }

    #[test]
    fn the_text_shows_the_own_hand_and_no_other() {
        let g = game();
        let text = crate::tricks::text::assert_text_shows_own_hand(&g, 3, Seat::new(1), |_| {
            crate::CardSet::EMPTY
        });
        assert!(text.contains("captured 3: -\n"), "{text}");
    }

    #[test]
    fn random_games_pass_the_encoding_check() {
        assert_checked(&game(), 0..20, 300, 1322);
    }

    #[test]
    fn named_actions_have_the_documented_ids() {
        let g = game();
        assert_eq!(g.action_id(OrgyAction::Play("AC".parse().unwrap())), 15);
        assert_eq!(g.action_id(OrgyAction::Play("QH".parse().unwrap())), 45);
        assert_eq!(g.action_id(OrgyAction::Play("TS".parse().unwrap())), 58);
        assert_eq!(g.action_id(OrgyAction::Trump(Suit::Diamonds)), 65);
        assert_eq!(g.num_distinct_actions(), 68);
    }

    #[test]
    fn the_hand_captures_and_the_lead_show_where_they_belong() {
        let g = game();
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let mut state = g.deal(&mut rng);
        let me = Seat::new(0);
        let mut t = Tensor::new();
        g.encode_observation(&g.observe(&state, me), &mut t);
        assert_hand_plane(&t, state.play.hand(me), CardSet::EMPTY);
        // Name trumps, then play one whole trick; its Orgy cards go to the winner.
        let mut legal = Vec::new();
        g.legal_actions(&state, &mut legal);
        g.apply(&mut state, legal[0], &mut rng);
        for _ in 0..4 {
            g.legal_actions(&state, &mut legal);
            g.apply(&mut state, legal[legal.len() - 1], &mut rng);
        }
        let trick = *state.play.last_trick().unwrap();
        let winner = trick.winner(state.play.order()).unwrap().0;
        t.clear();
        g.encode_observation(&g.observe(&state, me), &mut t);
        let captured = t.get("captured").unwrap();
        let k = relative(winner, me, 4);
        let courts: CardSet = trick
            .card_set()
            .iter()
            .filter(|c| {
                use crate::Rank::{Jack, King, Queen};
                matches!(c.rank(), Jack | Queen | King)
            })
            .collect();
        for c in trick.cards() {
            assert_eq!(
                captured[64 * k + c.index()] == 1.0,
                courts.contains(*c),
                "{c}"
            );
        }
        assert_eq!(captured.iter().sum::<f32>() as usize, courts.len());
        for seed in 0..4 {
            assert_lead_shows(&g, seed, Seat::new(seed as usize));
        }
    }

    /// The scores are divided by the target and the hands played by ten, from the observer's
    /// side.
    #[test]
    fn the_observation_scales_scores_and_hands() {
        let g = game();
        let mut s = g.deal(&mut ChaCha8Rng::seed_from_u64(4));
        s.scores = [1, 2, 3, 4];
        s.hands = 3;
        let mut t = Tensor::new();
        g.encode_observation(&g.observe(&s, Seat::new(1)), &mut t);
        // target=5; seat 1 first, then the seats to its left.
        assert_eq!(t.get("scores").unwrap(), &[0.4, 0.6, 0.8, 0.2]);
        assert_eq!(t.get("hands_played").unwrap(), &[0.3]);
    }
}
