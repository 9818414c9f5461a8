//! Euchre's [`Encoding`]: action ids and the observation tensor.
//!
//! **Action ids** (74):
//!
//! | ids    | action                                                                  |
//! |--------|-------------------------------------------------------------------------|
//! | 0..64  | play, or (the dealer) discard, the card with that [`Card::index`] (`16·suit + rank slot`: 9C = 9, AS = 63); a discard and a play are never legal together |
//! | 64     | `pass`                                                                  |
//! | 65     | `order-up`                                                              |
//! | 66     | `keep` (the dealer declines the upcard)                                 |
//! | 67..71 | `call` clubs, diamonds, hearts, spades                                  |
//! | 71     | `alone`                                                                 |
//! | 72     | `with-partner`                                                          |
//! | 73     | `defend-alone`                                                          |
//!
//! **Observation tensor** (1,214 entries; seats relative to the observer: entry `k` is the
//! seat `k` places to its left; "our side" is the observer's partnership):
//!
//! | segment          | length | meaning                                                       |
//! |------------------|--------|---------------------------------------------------------------|
//! | `phase`          | 7      | one-hot: order, pickup, call, alone, defend, play, over       |
//! | `dealer`         | 4      | one-hot seat                                                  |
//! | `turn`           | 4      | one-hot: the seat to decide in the making phases              |
//! | `scores`         | 2      | points of our side, their side, / `target`                    |
//! | `deals`          | 1      | deals so far, / 10                                            |
//! | `upcard`         | 64     | the turned-up card                                            |
//! | `upcard.turned_down` | 1  | 1 once the dealer turned it down                              |
//! | `upcard.taken_up`| 1      | 1 while the dealer holds it (taken up and not yet played)     |
//! | `discard`        | 64     | the dealer's face-down discard (seen by the dealer only)      |
//! | `made_trump`     | 4      | one-hot: the trump suit, once made                            |
//! | `maker`          | 4      | one-hot seat                                                  |
//! | `alone`          | 1      | 1 when the maker plays alone                                  |
//! | `lone_defender`  | 4      | one-hot seat                                                  |
//! | the card play    | 1,053  | [`encode_play`] with 4 seats and 5 tricks (`hands`, `hand_sizes`, `trick`, `trick.leader`, `trick.led_suit`, `trick.to_play`, `trump`, `played`, `voids`, `tricks_won`, `tricks_played`, `active`) |

use super::{Euchre, EuchreAction, EuchreObservation, Phase};
use crate::cards::{Card, CardSet};
use crate::encoding::{Encoding, Tensor};
use crate::games::common::text::{teams, ObsText};
use crate::tricks::text::{write_hands, write_play};
use crate::tricks::{encode_play, encode_sides, TrickTaking};

/// The id of `pass`; the other non-card actions follow it.
const PASS: usize = Card::SLOTS;

impl Encoding for Euchre {
    fn num_distinct_actions(&self) -> usize {
        PASS + 10
    }

    fn action_id(&self, action: EuchreAction) -> usize {
        match action {
            EuchreAction::Play(c) | EuchreAction::Discard(c) => c.index(),
            EuchreAction::Pass => PASS,
            EuchreAction::OrderUp => PASS + 1,
            EuchreAction::Keep => PASS + 2,
            EuchreAction::Call(s) => PASS + 3 + s.index(),
            EuchreAction::Alone => PASS + 7,
            EuchreAction::WithPartner => PASS + 8,
            EuchreAction::DefendAlone => PASS + 9,
        }
    }

    fn encode_observation(&self, obs: &EuchreObservation, out: &mut Tensor) {
        let me = obs.seat;
        let phase = match obs.phase {
            Phase::Order => 0,
            Phase::Pickup => 1,
            Phase::Call => 2,
            Phase::Alone => 3,
            Phase::Defend => 4,
            Phase::Play => 5,
            Phase::Over => 6,
        };
        out.one_hot("phase", Some(phase), 7);
        out.seat_one_hot("dealer", Some(obs.dealer), me, 4);
        let deciding = !matches!(obs.phase, Phase::Play | Phase::Over);
        out.seat_one_hot("turn", Some(obs.turn).filter(|_| deciding), me, 4);
        let ours = self.teams().team(me);
        let target = self.target().max(1) as f32;
        encode_sides(out, "scores", obs.scores, ours, |s| s as f32 / target);
        out.scalar("deals", obs.deals as f32 / 10.0);
        out.cards("upcard", CardSet::from_card(obs.upcard));
        out.scalar("upcard.turned_down", f32::from(u8::from(obs.turned_down)));
        out.scalar("upcard.taken_up", f32::from(u8::from(obs.taken_up)));
        out.cards(
            "discard",
            obs.discard.map(CardSet::from_card).unwrap_or_default(),
        );
        out.one_hot("made_trump", obs.trump.map(|s| s.index()), 4);
        out.seat_one_hot("maker", obs.maker, me, 4);
        out.scalar("alone", f32::from(u8::from(obs.alone)));
        out.seat_one_hot("lone_defender", obs.lone_defender, me, 4);
        encode_play(out, &obs.play, me, 5);
    }

