//! Euchre: four players in two partnerships, trumps made from a turned-up card in two rounds,
//! five tricks a hand, going alone, game to 5 points.
//!
//! - **Players:** 4, partners opposite: seats 0 and 2 (team 0) against seats 1 and 3 (team 1).
//! - **Deck:** 32 cards, seven to ace (`deck=24`: nine to ace, the modern North American game).
//!   Five cards to each player; the next card is turned face up on the stub: the upcard.
//! - **Making trumps, round 1:** from the dealer's left each player passes or accepts the
//!   upcard's suit ("order it up"); the dealer last takes it up or turns it down. Once the
//!   suit is accepted the dealer takes the upcard into hand and discards a card face down
//!   (the discard is seen only by the dealer), or declines and keeps his five cards, the upcard
//!   staying on the stub (`dealer_pickup=mandatory`: he must take it up).
//! - **Round 2** (after the dealer turns it down, the upcard staying face up under the stub):
//!   from the dealer's left each passes or names one of the other three suits. If all four
//!   pass, the hand is void and the next dealer deals (`stick_the_dealer`: the dealer may not
//!   pass in round 2).
//! - **Going alone:** the maker then plays with his partner or alone (the partner's cards are
//!   laid down and take no part); `lone_defender`: against a lone hand each defender in turn
//!   from the maker's left may defend alone, his partner sitting out.
//! - **Play:** the dealer's left leads (the next playing seat if that one sits out); follow
//!   suit if able, trumps ranked right bower (jack of trumps), left bower (the other jack of
//!   the same colour, which counts as a trump), ace, king, ... ([`CardOrder::euchre`]).
//! - **Scoring:** makers with 3 or 4 tricks 1; all five (a march) 2, or 4 alone; makers with
//!   fewer than three are euchred and the defenders score 2 (4 for a lone defender). The first
//!   side to `target` (5) wins; `max_deals` (deals, void ones included) stops an unending game,
//!   the higher score winning (equal scores draw).
//!
//! The first dealer is seat 3, so seat 0 bids and leads first; the deal passes left.
//! Rulings are in `docs/rules/euchre.md`.
//!
//! ```
//! use cardsim_engine::games::euchre::Euchre;
//! use cardsim_engine::{Game, Params, ToMove};
//! use rand::SeedableRng;
//! let game = Euchre::new(4, &Params::parse(&["target=3"]).unwrap()).unwrap();
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
//! let mut state = game.deal(&mut rng);
//! let mut legal = Vec::new();
//! while let ToMove::Seat(_) = game.to_move(&state) {
//!     game.legal_actions(&state, &mut legal);
//!     game.apply(&mut state, legal[legal.len() - 1], &mut rng);
//! }
//! assert!(game.outcome(&state).is_some());
//! ```

use crate::cards::{Card, CardSet, Rank, Suit};
use crate::game::{check_players, ConfigError, Game, GameInfo, Outcome, ParamSpec, Params, ToMove};
use crate::games::common::ToTarget;
use crate::seat::{BySeat, Seat, SeatMask};
use crate::tricks::{CardOrder, Obligation, Teams, TrickPlay, TrickTaking};
use rand::seq::SliceRandom;
use rand::Rng;
use std::fmt;

#[cfg(test)]
mod tests;

/// The rules of Euchre with its options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Euchre {
    deck: CardSet,
    /// The match's end: `target` points, at most `max_deals` deals.
    end: ToTarget<u32>,
    stick_the_dealer: bool,
    mandatory_pickup: bool,
    lone_defender: bool,
}

/// Where a hand stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Round 1: pass or accept the upcard's suit.
    Order,
    /// The dealer, the upcard's suit accepted, discards a card for it (or declines it).
    Pickup,
    /// Round 2: pass or name another suit.
    Call,
    /// The maker decides whether to play alone.
    Alone,
    /// Against a lone hand, a defender may defend alone.
    Defend,
    /// The tricks.
    Play,
    /// The game is over.
    Over,
}

/// A Euchre move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EuchreAction {
    /// Pass (round 1: for the dealer, turn the upcard down; against a lone hand: do not
    /// defend alone).
    Pass,
    /// Round 1: accept the upcard's suit as trumps ("I assist", "I order it up", "take it up").
    OrderUp,
    /// The dealer takes the upcard and discards this card face down.
    Discard(Card),
    /// The dealer declines the upcard and keeps his five cards (`dealer_pickup=optional`).
    Keep,
    /// Round 2: name this suit as trumps.
    Call(Suit),
    /// The maker plays alone.
    Alone,
    /// The maker plays with his partner.
    WithPartner,
    /// A defender defends alone against a lone hand.
    DefendAlone,
    /// Play a card to the trick.
    Play(Card),
}

