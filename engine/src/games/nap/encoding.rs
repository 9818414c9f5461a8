//! Nap's [`Encoding`]: action ids and the observation tensor.
//!
//! **Action ids** (76):
//!
//! | ids    | action                                                                  |
//! |--------|-------------------------------------------------------------------------|
//! | 0..64  | play the card with that [`Card::index`] (`16·suit + rank slot`: the joker = 0, 9C = 9, AS = 63) |
//! | 64     | `pass`                                                                  |
//! | 65..72 | bid Two, Three, Mis, Four, Nap, Wellington, Blücher: id `64 +` [`NapBid::level`](super::NapBid::level) |
//! | 72..76 | name clubs, diamonds, hearts, spades trumps (after leading the joker)   |
//!
//! **Observation tensor.** With `P` players (3 to 7) and seats relative to the observer
//! (entry `k` is the seat `k` places to its left) the length is `266 P + 26`: 824 with 3
//! players, 1,090 with 4, 1,888 with 7.
//!
//! | segment               | length | meaning                                                  |
//! |-----------------------|--------|----------------------------------------------------------|
//! | `phase`               | 4      | one-hot: bid, name trump, play, over                     |
//! | `dealer`              | P      | one-hot seat                                             |
//! | `scores`              | P      | each seat's credits, / `target` (may be below 0)         |
//! | `deals`               | 1      | deals so far, / 10                                       |
//! | `auction.spoken`      | P      | the seats that have spoken                               |
//! | `auction.turn`        | P      | one-hot: the seat to speak                               |
//! | `auction.high_bidder` | P      | one-hot: the standing (or winning) bidder                |
//! | `auction.high_bid`    | 8      | one-hot: the standing bid, by level (entry 0 unused)     |
//! | `made_trump`          | 4      | one-hot: the trump suit, once made                       |
//! | the card play         | 261 P + 9 | [`encode_play`] with `P` seats and 5 tricks (`hands`, `hand_sizes`, `trick`, `trick.leader`, `trick.led_suit`, `trick.to_play`, `trump`, `played`, `voids`, `tricks_won`, `tricks_played`, `active`) |

use super::{Nap, NapAction, NapObservation, Phase};
use crate::cards::Card;
use crate::encoding::{Encoding, Tensor};
use crate::games::common::text::{auction, seats, suit_or_dash, ObsText};
use crate::tricks::encode_play;
use crate::tricks::text::{write_hands, write_play};

/// The id of `pass`; the bids follow by level, then the trump suits.
const PASS: usize = Card::SLOTS;

impl Encoding for Nap {
    fn num_distinct_actions(&self) -> usize {
        PASS + 12
    }

    fn action_id(&self, action: NapAction) -> usize {
        match action {
            NapAction::Play(c) => c.index(),
            NapAction::Pass => PASS,
            NapAction::Bid(b) => PASS + usize::from(b.level()),
            NapAction::NameTrump(s) => PASS + 8 + s.index(),
        }
    }

    fn encode_observation(&self, obs: &NapObservation, out: &mut Tensor) {
        let me = obs.seat;
        let p = self.players;
        let phase = match obs.phase {
            Phase::Bid => 0,
            Phase::NameTrump => 1,
            Phase::Play => 2,
            Phase::Over => 3,
        };
        out.one_hot("phase", Some(phase), 4);
        out.seat_one_hot("dealer", Some(obs.dealer), me, p);
        let target = self.target().max(1) as f32;
        out.seat_values("scores", me, p, |s| obs.scores[s.index()] as f32 / target);
        out.scalar("deals", obs.deals as f32 / 10.0);
        obs.auction.encode(out, me, 8);
        out.one_hot("made_trump", obs.trump.map(|s| s.index()), 4);
        encode_play(out, &obs.play, me, 5);
    }

