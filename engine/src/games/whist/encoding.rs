//! Whist's [`Encoding`]: action ids and the observation tensor.
//!
//! **Action ids** (64): a play of a card has the card's [`Card::index`] as its id
//! (`16·suit + rank slot`: 2C = 2, AS = 63); Whist has no other action.
//!
//! **Observation tensor** (1,125 entries; seats relative to the observer: entry `k` is the
//! seat `k` places to its left; "our side" is the observer's partnership):
//!
//! | segment            | length | meaning                                                     |
//! |--------------------|--------|-------------------------------------------------------------|
//! | `dealer`           | 4      | one-hot seat                                                |
//! | `scores`           | 2      | points of our side, their side, / `target`                  |
//! | `hands_played`     | 1      | hands completed, / 10                                       |
//! | `trump_card`       | 64     | the turned-up card that made trumps                         |
//! | `trump_card.held`  | 1      | 1 while the dealer still holds it (it is known to be there) |
//! | the card play      | 1,053  | [`encode_play`] with 4 seats and 13 tricks (`hands`, `hand_sizes`, `trick`, `trick.leader`, `trick.led_suit`, `trick.to_play`, `trump`, `played`, `voids`, `tricks_won`, `tricks_played`, `active`) |

use super::{Whist, WhistObservation};
use crate::cards::{Card, CardSet};
use crate::encoding::{Encoding, Tensor};
use crate::games::common::text::{teams, ObsText};
use crate::tricks::text::write_play;
use crate::tricks::{encode_play, encode_sides, TrickTaking};

impl Encoding for Whist {
    fn num_distinct_actions(&self) -> usize {
        Card::SLOTS
    }

    fn action_id(&self, action: Card) -> usize {
        action.index()
    }

    fn encode_observation(&self, obs: &WhistObservation, out: &mut Tensor) {
        let me = obs.seat;
        out.seat_one_hot("dealer", Some(obs.dealer), me, 4);
        let ours = self.teams().team(me);
        let target = self.target().max(1) as f32;
        encode_sides(out, "scores", obs.scores, ours, |s| s as f32 / target);
        out.scalar("hands_played", obs.hands as f32 / 10.0);
        out.cards("trump_card", CardSet::from_card(obs.trump_card));
        let held = !obs.play.record().played().contains(obs.trump_card);
        out.scalar("trump_card.held", f32::from(u8::from(held)));
        encode_play(out, &obs.play, me, 13);
    }

    fn observation_string(&self, obs: &WhistObservation) -> String {
        let held = !obs.play.record().played().contains(obs.trump_card);
        let mut t = ObsText::new(
            obs.seat,
            4,
            format_args!("dealer {}, trump {}", obs.dealer, obs.trump_card.suit()),
        );
        let where_ = if held { "held by the dealer" } else { "played" };
        t.line("trump card", format_args!("{} ({where_})", obs.trump_card))
            .line("score", teams(&obs.scores, 4))
            .line("target", self.target())
            .line("hands played", obs.hands);
        write_play(&mut t, &obs.play, obs.seat);
        t.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::assert_checked;
    use crate::tricks::assert_hand_plane;
    use crate::{Game, Params, Seat};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn game() -> Whist {
        Whist::new(4, &Params::new().set("target", 3)).unwrap()
    }

    #[test]
    fn random_games_pass_the_encoding_check() {
        let r = assert_checked(&game(), 0..30, 300, 1125);
        assert!(r.decisions >= 30 * 52, "{r:?}");
    }

    #[test]
    fn the_text_shows_the_trump_card_and_the_own_hand_only() {
        let g = game();
        let text = crate::tricks::text::assert_text_shows_own_hand(
            &g,
            7,
            Seat::new(2),
            |o: &WhistObservation| CardSet::from_card(o.trump_card),
        );
        let state = g.deal(&mut ChaCha8Rng::seed_from_u64(7));
        let trump = g.observe(&state, Seat::new(2)).trump_card;
        assert!(
            text.contains(&format!("trump card: {trump} (held by the dealer)\n")),
            "{text}"
        );
        assert!(text.contains("trick: -, "), "{text}");
    }

    #[test]
    fn a_card_is_its_index() {
        let g = game();
        assert_eq!(g.action_id("2C".parse().unwrap()), 2);
        assert_eq!(g.action_id("AS".parse().unwrap()), 63);
        assert_eq!(g.num_distinct_actions(), 64);
    }

    #[test]
    fn the_hand_trump_card_and_lead_show_where_they_belong() {
        let g = game();
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut state = g.deal(&mut rng);
        let leader = state.play().to_play();
        let lead = state.play().legal().iter().next().unwrap();
        g.apply(&mut state, lead, &mut rng);
        let me = leader.left(2, 4);
        let mut t = Tensor::new();
        g.encode_observation(&g.observe(&state, me), &mut t);
        assert_hand_plane(&t, state.play().hand(me), CardSet::EMPTY);
        // The leader sits 2 places to the observer's left.
        assert_eq!(t.get("trick").unwrap()[2 * 64 + lead.index()], 1.0);
        assert_eq!(t.get("trick").unwrap().iter().sum::<f32>(), 1.0);
        let trump = g.observe(&state, me).trump_card;
        assert_eq!(t.get("trump_card").unwrap()[trump.index()], 1.0);
        let trump_suit = t.get("trump").unwrap();
        assert_eq!(trump_suit[trump.suit().index()], 1.0);
        let dealer = relative_of(g.observe(&state, me).dealer, me);
        assert_eq!(t.get("dealer").unwrap()[dealer], 1.0);
    }

    /// Scores are scaled by the target, the observer's side first; hands played by 10; the
    /// turned-up card is held until the dealer plays it.
    #[test]
    fn the_scores_and_hands_are_scaled_from_the_observers_side() {
        let g = game();
        let mut state = g.deal(&mut ChaCha8Rng::seed_from_u64(3));
        state.scores = [2, 1];
        state.hands = 4;
        let mut t = Tensor::new();
        g.encode_observation(&g.observe(&state, Seat::new(1)), &mut t);
        assert_eq!(t.get("scores").unwrap(), &[1.0 / 3.0, 2.0 / 3.0]);
        assert_eq!(t.get("hands_played").unwrap(), &[0.4]);
        // The turned-up card is still in the dealer's hand.
        assert_eq!(t.get("trump_card.held").unwrap(), &[1.0]);
    }

    fn relative_of(s: Seat, me: Seat) -> usize {
        crate::encoding::relative(s, me, 4)
    }
}