impl fmt::Display for EuchreAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EuchreAction::Pass => write!(f, "pass"),
            EuchreAction::OrderUp => write!(f, "order-up"),
            EuchreAction::Discard(c) => write!(f, "discard {c}"),
            EuchreAction::Keep => write!(f, "keep"),
            EuchreAction::Call(s) => write!(f, "call {s}"),
            EuchreAction::Alone => write!(f, "alone"),
            EuchreAction::WithPartner => write!(f, "with-partner"),
            EuchreAction::DefendAlone => write!(f, "defend-alone"),
            EuchreAction::Play(c) => write!(f, "{c}"),
        }
    }
}

/// Counts over the game, for the statistics columns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EuchreTally {
    /// Hands played out.
    pub hands: u32,
    /// Deals voided because all four passed twice.
    pub redeals: u32,
    /// Hands the makers lost.
    pub euchres: u32,
    /// Hands in which the makers took all five tricks.
    pub marches: u32,
    /// Hands played by a lone maker.
    pub lone_hands: u32,
    /// Lone hands that took all five tricks.
    pub lone_marches: u32,
    /// Hands defended by a lone defender.
    pub lone_defences: u32,
    /// Points scored by makers.
    pub makers_points: u32,
    /// Hands the dealer's side made trumps.
    pub dealer_side_makes: u32,
}

/// A Euchre game in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EuchreState {
    scores: [u32; 2],
    dealer: Seat,
    deals: u32,
    phase: Phase,
    turn: Seat,
    upcard: Card,
    turned_down: bool,
    taken_up: bool,
    discard: Option<Card>,
    trump: Option<Suit>,
    maker: Option<Seat>,
    alone: bool,
    lone_defender: Option<Seat>,
    /// The hands (in every phase) and, in [`Phase::Play`], the tricks.
    play: TrickPlay,
    tally: EuchreTally,
}

impl EuchreState {
    /// Points of team 0 (seats 0, 2) and team 1 (seats 1, 3).
    pub const fn scores(&self) -> [u32; 2] {
        self.scores
    }
    /// The dealer of the current hand.
    pub const fn dealer(&self) -> Seat {
        self.dealer
    }
    /// Where the hand stands.
    pub const fn phase(&self) -> Phase {
        self.phase
    }
    /// The turned-up card.
    pub const fn upcard(&self) -> Card {
        self.upcard
    }
    /// The trump suit, once made.
    pub const fn trump(&self) -> Option<Suit> {
        self.trump
    }
    /// The seat that made trumps.
    pub const fn maker(&self) -> Option<Seat> {
        self.maker
    }
    /// True when the maker plays alone.
    pub const fn alone(&self) -> bool {
        self.alone
    }
    /// The lone defender, if one defends alone.
    pub const fn lone_defender(&self) -> Option<Seat> {
        self.lone_defender
    }
    /// The dealer's face-down discard.
    pub const fn discard(&self) -> Option<Card> {
        self.discard
    }
    /// The hands and the play of the hand.
    pub const fn play(&self) -> &TrickPlay {
        &self.play
    }
    /// Deals so far, void ones included, the current one not counted.
    pub const fn deals(&self) -> u32 {
        self.deals
    }
    /// The game's counts.
    pub const fn tally(&self) -> &EuchreTally {
        &self.tally
    }
    /// The cards in no hand and not played: the stub, with the upcard while it lies there
    /// and the dealer's discard.
    pub fn stub(&self, deck: CardSet) -> CardSet {
        self.play.unheld(deck)
    }
}

