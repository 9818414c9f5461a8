//! Agents for Nap: the `heuristic` agent, [`NapHeuristic`], and the exact card-play solver
//! [`NapSolver`] that `pimc` and `cheat` use.
//!
//! The heuristic counts the tricks it is sure of with its best suit as trumps (the bidder
//! makes trumps with his first lead): top trumps in an unbroken run, long trumps, plain aces;
//! it bids up to one trick more than that when its expected count agrees, Nap only with five
//! sure tricks, *mis* with a hand of low cards, and passes otherwise. As bidder it leads its
//! best suit from the top, and otherwise plays by the trick-game rules of thumb with the
//! other players as partners against the bidder; at *mis* the bidder ducks (the highest card
//! that still loses) and the others lead low where he may follow.
//!
//! ```
//! use cardsim_agents::{catalog, AgentSpec};
//! use cardsim_agents::games::nap::Nap;
//! let cat = catalog::<Nap>();
//! let agent = cat.build(&"heuristic".parse::<AgentSpec>().unwrap()).unwrap();
//! assert_eq!(agent.label(), "heuristic");
//! ```

use crate::search::{hands_and_scores, CutoffValue, PerfectInfoSolver, SearchSettings, Uct};
use crate::tricks::dds::general::GeneralSolver;
use crate::tricks::{rule_of_thumb, TableView};
use crate::{Agent, AgentKind, GameAgents};
use arrayvec::ArrayVec;
use cardsim_engine::cards::{Card, CardSet, Rank, Suit};
use cardsim_engine::games::nap::{NapAction, NapBid, NapObservation, NapState, Phase};
use cardsim_engine::params::ParamSpec;
use cardsim_engine::tricks::{CardOrder, Teams, TrickPlay};
use cardsim_engine::{Game, Seat, SeatMask, ToMove};
use rand::RngCore;

pub use cardsim_engine::games::nap::Nap;

impl GameAgents for Nap {
    /// A playout ends with its hand, valued by the points each side gained (the bidder wins or pays its contract to each player (Nap 10)).
    fn hand_end() -> Option<CutoffValue<Self>> {
        Some(|g, start, now| {
            let score = |s: &<Self as cardsim_engine::Game>::State, seat: Seat| {
                f64::from(s.scores()[seat.index()])
            };
            hands_and_scores(g, start, now, |s| s.deals(), score, 10.0)
        })
    }

    fn game_agents() -> Vec<AgentKind<Nap>> {
        vec![AgentKind {
            name: "heuristic",
            help: "counts its sure tricks with its best suit as trumps (an unbroken run of top \
                   trumps, long trumps beyond those the others may hold, plain aces at up to four \
                   players) and its likely tricks; bids Two to Four when sure of all but one \
                   trick and its likely count covers the bid (`margin`), Nap only with five sure \
                   tricks, mis with nothing above the deck's third-lowest rank, else passes; the \
                   bidder leads his trump suit from the top; the others defend together by the \
                   trick-game rules of thumb; at mis the bidder ducks and the others lead low \
                   where he may follow",
            params: HEURISTIC_PARAMS,
            build: |spec| {
                let margin = spec.settings(HEURISTIC_PARAMS)?.float("margin")?;
                Ok(Box::new(NapHeuristic { margin }))
            },
        }]
    }

    fn exact_solver() -> Option<Box<dyn PerfectInfoSolver<Nap>>> {
        Some(Box::new(NapSolver::new()))
    }
}

/// The heuristic's settings.
const HEURISTIC_PARAMS: &[ParamSpec] = &[ParamSpec::float(
    "margin",
    "-0.8",
    -2.0,
    3.0,
    "tricks counted beyond a contract's requirement before bidding it (negative: the count is \
     cautious)",
)];

/// The tricks `hand` should take with `trump` as trumps among `players` players (joker 1, ace
/// 1, king 0.9 (0.6 alone), queen 0.7 (0.4 with fewer than three trumps), other trumps 0.5,
/// 0.9 from the third trump on; plain aces 0.8 with three players, 0.2 less for each further
/// player, plain kings with the ace 0.4).
pub fn expected_tricks(game: &Nap, hand: CardSet, trump: Suit, players: usize) -> f64 {
    let order = game.trump_order(trump);
    let trumps = hand & order.trump_cards();
    let n = trumps.len();
    let mut v = 0.0;
    let mut i = 0;
    let mut rest = trumps;
    while let Some(c) = rest.iter().max_by_key(|&c| order.strength(c)) {
        rest.remove(c);
        i += 1;
        v += if c.is_joker() || c.rank() == Rank::Ace {
            1.0
        } else if i >= 3 {
            0.9
        } else {
            match c.rank() {
                Rank::King if n >= 2 => 0.9,
                Rank::King => 0.6,
                Rank::Queen if n >= 3 => 0.7,
                Rank::Queen => 0.4,
                _ => 0.5,
            }
        };
    }
    let ace = (1.4 - 0.2 * players as f64).clamp(0.2, 1.0);
    for c in hand - trumps {
        if c.rank() == Rank::Ace {
            v += ace;
        } else if c.rank() == Rank::King && hand.contains(Card::new(Rank::Ace, c.suit())) {
            v += 0.4;
        }
    }
    v
}