    fn observation_string(&self, obs: &NapObservation) -> String {
        let p = self.players;
        let mut t = ObsText::dealt(obs.seat, p, obs.dealer, obs.phase);
        t.match_score(
            seats(p, |s| obs.scores[s.index()]),
            self.target(),
            obs.deals,
        )
        .line("auction", auction(&obs.auction, p))
        .line("trump", suit_or_dash(obs.trump));
        match obs.phase {
            Phase::Play | Phase::Over => write_play(&mut t, &obs.play, obs.seat),
            _ => write_hands(&mut t, &obs.play, obs.seat),
        }
        t.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::super::NapBid;
    use super::*;
    use crate::encoding::assert_checked;
    use crate::tricks::{assert_hand_plane, assert_lead_shows};
    use crate::{CardSet, Game, Params, Seat, Suit};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn game(players: usize, params: &[&str]) -> Nap {
        Nap::new(players, &Params::parse(params).unwrap()).unwrap()
    }

    #[test]
    fn the_text_shows_the_own_hand_and_no_other() {
        let g = game(4, &[]);
        let text = crate::tricks::text::assert_text_shows_own_hand(&g, 3, Seat::new(0), |_| {
            crate::CardSet::EMPTY
        });
        assert!(text.contains("auction: 4 of 4 spoke, "), "{text}");
    }

    #[test]
    fn random_games_pass_the_encoding_check() {
        for players in 3..=7 {
            for params in [
                &["target=5"][..],
                &["target=5", "joker=true", "all_pass=dealer"],
            ] {
                let g = game(players, params);
                assert_checked(&g, 0..8, 200, 266 * players + 26);
            }
        }
    }

    #[test]
    fn named_actions_have_the_documented_ids() {
        let g = game(4, &[]);
        assert_eq!(g.action_id(NapAction::Play(Card::JOKER)), 0);
        assert_eq!(g.action_id(NapAction::Play("AS".parse().unwrap())), 63);
        assert_eq!(g.action_id(NapAction::Pass), 64);
        assert_eq!(g.action_id(NapAction::Bid(NapBid::Two)), 65);
        assert_eq!(g.action_id(NapAction::Bid(NapBid::Blucher)), 71);
        for (i, &suit) in Suit::ALL.iter().enumerate() {
            assert_eq!(g.action_id(NapAction::NameTrump(suit)), 72 + suit.index());
            assert_eq!(suit.index(), i);
        }
        assert_eq!(g.num_distinct_actions(), 76);
    }

    /// In the auction the text shows the hands; once play starts, the trick and the tricks won.
    #[test]
    fn the_text_shows_the_trick_once_play_starts() {
        let g = game(3, &[]);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut state = g.deal(&mut rng);
        let mut legal = Vec::new();
        let text = g.observation_string(&g.observe(&state, Seat::new(0)));
        assert!(!text.contains("tricks won"), "{text}");
        for _ in 0..100 {
            if state.phase() == crate::games::nap::Phase::Play {
                break;
            }
            g.legal_actions(&state, &mut legal);
            g.apply(&mut state, *legal.last().unwrap(), &mut rng);
        }
        let text = g.observation_string(&g.observe(&state, Seat::new(0)));
        assert!(text.contains("tricks won"), "{text}");
    }

    #[test]
    fn the_hand_the_scores_and_the_lead_show_where_they_belong() {
        let g = game(5, &["joker=true"]);
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let state = g.deal(&mut rng);
        let me = Seat::new(3);
        let mut t = Tensor::new();
        g.encode_observation(&g.observe(&state, me), &mut t);
        assert_hand_plane(&t, state.play().hand(me), CardSet::EMPTY);
        // The first dealer is the last seat (4), one place to seat 3's left.
        assert_eq!(t.get("dealer").unwrap(), &[0.0, 1.0, 0.0, 0.0, 0.0]);
        assert_eq!(t.get("auction.turn").unwrap(), &[0.0, 0.0, 1.0, 0.0, 0.0]);
        for seed in 0..5 {
            assert_lead_shows(&g, seed, Seat::new(seed as usize));
        }
    }
}