/// What one seat knows: everything public and its own hand (and, for the dealer, the discard).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EuchreObservation {
    /// The observing seat.
    pub seat: Seat,
    /// Points of team 0 and team 1.
    pub scores: [u32; 2],
    /// The dealer.
    pub dealer: Seat,
    /// Deals so far.
    pub deals: u32,
    /// Where the hand stands.
    pub phase: Phase,
    /// The seat to decide in the bidding phases.
    pub turn: Seat,
    /// The turned-up card (public).
    pub upcard: Card,
    /// True once the dealer turned it down.
    pub turned_down: bool,
    /// True while the dealer holds the upcard (taken up and not yet played).
    pub taken_up: bool,
    /// The dealer's discard: only the dealer sees it.
    pub discard: Option<Card>,
    /// The trump suit, once made.
    pub trump: Option<Suit>,
    /// The maker.
    pub maker: Option<Seat>,
    /// True when the maker plays alone.
    pub alone: bool,
    /// The lone defender.
    pub lone_defender: Option<Seat>,
    /// The hands (only the observer's) and the play.
    pub play: TrickPlay,
    /// The game's counts (public).
    pub tally: EuchreTally,
}

impl EuchreObservation {
    /// The observer's hand.
    pub fn hand(&self) -> CardSet {
        self.play.hand(self.seat)
    }
}

impl Euchre {
    /// The partnerships: seats 0 and 2 against 1 and 3.
    pub fn teams() -> Teams {
        Teams::alternating(4, 2)
    }
    /// The cards in play: 32 (seven to ace) or 24 (nine to ace).
    pub const fn deck(&self) -> CardSet {
        self.deck
    }
    /// Points that win the game.
    pub const fn target(&self) -> u32 {
        self.end.target
    }

    /// Deals after which an unfinished game stops.
    pub const fn max_deals(&self) -> u32 {
        self.end.max_deals
    }

    /// A fresh deal by `dealer`: five cards each and the upcard; hands live in a
    /// [`TrickPlay`] from the start (the order set to the upcard's suit until trumps are made).
    fn deal_hand<R: Rng + ?Sized>(&self, dealer: Seat, rng: &mut R) -> (TrickPlay, Card) {
        let mut cards = [Card::from_index(0); 32];
        let n = self.deck.len();
        for (slot, c) in cards.iter_mut().zip(self.deck) {
            *slot = c;
        }
        // Twenty cards dealt and the upcard: a random 21 of the deck, in random order.
        let (cards, _) = cards[..n].partial_shuffle(rng, 21);
        let mut hands = [CardSet::EMPTY; 4];
        for (i, &c) in cards[..20].iter().enumerate() {
            hands[dealer.left(1 + i % 4, 4).index()].insert(c);
        }
        let upcard = cards[20];
        let play = TrickPlay::new(
            4,
            &hands,
            dealer.next(4),
            CardOrder::euchre(upcard.suit(), None),
            Obligation::FollowSuit,
        )
        .with_deck(self.deck);
        (play, upcard)
    }

    fn new_hand<R: Rng + ?Sized>(&self, state: &mut EuchreState, dealer: Seat, rng: &mut R) {
        let (play, upcard) = self.deal_hand(dealer, rng);
        state.dealer = dealer;
        state.phase = Phase::Order;
        state.turn = dealer.next(4);
        state.upcard = upcard;
        state.turned_down = false;
        state.taken_up = false;
        state.discard = None;
        state.trump = None;
        state.maker = None;
        state.alone = false;
        state.lone_defender = None;
        state.play = play;
    }

    fn start_play(&self, state: &mut EuchreState) {
        let trump = state.trump.expect("trumps are made before play");
        let maker = state.maker.expect("a maker before play");
        let mut active = SeatMask::all(4);
        if state.alone {
            active.0 &= !(1 << maker.left(2, 4).index());
        }
        if let Some(d) = state.lone_defender {
            active.0 &= !(1 << d.left(2, 4).index());
        }
        let mut leader = state.dealer.next(4);
        while !active.contains(leader) {
            leader = leader.next(4);
        }
        // No card is played yet and the order is trumps' (set when they were made): the trick
        // play of the deal needs only the seats that sit out, unless the first to the
        // dealer's left is one of them, and then it starts again from the hands.
        let fresh = |play: &TrickPlay| {
            TrickPlay::new(
                4,
                &play.hands_array::<4>(),
                leader,
                CardOrder::euchre(trump, None),
                Obligation::FollowSuit,
            )
            .with_deck(self.deck)
            .with_active(active)
        };
        if leader != state.play.trick().leader() {
            state.play = fresh(&state.play);
        } else if active != state.play.active() {
            state.play = state.play.with_active(active);
        }
        debug_assert_eq!(state.play, fresh(&state.play));
        state.phase = Phase::Play;
        state.turn = leader;
        if state.alone {
            state.tally.lone_hands += 1;
        }
        if state.lone_defender.is_some() {
            state.tally.lone_defences += 1;
        }
        if Self::teams().same(maker, state.dealer) {
            state.tally.dealer_side_makes += 1;
        }
    }