/// The best trump suit for `hand` and its [`expected_tricks`].
pub fn best_suit(game: &Nap, hand: CardSet, players: usize) -> (Suit, f64) {
    Suit::ALL
        .into_iter()
        .filter(|&s| !(hand & CardSet::FULL_DECK.of_suit(s)).is_empty())
        .map(|s| (s, expected_tricks(game, hand, s, players)))
        .fold((Suit::Clubs, f64::NEG_INFINITY), |a, b| {
            if b.1 > a.1 {
                b
            } else {
                a
            }
        })
}

/// True when `hand` suits *mis*: no joker and no card above the deck's third-lowest rank.
pub fn mis_hand(game: &Nap, hand: CardSet) -> bool {
    let lowest = game
        .deck()
        .iter()
        .filter(|c| !c.is_joker())
        .map(|c| c.rank())
        .min()
        .unwrap_or(Rank::Two);
    !hand.contains(Card::JOKER) && hand.iter().all(|c| (c.rank() as u8) < lowest as u8 + 3)
}

/// A Nap player: bids on its counted tricks, plays by rules of thumb, from the observation
/// alone.
#[derive(Clone, Copy, Debug)]
pub struct NapHeuristic {
    /// Tricks counted beyond a contract's requirement before bidding it: -0.8 by default,
    /// since [`expected_tricks`] is cautious (at 0.3, against `ismcts`, the heuristic made
    /// every contract it bid and won 2% of the games).
    pub margin: f64,
}

impl Default for NapHeuristic {
    fn default() -> Self {
        NapHeuristic { margin: -0.8 }
    }
}

/// The tricks `hand` is sure of with `trump` as trumps, counted as a Nap player counts before
/// bidding:
///
/// - its unbroken run of top trumps (the joker, then the ace, king, ... of the suit, as far
///   as the deck has them): each wins whatever is led;
/// - its long trumps: the trumps the others may hold (the deck's trumps not in the hand, some
///   perhaps in the stub) all fall to its leads once it has led as many rounds of trumps as
///   there are such trumps, or as its run is long if that is more; every trump it holds
///   beyond that number is a trick too (with no run, `KQJT9` of seven trumps loses at most
///   the two it lacks: three sure tricks);
/// - its plain aces while at most four players sit (with more, a plain ace is often trumped).
pub fn sure_tricks(game: &Nap, hand: CardSet, trump: Suit, players: usize) -> u32 {
    let order = game.trump_order(trump);
    let mut top: ArrayVec<Card, 64> = (game.deck() & order.trump_cards()).iter().collect();
    top.sort_by_key(|&c| std::cmp::Reverse(order.strength(c)));
    let run = top.iter().take_while(|&&c| hand.contains(c)).count() as u32;
    let held = (hand & order.trump_cards()).len() as u32;
    let out = top.len() as u32 - held;
    // Trumps the others may keep after `run` rounds, worst case all in one hand: each can win
    // one of its lower trumps.
    let long = held.saturating_sub(run.max(out));
    let aces = if players <= 4 {
        (hand - order.trump_cards())
            .iter()
            .filter(|c| c.rank() == Rank::Ace)
            .count() as u32
    } else {
        0
    };
    run + long + aces
}