    fn observation_string(&self, obs: &EuchreObservation) -> String {
        let mut t = ObsText::dealt(obs.seat, 4, obs.dealer, obs.phase);
        t.match_score(teams(&obs.scores, 4), self.target(), obs.deals);
        let upcard = if obs.turned_down {
            " (turned down)"
        } else if obs.taken_up {
            " (taken up)"
        } else {
            ""
        };
        t.line("upcard", format_args!("{}{upcard}", obs.upcard));
        t.opt("discard", obs.discard);
        let deciding = !matches!(obs.phase, Phase::Play | Phase::Over);
        if deciding {
            t.line("to decide", obs.turn);
        }
        t.opt("trump", obs.trump);
        if let Some(maker) = obs.maker {
            let alone = if obs.alone { " alone" } else { "" };
            t.line("maker", format_args!("{maker}{alone}"));
        }
        t.opt("lone defender", obs.lone_defender);
        if obs.phase == Phase::Play || obs.phase == Phase::Over {
            write_play(&mut t, &obs.play, obs.seat);
        } else {
            write_hands(&mut t, &obs.play, obs.seat);
        }
        t.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::{check, layout, relative};
    use crate::tricks::assert_hand_plane;
    use crate::{Game, Params, Seat, ToMove};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn game(params: &[&str]) -> Euchre {
        Euchre::new(4, &Params::parse(params).unwrap()).unwrap()
    }

    #[test]
    fn the_text_shows_the_upcard_and_the_own_hand_only() {
        let g = game(&[]);
        let text = crate::tricks::text::assert_text_shows_own_hand(
            &g,
            2,
            Seat::new(3),
            |o: &EuchreObservation| crate::CardSet::from_card(o.upcard),
        );
        assert!(text.contains("upcard: "), "{text}");
        assert!(text.contains("trump: "), "{text}");
        let state = g.deal(&mut ChaCha8Rng::seed_from_u64(2));
        let obs = g.observe(&state, Seat::new(1));
        let text = g.observation_string(&obs);
        assert!(text.starts_with("seat 1 of 4, dealer "), "{text}");
        assert!(
            text.contains(&format!("upcard: {}\n", obs.upcard)),
            "{text}"
        );
    }

    #[test]
    fn random_games_pass_the_encoding_check() {
        for params in [
            &["target=3"][..],
            &["deck=24", "lone_defender=true", "stick_the_dealer=true"],
            &["dealer_pickup=mandatory"],
        ] {
            let r = check(&game(params), 0..25, 300);
            assert_eq!(r.games, 25);
        }
        let len: usize = layout(&game(&[])).iter().map(|s| s.len).sum();
        assert_eq!(len, 1214);
    }

    #[test]
    fn named_actions_have_the_documented_ids() {
        let g = game(&[]);
        let ace: Card = "AS".parse().unwrap();
        assert_eq!(g.action_id(EuchreAction::Play(ace)), 63);
        assert_eq!(g.action_id(EuchreAction::Discard(ace)), 63);
        assert_eq!(g.action_id(EuchreAction::Pass), 64);
        assert_eq!(g.action_id(EuchreAction::OrderUp), 65);
        assert_eq!(g.action_id(EuchreAction::Call(crate::Suit::Hearts)), 69);
        assert_eq!(g.action_id(EuchreAction::DefendAlone), 73);
        assert_eq!(g.num_distinct_actions(), 74);
    }

    #[test]
    fn the_hand_upcard_and_lead_show_where_they_belong() {
        let g = game(&["dealer_pickup=mandatory"]);
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let mut state = g.deal(&mut rng);
        let mut t = Tensor::new();
        let me = Seat::new(1);
        g.encode_observation(&g.observe(&state, me), &mut t);
        assert_hand_plane(&t, state.play().hand(me), CardSet::EMPTY);
        assert_eq!(t.get("upcard").unwrap()[state.upcard().index()], 1.0);
        // The first dealer is seat 3, two places to seat 1's left.
        assert_eq!(t.get("dealer").unwrap(), &[0.0, 0.0, 1.0, 0.0]);
        // Play on until the first card is led.
        let mut legal = Vec::new();
        while state.phase() != Phase::Play || state.play().trick().is_empty() {
            assert!(matches!(g.to_move(&state), ToMove::Seat(_)));
            g.legal_actions(&state, &mut legal);
            let a = legal.iter().find(|&&a| a != EuchreAction::Pass);
            g.apply(&mut state, *a.unwrap_or(&legal[0]), &mut rng);
        }
        let (leader, lead) = state.play().trick().plays().next().unwrap();
        t.clear();
        g.encode_observation(&g.observe(&state, me), &mut t);
        let k = relative(leader, me, 4);
        assert_eq!(t.get("trick").unwrap()[64 * k + lead.index()], 1.0);
        assert_eq!(t.get("trick").unwrap().iter().sum::<f32>(), 1.0);
        let maker = relative(state.maker().unwrap(), me, 4);
        assert_eq!(t.get("maker").unwrap()[maker], 1.0);
    }
}