    /// The result of a hand from the makers' tricks: (made, points), the points going to the
    /// makers when made and to the defenders when euchred.
    pub fn hand_points(makers_tricks: usize, alone: bool, lone_defender: bool) -> (bool, u32) {
        match makers_tricks {
            5 if alone => (true, 4),
            5 => (true, 2),
            3 | 4 => (true, 1),
            _ if lone_defender => (false, 4),
            _ => (false, 2),
        }
    }

    fn end_of_deal<R: Rng + ?Sized>(&self, state: &mut EuchreState, rng: &mut R) {
        state.deals += 1;
        if self.end.is_over(&state.scores, state.deals) {
            state.phase = Phase::Over;
            return;
        }
        let next = state.dealer.next(4);
        self.new_hand(state, next, rng);
    }

    fn score_hand<R: Rng + ?Sized>(&self, state: &mut EuchreState, rng: &mut R) {
        let maker = state.maker.expect("a maker");
        let teams = Self::teams();
        let mt = teams.team(maker);
        let tricks = state.play.team_tricks(&teams, mt);
        let (made, points) = Self::hand_points(tricks, state.alone, state.lone_defender.is_some());
        let t = &mut state.tally;
        t.hands += 1;
        if made {
            state.scores[mt] += points;
            t.makers_points += points;
            if tricks == 5 {
                t.marches += 1;
                if state.alone {
                    t.lone_marches += 1;
                }
            }
        } else {
            state.scores[1 - mt] += points;
            t.euchres += 1;
        }
        self.end_of_deal(state, rng);
    }
}

impl Game for Euchre {
    type State = EuchreState;
    type Action = EuchreAction;
    type Observation = EuchreObservation;

    const INFO: GameInfo = GameInfo {
        name: "euchre",
        title: "Euchre",
        min_players: 4,
        max_players: 4,
        default_players: 4,
        params: &[
            ParamSpec::choice(
                "deck",
                "32",
                &["32", "24"],
                "32: seven to ace, the rules page's deck; 24: nine to ace, the modern North American game",
            ),
            ParamSpec::int("target", "5", 1, 1000, "points that win the game (10 is also common)"),
            ParamSpec::flag(
                "stick_the_dealer",
                "false",
                "the dealer may not pass in the second round, so no hand is void",
            ),
            ParamSpec::choice(
                "dealer_pickup",
                "optional",
                &["optional", "mandatory"],
                "optional: the dealer may decline the ordered-up card (the page); mandatory: he must take it up and discard",
            ),
            ParamSpec::flag(
                "lone_defender",
                "false",
                "against a lone hand one defender may defend alone (a euchre then scores 4)",
            ),
            ParamSpec::int(
                "max_deals",
                "500",
                1,
                1_000_000,
                "deals (void ones included) after which an unfinished game stops, the higher score winning",
            ),
        ],
        stats: &[
            "hands",
            "redeals",
            "euchres",
            "marches",
            "lone_hands",
            "lone_marches",
            "lone_defences",
            "makers_points",
            "dealer_side_makes",
            "points_team0",
            "points_team1",
        ],
    };

    fn new(players: usize, params: &Params) -> Result<Self, ConfigError> {
        let info = &Self::INFO;
        check_players(info, players)?;
        params.check_keys(info)?;
        let deck = match params.choice(info, "deck")? {
            "24" => CardSet::with_ranks(&Rank::ALL[7..]),
            _ => CardSet::with_ranks(&Rank::ALL[5..]),
        };
        Ok(Euchre {
            deck,
            end: ToTarget::from_params(params, info)?,
            stick_the_dealer: params.flag(info, "stick_the_dealer")?,
            mandatory_pickup: params.choice(info, "dealer_pickup")? == "mandatory",
            lone_defender: params.flag(info, "lone_defender")?,
        })
    }

    fn players(&self) -> usize {
        4
    }

    fn deal<R: Rng + ?Sized>(&self, rng: &mut R) -> EuchreState {
        let dealer = Seat::new(3);
        let (play, upcard) = self.deal_hand(dealer, rng);
        EuchreState {
            scores: [0, 0],
            dealer,
            deals: 0,
            phase: Phase::Order,
            turn: dealer.next(4),
            upcard,
            turned_down: false,
            taken_up: false,
            discard: None,
            trump: None,
            maker: None,
            alone: false,
            lone_defender: None,
            play,
            tally: EuchreTally::default(),
        }
    }