impl NapHeuristic {
    /// The bid, from the hand's [`sure_tricks`] in its best suit ([`best_suit`]), with the
    /// expected count ([`expected_tricks`]) as a check:
    ///
    /// - Two, Three or Four: the highest it is sure of at least all but one trick of and
    ///   expects to make with `margin` to spare (a middling hand bids its sure-trick count, or
    ///   one more when its other cards are good);
    /// - Nap (and Wellington or Blücher over it) only when it is sure of all five;
    /// - Mis with only low cards ([`mis_hand`]);
    ///
    /// and it passes when none of these beats the standing bid (the legal bids are the higher
    /// ones). A dealer who may not pass bids the lowest bid.
    fn bid(&self, game: &Nap, obs: &NapObservation, legal: &[NapAction]) -> NapAction {
        let n = game.players();
        let hand = obs.hand();
        let (suit, est) = best_suit(game, hand, n);
        let sure = sure_tricks(game, hand, suit, n);
        let ok = |b: NapBid| {
            let tricks = match b {
                NapBid::Two => 2,
                NapBid::Three => 3,
                NapBid::Four => 4,
                NapBid::Nap | NapBid::Wellington | NapBid::Blucher => return sure >= 5,
                NapBid::Mis => return mis_hand(game, hand),
            };
            sure + 1 >= tricks && est >= f64::from(tricks) + self.margin
        };
        let mut best = None;
        for &a in legal {
            if let NapAction::Bid(b) = a {
                if ok(b) {
                    best = Some(a);
                }
            }
        }
        best.unwrap_or(if legal.contains(&NapAction::Pass) {
            NapAction::Pass
        } else {
            legal[0]
        })
    }

    fn card(&self, game: &Nap, obs: &NapObservation, legal: CardSet) -> Card {
        let seat = obs.seat;
        let (bidder, bid) = obs.contract().expect("a contract in play");
        let play = &obs.play;
        let order = *play.order();
        let strength = |c: Card| (order.is_trump(c), order.strength(c), c.index());
        if bid == NapBid::Mis {
            return mis_card(play, &order, seat, bidder, legal);
        }
        // The bidder's first lead makes trumps: his best suit, from the top.
        if seat == bidder && play.tricks_played() == 0 && play.trick().is_empty() {
            if legal.contains(Card::JOKER) {
                return Card::JOKER;
            }
            let (suit, _) = best_suit(game, obs.hand(), game.players());
            let o = game.trump_order(suit);
            return (legal & o.trump_cards())
                .iter()
                .max_by_key(|&c| o.strength(c))
                .unwrap_or_else(|| legal.iter().max_by_key(|&c| strength(c)).expect("a card"));
        }
        let teams = Teams::one_against_rest(game.players(), bidder);
        let view = TableView {
            seat,
            teams,
            play,
            hand: obs.hand(),
            visible: CardSet::EMPTY,
            legal,
            declarer: seat == bidder,
        };
        rule_of_thumb(&view)
    }
}

/// A *mis* card: the bidder ducks (the highest card that loses to the trick so far, else his
/// lowest; when void, his highest discard; his lowest lead). The others try to force a trick
/// on him: they lead their lowest card of a suit he has not shown out of (so that he needs a
/// lower one to duck), follow low while he is still to play, stay under him when he is
/// winning, and otherwise get rid of their highest card that does not take the trick from
/// him (a void defender never wins a trick the bidder would otherwise be left to win).
fn mis_card(play: &TrickPlay, order: &CardOrder, seat: Seat, bidder: Seat, legal: CardSet) -> Card {
    let trick = play.trick();
    let key = |c: Card| (order.is_trump(c), order.strength(c), c.index());
    let lowest = |cs: CardSet| cs.iter().min_by_key(|&c| key(c));
    let highest = |cs: CardSet| cs.iter().max_by_key(|&c| key(c));
    let Some(led) = trick.led() else {
        if seat == bidder {
            return lowest(legal).expect("a card");
        }
        // Lead low in a suit the bidder may still hold.
        let open = legal - play.record().excluded(bidder);
        return lowest(open).or_else(|| lowest(legal)).expect("a card");
    };
    let (winner, best) = trick.winner(order).expect("a card led");
    let led_suit = order.suit_of(led);
    let losing: CardSet = legal
        .iter()
        .filter(|&c| !order.beats(c, best, led_suit))
        .collect();
    let duck = || highest(losing).or_else(|| lowest(legal)).expect("a card");
    if seat == bidder || winner == bidder {
        // The bidder ducks; a defender stays under a bidder who is winning.
        return duck();
    }
    let following = !(legal & order.suit_cards(led_suit)).is_empty();
    if !following {
        // A discard: the highest that leaves the trick as it is.
        return duck();
    }
    if trick.seats().contains(&bidder) {
        // He is safe in this trick: unload the highest card.
        highest(legal).expect("a card")
    } else {
        lowest(legal).expect("a card")
    }
}