    fn to_move(&self, state: &EuchreState) -> ToMove {
        match state.phase {
            Phase::Over => ToMove::Over,
            Phase::Play => ToMove::Seat(state.play.to_play()),
            _ => ToMove::Seat(state.turn),
        }
    }

    fn legal_actions(&self, state: &EuchreState, out: &mut Vec<EuchreAction>) {
        out.clear();
        match state.phase {
            Phase::Order => out.extend([EuchreAction::Pass, EuchreAction::OrderUp]),
            Phase::Pickup => {
                let hand = state.play.hand(state.dealer) - CardSet::from_card(state.upcard);
                out.extend(hand.iter().map(EuchreAction::Discard));
                if !self.mandatory_pickup {
                    out.push(EuchreAction::Keep);
                }
            }
            Phase::Call => {
                if !(self.stick_the_dealer && state.turn == state.dealer) {
                    out.push(EuchreAction::Pass);
                }
                out.extend(
                    Suit::ALL
                        .into_iter()
                        .filter(|&s| s != state.upcard.suit())
                        .map(EuchreAction::Call),
                );
            }
            Phase::Alone => out.extend([EuchreAction::WithPartner, EuchreAction::Alone]),
            Phase::Defend => out.extend([EuchreAction::Pass, EuchreAction::DefendAlone]),
            Phase::Play => out.extend(state.play.legal().iter().map(EuchreAction::Play)),
            Phase::Over => {}
        }
    }

    fn legal_count(&self, state: &EuchreState) -> Option<usize> {
        Some(match state.phase {
            Phase::Order | Phase::Alone | Phase::Defend => 2,
            Phase::Pickup => {
                let hand = state.play.hand(state.dealer) - CardSet::from_card(state.upcard);
                hand.len() + usize::from(!self.mandatory_pickup)
            }
            Phase::Call => 3 + usize::from(!(self.stick_the_dealer && state.turn == state.dealer)),
            Phase::Play => state.play.legal_count(),
            Phase::Over => 0,
        })
    }

    fn nth_legal(&self, state: &EuchreState, n: usize) -> EuchreAction {
        use EuchreAction as A;
        match state.phase {
            Phase::Order => [A::Pass, A::OrderUp][n],
            Phase::Alone => [A::WithPartner, A::Alone][n],
            Phase::Defend => [A::Pass, A::DefendAlone][n],
            Phase::Pickup => {
                let hand = state.play.hand(state.dealer) - CardSet::from_card(state.upcard);
                hand.nth(n).map_or(A::Keep, A::Discard)
            }
            Phase::Call => {
                let pass = !(self.stick_the_dealer && state.turn == state.dealer);
                match n.checked_sub(usize::from(pass)) {
                    None => A::Pass,
                    Some(k) => A::Call(
                        Suit::ALL
                            .into_iter()
                            .filter(|&s| s != state.upcard.suit())
                            .nth(k)
                            .expect("n below the legal count"),
                    ),
                }
            }
            Phase::Play | Phase::Over => A::Play(state.play.nth_legal(n)),
        }
    }

    #[inline]
    fn pick_legal<E>(
        &self,
        state: &EuchreState,
        pick: impl FnOnce(usize) -> Result<usize, E>,
    ) -> Option<Result<EuchreAction, E>> {
        match state.phase {
            Phase::Play => Some(state.play.pick_legal(pick).map(EuchreAction::Play)),
            _ => crate::game::pick_counted(self, state, pick),
        }
    }

    fn apply<R: Rng + ?Sized>(&self, state: &mut EuchreState, action: EuchreAction, rng: &mut R) {
        use EuchreAction as A;
        match (state.phase, action) {
            (Phase::Order, A::Pass) => {
                if state.turn == state.dealer {
                    state.turned_down = true;
                    state.phase = Phase::Call;
                }
                state.turn = state.turn.next(4);
            }
            (Phase::Order, A::OrderUp) => {
                let trump = state.upcard.suit();
                state.trump = Some(trump);
                state.maker = Some(state.turn);
                // No card is played yet: the hand changes in place (the order is the
                // upcard's suit's since the deal).
                let hand = state.play.hand(state.dealer) | CardSet::from_card(state.upcard);
                state.play.set_hand(state.dealer, hand);
                state.taken_up = true;
                state.phase = Phase::Pickup;
                state.turn = state.dealer;
            }
            (Phase::Pickup, A::Discard(_) | A::Keep) => {
                let dropped = if let A::Discard(c) = action {
                    state.discard = Some(c);
                    c
                } else {
                    state.taken_up = false;
                    state.upcard
                };
                let hand = state.play.hand(state.dealer) - CardSet::from_card(dropped);
                state.play.set_hand(state.dealer, hand);
                state.phase = Phase::Alone;
                state.turn = state.maker.expect("a maker");
            }
            (Phase::Call, A::Pass) => {
                if state.turn == state.dealer {
                    state.tally.redeals += 1;
                    self.end_of_deal(state, rng);
                } else {
                    state.turn = state.turn.next(4);
                }
            }
            (Phase::Call, A::Call(suit)) => {
                state.trump = Some(suit);
                state.maker = Some(state.turn);
                state.play.set_order(CardOrder::euchre(suit, None));
                state.phase = Phase::Alone;
            }
            (Phase::Alone, A::WithPartner) => self.start_play(state),
            (Phase::Alone, A::Alone) => {
                state.alone = true;
                if self.lone_defender {
                    state.phase = Phase::Defend;
                    state.turn = state.turn.next(4);
                } else {
                    self.start_play(state);
                }
            }
            (Phase::Defend, A::Pass) => {
                let maker = state.maker.expect("a maker");
                if state.turn == maker.next(4) {
                    state.turn = maker.left(3, 4);
                } else {
                    self.start_play(state);
                }
            }
            (Phase::Defend, A::DefendAlone) => {
                state.lone_defender = Some(state.turn);
                self.start_play(state);
            }
            (Phase::Play, A::Play(card)) => {
                if card == state.upcard {
                    state.taken_up = false;
                }
                state.play.play(card);
                if state.play.is_over() {
                    self.score_hand(state, rng);
                }
            }
            (phase, a) => panic!("{a} is not a move in phase {phase:?}"),
        }
    }

    fn observe(&self, state: &EuchreState, seat: Seat) -> EuchreObservation {
        EuchreObservation {
            seat,
            scores: state.scores,
            dealer: state.dealer,
            deals: state.deals,
            phase: state.phase,
            turn: state.turn,
            upcard: state.upcard,
            turned_down: state.turned_down,
            taken_up: state.taken_up,
            discard: state.discard.filter(|_| seat == state.dealer),
            trump: state.trump,
            maker: state.maker,
            alone: state.alone,
            lone_defender: state.lone_defender,
            play: state.play.masked(SeatMask(1 << seat.index())),
            tally: state.tally,
        }
    }

    fn determinize<R: Rng + ?Sized>(&self, obs: &EuchreObservation, rng: &mut R) -> EuchreState {
        // Cards the observer knows to lie in the stub: the upcard unless the dealer holds or
        // played it, and the dealer's own discard.
        let mut in_stub = CardSet::EMPTY;
        let played = obs.play.record().played();
        if !obs.taken_up && !played.contains(obs.upcard) {
            in_stub.insert(obs.upcard);
        }
        if let Some(d) = obs.discard {
            in_stub.insert(d);
        }
        let mut known = BySeat::default();
        if obs.taken_up && obs.seat != obs.dealer {
            known[obs.dealer] = CardSet::from_card(obs.upcard);
        }
        let mut play = obs.play.with_deck(self.deck - in_stub);
        let ok = play.resample(SeatMask(1 << obs.seat.index()), &known, rng);
        assert!(
            ok,
            "an observation of a real Euchre game has a consistent deal"
        );
        let play = play.with_deck(self.deck);
        let mut state = EuchreState {
            scores: obs.scores,
            dealer: obs.dealer,
            deals: obs.deals,
            phase: obs.phase,
            turn: obs.turn,
            upcard: obs.upcard,
            turned_down: obs.turned_down,
            taken_up: obs.taken_up,
            discard: obs.discard,
            trump: obs.trump,
            maker: obs.maker,
            alone: obs.alone,
            lone_defender: obs.lone_defender,
            play,
            tally: obs.tally,
        };
        // Someone else's discard: any card of the stub (the upcard is in the dealer's hand or
        // played), all equally likely.
        if obs.discard.is_none() && obs.seat != obs.dealer && self.has_discarded(obs) {
            let stub = state.stub(self.deck);
            let k = rng.random_range(0..stub.len());
            state.discard = stub.iter().nth(k);
        }
        state
    }