impl Agent<Nap> for NapHeuristic {
    fn choose(
        &mut self,
        game: &Nap,
        _seat: Seat,
        obs: &NapObservation,
        legal: &[NapAction],
        _: &mut dyn RngCore,
    ) -> NapAction {
        match obs.phase {
            Phase::Bid => self.bid(game, obs, legal),
            Phase::NameTrump => {
                let (suit, _) = best_suit(game, obs.hand(), game.players());
                NapAction::NameTrump(suit)
            }
            Phase::Play => {
                let cards: CardSet = legal
                    .iter()
                    .filter_map(|&a| match a {
                        NapAction::Play(c) => Some(c),
                        _ => None,
                    })
                    .collect();
                NapAction::Play(self.card(game, obs, cards))
            }
            Phase::Over => legal[0],
        }
    }

    fn label(&self) -> String {
        "heuristic".into()
    }
}

/// The exact card-play evaluation of Nap for `pimc` and `cheat`: each legal card (or trump
/// named after a joker lead) is worth, to the bidder, the tricks he takes from here on with
/// every hand visible (at *mis*, minus them), and to the other players the negative of that.
/// The first lead of a trump hand is valued with the trump suit it makes (a joker lead with
/// the best suit for the bidder). It uses [`GeneralSolver`] (any seat count, the *mis* joker's
/// fifth suit); the auction goes to perfect-information UCT.
pub struct NapSolver {
    solver: GeneralSolver,
    fallback: Uct<Nap>,
}

impl NapSolver {
    /// The solver, with perfect-information UCT at the default settings and the game's default
    /// playout ([`Uct::with_auto_rollout`]) for the auction.
    pub fn new() -> NapSolver {
        NapSolver {
            solver: GeneralSolver::new(),
            fallback: Uct::with_auto_rollout(SearchSettings::default()),
        }
    }

    /// The bidder's objective from `play` on: his tricks, or minus them at *mis*.
    fn bidder_value(&mut self, play: &TrickPlay, bidder: Seat, mis: bool) -> f64 {
        let me = SeatMask(1 << bidder.index());
        let others = SeatMask(SeatMask::all(play.players()).0 & !me.0);
        if play.is_over() {
            return 0.0;
        }
        if mis {
            // The bidder maximizes the others' tricks.
            let theirs = self.solver.solve_for(play, others, me);
            -(remaining(play) as f64 - f64::from(theirs))
        } else {
            f64::from(self.solver.solve_for(play, me, me))
        }
    }
}

/// Tricks still to be decided, the one in progress included.
fn remaining(play: &TrickPlay) -> usize {
    let leader = play.trick().leader();
    play.hand_len(leader) + usize::from(!play.trick().is_empty())
}

impl Default for NapSolver {
    fn default() -> Self {
        NapSolver::new()
    }
}

impl PerfectInfoSolver<Nap> for NapSolver {
    fn evaluate(
        &mut self,
        game: &Nap,
        state: &NapState,
        legal: &[NapAction],
        values: &mut Vec<f64>,
        rng: &mut dyn RngCore,
    ) {
        let Some((bidder, bid)) = state.contract() else {
            return self.fallback.evaluate(game, state, legal, values, rng);
        };
        if state.phase() == Phase::Over {
            return self.fallback.evaluate(game, state, legal, values, rng);
        }
        let ToMove::Seat(mover) = game.to_move(state) else {
            unreachable!("a seat moves while the hand is on")
        };
        let mis = bid == NapBid::Mis;
        let sign = if mover == bidder { 1.0 } else { -1.0 };
        let play = state.play();
        let first_lead = state.trump().is_none() && !mis && play.tricks_played() == 0;
        values.clear();
        for &a in legal {
            let v = match a {
                NapAction::NameTrump(suit) => {
                    let mut p = *play;
                    p.set_order(game.trump_order(suit));
                    self.bidder_value(&p, bidder, false)
                }
                NapAction::Play(c) => {
                    let mut p = *play;
                    if first_lead && play.trick().is_empty() {
                        if c.is_joker() {
                            // He will name the best suit.
                            let mut best = f64::NEG_INFINITY;
                            for suit in Suit::ALL {
                                let mut q = p;
                                q.set_order(game.trump_order(suit));
                                q.play(c);
                                best = best.max(self.bidder_value(&q, bidder, false));
                            }
                            best
                        } else {
                            p.set_order(game.trump_order(c.suit()));
                            p.play(c);
                            self.bidder_value(&p, bidder, false)
                        }
                    } else {
                        let won = p.play(c).map_or(0.0, |w| {
                            if w == bidder {
                                if mis {
                                    -1.0
                                } else {
                                    1.0
                                }
                            } else {
                                0.0
                            }
                        });
                        won + self.bidder_value(&p, bidder, mis)
                    }
                }
                _ => 0.0,
            };
            values.push(sign * v);
        }
    }

    fn label(&self) -> String {
        "solver=exact".into()
    }
}

#[cfg(test)]
mod tests;