    /// Every move is public except the dealer's discard, seen by the others only as "a card".
    fn observe_action(
        &self,
        _state: &EuchreState,
        action: EuchreAction,
        _viewer: Seat,
    ) -> Option<EuchreAction> {
        match action {
            EuchreAction::Discard(_) => None,
            a => Some(a),
        }
    }

    fn outcome(&self, state: &EuchreState) -> Option<Outcome> {
        if state.phase != Phase::Over {
            return None;
        }
        Some(Self::teams().outcome(4, &state.scores.map(f64::from)))
    }

    fn stats(&self, state: &EuchreState, out: &mut Vec<f64>) {
        out.clear();
        let t = &state.tally;
        out.extend(
            [
                t.hands,
                t.redeals,
                t.euchres,
                t.marches,
                t.lone_hands,
                t.lone_marches,
                t.lone_defences,
                t.makers_points,
                t.dealer_side_makes,
                state.scores[0],
                state.scores[1],
            ]
            .map(f64::from),
        );
    }

    fn check_invariants(&self, state: &EuchreState) -> Result<(), String> {
        let played = state.play.record().played();
        let stub = state.stub(self.deck);
        state.play.check_deal(self.deck, stub.len())?;
        if state.phase == Phase::Over {
            return Ok(());
        }
        if state.phase == Phase::Pickup {
            if state.play.hand(state.dealer).len() != 6 || stub.len() != self.deck.len() - 21 {
                return Err("the dealer should hold six cards while discarding".into());
            }
        } else if stub.len() != self.deck.len() - 20 {
            return Err(format!(
                "{} cards in the stub, expected {}",
                stub.len(),
                self.deck.len() - 20
            ));
        }
        if state.taken_up && !state.play.hand(state.dealer).contains(state.upcard) {
            return Err("the taken-up upcard is not in the dealer's hand".into());
        }
        if !state.taken_up && !played.contains(state.upcard) && !stub.contains(state.upcard) {
            return Err("the upcard is neither on the stub nor taken up".into());
        }
        if let Some(d) = state.discard {
            if !stub.contains(d) {
                return Err("the discard is not in the stub".into());
            }
        }
        if matches!(state.phase, Phase::Play) {
            let trump = state.trump.ok_or("play without trumps")?;
            if state.play.order().trump() != Some(trump) {
                return Err("the card order's trump is not the trump suit".into());
            }
            let sitting = 4 - state.play.active().0.count_ones();
            let expect = u32::from(state.alone) + u32::from(state.lone_defender.is_some());
            if sitting != expect {
                return Err(format!("{sitting} seats sit out, expected {expect}"));
            }
        }
        if state.turned_down && state.trump == Some(state.upcard.suit()) {
            return Err("the turned-down suit became trumps".into());
        }
        if self.end.reached(&state.scores) {
            return Err("a side reached the target but the game goes on".into());
        }
        Ok(())
    }

    fn move_cap(&self) -> Option<u64> {
        // A deal takes at most 8 bids, a discard, 3 alone decisions and 20 cards.
        Some(u64::from(self.end.max_deals) * 32)
    }

    /// Partners sit across the table: seats 0 and 2 against 1 and 3.
    fn team(&self, seat: Seat) -> usize {
        Euchre::teams().team(seat)
    }
}

impl Euchre {
    /// True when the dealer of the observed hand has discarded face down.
    fn has_discarded(&self, obs: &EuchreObservation) -> bool {
        obs.trump == Some(obs.upcard.suit())
            && !obs.turned_down
            && !matches!(obs.phase, Phase::Pickup | Phase::Order)
            && (obs.taken_up || obs.play.record().played().contains(obs.upcard))
    }
}

impl TrickTaking for Euchre {
    fn trick_play<'s>(&self, state: &'s EuchreState) -> Option<&'s TrickPlay> {
        Some(&state.play).filter(|p| state.phase == Phase::Play && !p.is_over())
    }

    fn teams(&self) -> Teams {
        Euchre::teams()
    }

    fn card(action: EuchreAction) -> Option<Card> {
        match action {
            EuchreAction::Play(c) => Some(c),
            _ => None,
        }
    }
}
mod deal_text;
pub mod encoding;
