//! Whist: four players in two partnerships, trump from the dealer's last card, one point per
//! trick over six, game to a target score.
//!
//! - **Players:** 4, partners opposite: seats 0 and 2 (team 0) against seats 1 and 3 (team 1).
//! - **Deck:** 52 cards, 13 to each player one at a time from the dealer's left. The dealer's
//!   last card is turned face up: its suit is trump, and it stays exposed (everyone knows the
//!   dealer holds it) until the dealer's first play of the hand.
//! - **Play:** the dealer's left leads; follow suit if able, else any card; the highest trump,
//!   or else the highest card of the suit led, wins; the winner leads next.
//! - **Scoring:** after 13 tricks the side with more than six tricks scores one point per trick
//!   over six. The first dealer is seat 3, so seat 0 leads the first hand; the deal passes to
//!   the left. The game ends when a side reaches `target` points: the default 5 is a quick
//!   game (it is not Short Whist, which also scores honours); `target=25` is the rules page's
//!   game.
//! - **Outcome:** each seat scores its side's points; the side that reached the target wins
//!   (its two seats share the win).
//!
//! Every action is a card ([`Card`]). Rulings are in `docs/rules/whist.md`.
//!
//! ```
//! use cardsim_engine::games::whist::Whist;
//! use cardsim_engine::{Game, Params, ToMove};
//! use rand::SeedableRng;
//! let game = Whist::new(4, &Params::parse(&["target=2"]).unwrap()).unwrap();
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
//! let mut state = game.deal(&mut rng);
//! let mut legal = Vec::new();
//! while let ToMove::Seat(_) = game.to_move(&state) {
//!     game.legal_actions(&state, &mut legal);
//!     game.apply(&mut state, legal[0], &mut rng);
//! }
//! let o = game.outcome(&state).unwrap();
//! assert!(o.first(4).iter().any(|r| r.score >= 2.0));
//! ```

use crate::cards::{Card, CardSet, Suit};
use crate::game::{check_players, ConfigError, Game, GameInfo, Outcome, ParamSpec, Params, ToMove};
use crate::seat::{BySeat, Seat, SeatMask};
use crate::tricks::{CardOrder, Obligation, Teams, TrickPlay, TrickTaking};
use rand::seq::SliceRandom;
use rand::Rng;

/// The rules of Whist with a target score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Whist {
    target: u32,
}

impl Whist {
    /// The points that win the game.
    pub const fn target(&self) -> u32 {
        self.target
    }

    /// The partnerships: seats 0 and 2 against 1 and 3.
    pub fn teams() -> Teams {
        Teams::alternating(4, 2)
    }
}

/// A Whist game in progress: scores, the dealer, the exposed trump card and the play of the
/// current hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WhistState {
    scores: [u32; 2],
    dealer: Seat,
    hands: u32,
    trump_card: Card,
    exposed: bool,
    play: TrickPlay,
    over: bool,
}

impl WhistState {
    /// The points of team 0 (seats 0, 2) and team 1 (seats 1, 3).
    pub const fn scores(&self) -> [u32; 2] {
        self.scores
    }

    /// The dealer of the current hand.
    pub const fn dealer(&self) -> Seat {
        self.dealer
    }

    /// The turned-up card that made trumps.
    pub const fn trump_card(&self) -> Card {
        self.trump_card
    }

    /// The trump suit of the current hand.
    pub const fn trump(&self) -> Suit {
        self.trump_card.suit()
    }

    /// True while the trump card is still face up (before the dealer's first play).
    pub const fn trump_exposed(&self) -> bool {
        self.exposed
    }

    /// The play of the current hand (all four hands visible).
    pub const fn play(&self) -> &TrickPlay {
        &self.play
    }

    /// Hands completed so far.
    pub const fn hands_played(&self) -> u32 {
        self.hands
    }
}

/// What one seat knows: the scores, the dealer, the turned-up trump card (and whether it is
/// still face up), and the play with only its own hand visible.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WhistObservation {
    /// The observing seat.
    pub seat: Seat,
    /// Points of team 0 and team 1.
    pub scores: [u32; 2],
    /// The dealer.
    pub dealer: Seat,
    /// The turned-up card that made trumps. Everyone saw it, so everyone knows the dealer
    /// holds it until it is played.
    pub trump_card: Card,
    /// True while it is still face up (before the dealer's first play).
    pub exposed: bool,
    /// Hands completed so far.
    pub hands: u32,
    /// The play of the hand, other hands emptied (their sizes known).
    pub play: TrickPlay,
}

impl WhistObservation {
    /// The observer's hand.
    pub fn hand(&self) -> CardSet {
        self.play.hand(self.seat)
    }
}

fn deal_hand<R: Rng + ?Sized>(dealer: Seat, rng: &mut R) -> (TrickPlay, Card) {
    // The same shuffle as `shuffled`, on the stack: playouts deal many hands.
    let mut cards = [Card::from_index(0); 52];
    for (slot, c) in cards.iter_mut().zip(CardSet::FULL_DECK) {
        *slot = c;
    }
    cards.shuffle(rng);
    // One at a time from the dealer's left: card i goes to seat dealer + 1 + i.
    let mut hands = [CardSet::EMPTY; 4];
    for (i, &c) in cards.iter().enumerate() {
        hands[dealer.left(1 + i, 4).index()].insert(c);
    }
    let trump_card = cards[51];
    debug_assert!(hands[dealer.index()].contains(trump_card));
    let order = CardOrder::ace_high(Some(trump_card.suit()));
    (
        TrickPlay::new(4, &hands, dealer.next(4), order, Obligation::FollowSuit),
        trump_card,
    )
}

impl Game for Whist {
    type State = WhistState;
    type Action = Card;
    type Observation = WhistObservation;

    const INFO: GameInfo = GameInfo {
        name: "whist",
        title: "Whist",
        min_players: 4,
        max_players: 4,
        default_players: 4,
        params: &[ParamSpec::int(
            "target",
            "5",
            1,
            1000,
            "points (tricks over six) that win the game: the default 5 is a quick game; target=25 is the rules page's game",
        )],
        stats: &["hands", "points_team0", "points_team1"],
    };

    fn new(players: usize, params: &Params) -> Result<Self, ConfigError> {
        let info = &Self::INFO;
        check_players(info, players)?;
        params.check_keys(info)?;
        let target = params.int(info, "target")?;
        Ok(Whist { target })
    }

    fn players(&self) -> usize {
        4
    }

    fn deal<R: Rng + ?Sized>(&self, rng: &mut R) -> WhistState {
        let dealer = Seat::new(3);
        let (play, trump_card) = deal_hand(dealer, rng);
        WhistState {
            scores: [0, 0],
            dealer,
            hands: 0,
            trump_card,
            exposed: true,
            play,
            over: false,
        }
    }

    fn to_move(&self, state: &WhistState) -> ToMove {
        if state.over {
            ToMove::Over
        } else {
            ToMove::Seat(state.play.to_play())
        }
    }

    fn legal_actions(&self, state: &WhistState, out: &mut Vec<Card>) {
        out.clear();
        if !state.over {
            out.extend(state.play.legal());
        }
    }

    fn legal_count(&self, state: &WhistState) -> Option<usize> {
        Some(if state.over {
            0
        } else {
            state.play.legal_count()
        })
    }

    fn nth_legal(&self, state: &WhistState, n: usize) -> Card {
        state.play.nth_legal(n)
    }

    fn apply<R: Rng + ?Sized>(&self, state: &mut WhistState, card: Card, rng: &mut R) {
        if state.play.to_play() == state.dealer {
            state.exposed = false;
        }
        state.play.play(card);
        if !state.play.is_over() {
            return;
        }
        let teams = Whist::teams();
        for team in 0..2 {
            let tricks = state.play.team_tricks(&teams, team) as u32;
            state.scores[team] += tricks.saturating_sub(6);
        }
        state.hands += 1;
        if state.scores.iter().any(|&s| s >= self.target) {
            state.over = true;
            return;
        }
        state.dealer = state.dealer.next(4);
        let (play, trump_card) = deal_hand(state.dealer, rng);
        state.play = play;
        state.trump_card = trump_card;
        state.exposed = true;
    }

    fn observe(&self, state: &WhistState, seat: Seat) -> WhistObservation {
        WhistObservation {
            seat,
            scores: state.scores,
            dealer: state.dealer,
            trump_card: state.trump_card,
            exposed: state.exposed,
            hands: state.hands,
            play: state.play.masked(SeatMask(1 << seat.index())),
        }
    }

    fn determinize<R: Rng + ?Sized>(&self, obs: &WhistObservation, rng: &mut R) -> WhistState {
        let mut play = obs.play;
        let mut known = BySeat::default();
        // Everyone saw the turned-up card: the dealer holds it until it is played.
        if obs.seat != obs.dealer && !play.record().played().contains(obs.trump_card) {
            known[obs.dealer] = CardSet::from_card(obs.trump_card);
        }
        let ok = play.resample(SeatMask(1 << obs.seat.index()), &known, rng);
        assert!(
            ok,
            "an observation of a real Whist game always has a consistent deal"
        );
        WhistState {
            scores: obs.scores,
            dealer: obs.dealer,
            hands: obs.hands,
            trump_card: obs.trump_card,
            exposed: obs.exposed,
            play,
            over: false,
        }
    }

    /// Every move is public: each card is played face up to the trick.
    fn observe_action(&self, _state: &WhistState, action: Card, _viewer: Seat) -> Option<Card> {
        Some(action)
    }

    fn outcome(&self, state: &WhistState) -> Option<Outcome> {
        if !state.over {
            return None;
        }
        Some(Self::teams().outcome(4, &state.scores.map(f64::from)))
    }

    fn stats(&self, state: &WhistState, out: &mut Vec<f64>) {
        out.clear();
        out.extend([
            state.hands as f64,
            state.scores[0] as f64,
            state.scores[1] as f64,
        ]);
    }

    fn check_invariants(&self, state: &WhistState) -> Result<(), String> {
        state.play.check_deal(CardSet::FULL_DECK, 0)?;
        if state.exposed && !state.play.hand(state.dealer).contains(state.trump_card) {
            return Err("the exposed trump card is not in the dealer's hand".into());
        }
        if state.play.order().trump() != Some(state.trump()) {
            return Err("the card order's trump is not the turned-up suit".into());
        }
        if !state.over && state.scores.iter().any(|&s| s >= self.target) {
            return Err("a side reached the target but the game goes on".into());
        }
        Ok(())
    }

    /// Partners sit across the table: seats 0 and 2 against 1 and 3.
    fn team(&self, seat: Seat) -> usize {
        Whist::teams().team(seat)
    }
}

impl TrickTaking for Whist {
    fn trick_play<'s>(&self, state: &'s WhistState) -> Option<&'s TrickPlay> {
        Some(state.play()).filter(|p| !p.is_over())
    }

    fn teams(&self) -> Teams {
        Whist::teams()
    }

    fn card(action: Card) -> Option<Card> {
        Some(action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Rank;
    use crate::conformance;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn game(target: u32) -> Whist {
        Whist::new(4, &Params::new().set("target", target)).unwrap()
    }

    #[test]
    fn nth_legal_enumerates_the_legal_cards() {
        // Every turn of 100 random hands: the count is the list's length and nth_legal walks
        // the list in order.
        assert_eq!(
            conformance::counted_actions(&game(1), 0..100, 1_000),
            100 * 52
        );
    }

    #[test]
    fn conformance_random_games() {
        let report = conformance::random_games(&game(5), 0..12, 100_000);
        assert_eq!(report.games, 12);
        assert!(report.determinizations > 0);
        for s in &report.stats {
            assert!(s[1] >= 5.0 || s[2] >= 5.0);
            assert!(s[1] < 5.0 || s[2] < 5.0, "only one side scores per hand");
            assert!(s[0] >= 1.0);
        }
    }

    #[test]
    fn params_are_checked() {
        assert_eq!(game(25).target(), 25);
        assert_eq!(Whist::new(4, &Params::new()).unwrap().target(), 5);
        assert!(Whist::new(3, &Params::new()).is_err());
        assert!(Whist::new(4, &Params::new().set("target", 0)).is_err());
        assert!(Whist::new(4, &Params::new().set("goal", 3)).is_err());
    }

    #[test]
    fn the_deal_exposes_the_dealers_last_card() {
        let g = game(5);
        for seed in 0..20 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let s = g.deal(&mut rng);
            assert_eq!(s.dealer(), Seat::new(3));
            assert_eq!(g.to_move(&s), ToMove::Seat(Seat::new(0)));
            assert!(s.play().hand(Seat::new(3)).contains(s.trump_card()));
            assert!(s.trump_exposed());
            for seat in Seat::all(4) {
                assert_eq!(s.play().hand(seat).len(), 13);
                let obs = g.observe(&s, seat);
                assert_eq!((obs.trump_card, obs.exposed), (s.trump_card(), true));
                // The observer sees its own thirteen cards.
                assert_eq!(obs.hand(), s.play().hand(seat));
                // Nobody else sees the dealer's other cards.
                if seat != Seat::new(3) {
                    assert_eq!(obs.play.hand(Seat::new(3)), CardSet::EMPTY);
                }
            }
        }
    }

    #[test]
    fn trump_card_stays_exposed_until_the_dealers_first_play() {
        let g = game(5);
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut s = g.deal(&mut rng);
        let mut legal = Vec::new();
        for _ in 0..3 {
            g.legal_actions(&s, &mut legal);
            g.apply(&mut s, legal[0], &mut rng);
            assert!(s.trump_exposed());
        }
        assert_eq!(g.to_move(&s), ToMove::Seat(Seat::new(3)));
        g.legal_actions(&s, &mut legal);
        g.apply(&mut s, legal[0], &mut rng);
        assert!(!s.trump_exposed());
        assert!(!g.observe(&s, Seat::new(1)).exposed);
        // Determinizations keep the turned-up card with the dealer until it is played.
        let s = g.deal(&mut rng);
        let obs = g.observe(&s, Seat::new(0));
        for _ in 0..20 {
            let d = g.determinize(&obs, &mut rng);
            assert!(d.play().hand(Seat::new(3)).contains(s.trump_card()));
        }
    }

    /// Every card is played face up: each other seat sees exactly the card played.
    #[test]
    fn every_play_is_public() {
        let g = game(5);
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut s = g.deal(&mut rng);
        let mut legal = Vec::new();
        while s.hands_played() == 0 {
            let ToMove::Seat(mover) = g.to_move(&s) else {
                panic!("Whist has no chance or race moves")
            };
            g.legal_actions(&s, &mut legal);
            let card = legal[legal.len() / 2];
            for viewer in Seat::all(4).filter(|&v| v != mover) {
                assert_eq!(g.observe_action(&s, card, viewer), Some(card));
            }
            g.apply(&mut s, card, &mut rng);
        }
    }

    /// The trick-game view: each card is its own action, and partners sit across the table.
    #[test]
    fn the_trick_view_names_cards_and_partners() {
        let c: Card = "9D".parse().unwrap();
        assert_eq!(Whist::card(c), Some(c));
        let g = game(5);
        assert_eq!(
            Seat::all(4).map(|x| g.team(x)).collect::<Vec<_>>(),
            [0, 1, 0, 1]
        );
    }

    /// The deal text reads back to the same deal, and a trump card outside the dealer's
    /// hand is refused.
    #[test]
    fn the_deal_text_reads_back() {
        use crate::deal_text::DealText;
        let g = game(5);
        for seed in 0..10 {
            let s = g.deal(&mut ChaCha8Rng::seed_from_u64(seed));
            let text = crate::deal_text::round_trip(&g, &s).unwrap();
            assert!(text.starts_with("N:"), "{text}");
            assert!(
                text.ends_with(&format!("; trump: {}", s.trump_card())),
                "{text}"
            );
            // The first seat's lowest card cannot be the dealer's (seat 3's) last card.
            let other = s.play().hand(Seat::new(0)).iter().next().unwrap();
            let bad = format!("{}; trump: {other}", text.split(';').next().unwrap());
            assert!(g.parse_deal(&bad).is_err(), "{bad}");
        }
    }

    /// Scoring from a literal deal: a side that takes every trick scores seven.
    #[test]
    fn scoring_counts_tricks_over_six() {
        let g = game(5);
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        let mut s = g.deal(&mut rng);
        // Seat 0 holds all the spades, seat 2 all the hearts; spades are trumps.
        let hands = [
            CardSet::SPADES,
            CardSet::DIAMONDS,
            CardSet::HEARTS,
            CardSet::CLUBS,
        ];
        s.play = TrickPlay::new(
            4,
            &hands,
            Seat::new(0),
            CardOrder::ace_high(Some(Suit::Spades)),
            Obligation::FollowSuit,
        );
        s.trump_card = "2S".parse().unwrap();
        s.exposed = false;
        let mut legal = Vec::new();
        while s.hands_played() == 0 {
            g.legal_actions(&s, &mut legal);
            g.apply(&mut s, legal[0], &mut rng);
        }
        assert_eq!(s.scores(), [7, 0]);
        assert!(s.over, "7 points pass a target of 5");
        let o = g.outcome(&s).unwrap();
        assert_eq!(o[Seat::new(0)].win, 0.5);
        assert_eq!(o[Seat::new(2)].win, 0.5);
        assert_eq!(o[Seat::new(1)].score, 0.0);
    }

    /// A fixed deal for known counts: seat 0 leads; seat 1 is void in clubs.
    const PERFT_DEAL: [&str; 4] = [
        "AS KS QS JS AH KH AD KD QD AC KC QC JC",
        "TS 9S 8S 7S 6S QH JH TH 9H JD TD 9D 8D",
        "5S 4S 8H 7H 6H 5H 4H 7D 6D 5D TC 9C 8C",
        "3S 2S 3H 2H 4D 3D 2D 7C 6C 5C 4C 3C 2C",
    ];

    /// Known counts (perft) of the first trick from [`PERFT_DEAL`], worked out from the hand
    /// text by the follow-suit rule alone: whatever is led, each later seat plays one of its
    /// cards of the led suit, or any card when it has none. So depth `d` (up to 4) is the sum
    /// over the leader's cards of the product of the next `d - 1` seats' reply counts.
    #[test]
    fn known_counts_of_the_first_trick() {
        let g = game(5);
        let mut s = g.deal(&mut ChaCha8Rng::seed_from_u64(0));
        let hands: Vec<CardSet> = PERFT_DEAL.iter().map(|h| h.parse().unwrap()).collect();
        s.play = TrickPlay::new(
            4,
            &hands,
            Seat::new(0),
            CardOrder::ace_high(Some(Suit::Spades)),
            Obligation::FollowSuit,
        );
        s.dealer = Seat::new(3);
        s.trump_card = "2S".parse().unwrap();
        // From the text: a card is written rank then suit letter.
        let suits = |hand: &str| -> Vec<char> {
            hand.split_whitespace()
                .map(|c| c.chars().last().unwrap())
                .collect()
        };
        let replies = |seat: usize, led: char| {
            let held = suits(PERFT_DEAL[seat]);
            match held.iter().filter(|&&s| s == led).count() {
                0 => held.len() as u64,
                n => n as u64,
            }
        };
        let expected: Vec<u64> = (1..=4)
            .map(|depth| {
                suits(PERFT_DEAL[0])
                    .iter()
                    .map(|&led| (1..depth).map(|seat| replies(seat, led)).product::<u64>())
                    .sum()
            })
            .collect();
        // Spades 4 x (5, 2, 2), hearts 2 x (4, 5, 2), diamonds 3 x (4, 3, 3), clubs
        // 4 x (13, 3, 6): seat 1's club void lets it play any of its 13 cards.
        assert_eq!(expected, [13, 92, 272, 1204]);
        assert_eq!(crate::conformance::perft::perft_table(&g, &s, 4), expected);
    }

    /// A hand written trick by trick, every seat holding three cards of each suit and one
    /// more: tricks 1-3 are in clubs, 4-6 in diamonds, 7-9 in hearts, 10-12 in spades (the
    /// trumps), everyone following suit, trick `t` won by seat `winners[t]`, which holds its
    /// highest card; in trick 13 each seat holds one card of a different suit, and seat
    /// `last` wins it with the only spade. Returns the hands and, per trick, each seat's card.
    fn scripted_hand(winners: [usize; 12], last: usize) -> ([CardSet; 4], Vec<[Card; 4]>) {
        let mut hands = [CardSet::EMPTY; 4];
        let mut tricks = Vec::new();
        for (i, suit) in Suit::ALL.into_iter().enumerate() {
            // Ranks 3..A in threes of fours; the two is left for trick 13.
            for j in 0..3 {
                let w = winners[3 * i + j];
                let mut trick = [Card::new(Rank::Two, suit); 4];
                let mut low = (0..4).filter(|&seat| seat != w);
                for k in 0..4 {
                    let card = Card::new(Rank::ALL[1 + 4 * j + k], suit);
                    let seat = if k == 3 { w } else { low.next().unwrap() };
                    trick[seat] = card;
                    hands[seat].insert(card);
                }
                tricks.push(trick);
            }
        }
        // Trick 13: the two of spades to `last`, the other twos to the other seats.
        let mut others = [Suit::Clubs, Suit::Diamonds, Suit::Hearts].into_iter();
        let mut trick = [Card::new(Rank::Two, Suit::Spades); 4];
        for (seat, slot) in trick.iter_mut().enumerate() {
            if seat != last {
                *slot = Card::new(Rank::Two, others.next().unwrap());
            }
            hands[seat].insert(*slot);
        }
        tricks.push(trick);
        (hands, tricks)
    }

    /// Replaces the current hand by `scripted_hand(winners, last)` (spades trumps) and plays
    /// it out; every card must be legal.
    fn play_scripted(
        g: &Whist,
        s: &mut WhistState,
        winners: [usize; 12],
        last: usize,
        rng: &mut ChaCha8Rng,
    ) {
        let (hands, tricks) = scripted_hand(winners, last);
        s.play = TrickPlay::new(
            4,
            &hands,
            s.dealer().next(4),
            CardOrder::ace_high(Some(Suit::Spades)),
            Obligation::FollowSuit,
        );
        s.trump_card = "2S".parse().unwrap();
        s.exposed = false;
        let hand = s.hands_played();
        for trick in &tricks {
            for _ in 0..4 {
                let seat = s.play().to_play().index();
                g.try_apply(s, trick[seat], rng)
                    .unwrap_or_else(|e| panic!("{}: {e}", trick[seat]));
            }
        }
        assert_eq!(s.hands_played(), hand + 1);
        g.check_invariants(s).unwrap();
    }

    /// `winners` giving team 0 (seats 0 and 2) `n` of the first twelve tricks.
    fn team0_wins(n: usize) -> [usize; 12] {
        std::array::from_fn(|t| if t < n { 2 * (t % 2) } else { 1 + 2 * (t % 2) })
    }

    /// "Each trick in excess of six counts for one point": hands of 6 to 13 tricks, for
    /// either side; the side with six or fewer scores nothing.
    #[test]
    fn scoring_hands_of_seven_to_twelve_tricks() {
        let g = game(1000);
        // (tricks of team 0, points of team 0, points of team 1)
        for (tricks, points0, points1) in [
            (6, 0, 1),
            (7, 1, 0),
            (8, 2, 0),
            (9, 3, 0),
            (10, 4, 0),
            (11, 5, 0),
            (12, 6, 0),
            (13, 7, 0),
        ] {
            let mut rng = ChaCha8Rng::seed_from_u64(tricks as u64);
            let mut s = g.deal(&mut rng);
            // Seat 0 wins trick 13; team 0 wins tricks - 1 of the first twelve.
            play_scripted(&g, &mut s, team0_wins(tricks - 1), 0, &mut rng);
            assert_eq!(
                s.scores(),
                [points0, points1],
                "team 0 took {tricks} tricks"
            );
        }
        // The same for team 1: seat 3 wins trick 13, team 1 tricks1 - 1 of the first twelve.
        for (tricks1, points1) in [(7, 1), (8, 2), (9, 3), (10, 4), (11, 5), (12, 6)] {
            let mut rng = ChaCha8Rng::seed_from_u64(20 + tricks1 as u64);
            let mut s = g.deal(&mut rng);
            play_scripted(&g, &mut s, team0_wins(13 - tricks1), 3, &mut rng);
            assert_eq!(s.scores(), [0, points1], "team 1 took {tricks1} tricks");
        }
    }

    /// The page's game: "until one partnership reaches a pre-defined number of points, such
    /// as 25". Team 0 reaches exactly 25 on the sixth hand, and the game ends there.
    #[test]
    fn a_game_to_twenty_five() {
        let g = game(25);
        let mut rng = ChaCha8Rng::seed_from_u64(25);
        let mut s = g.deal(&mut rng);
        // (tricks of team 0, scores after the hand)
        let hands = [
            (12, [6, 0]),
            (3, [6, 4]),
            (13, [13, 4]),
            (11, [18, 4]),
            (9, [21, 4]),
            (10, [25, 4]),
        ];
        for (i, (tricks, scores)) in hands.into_iter().enumerate() {
            assert_ne!(g.to_move(&s), ToMove::Over, "before hand {}", i + 1);
            let last = if tricks == 3 { 1 } else { 0 };
            let n = if last == 0 { tricks - 1 } else { tricks };
            play_scripted(&g, &mut s, team0_wins(n), last, &mut rng);
            assert_eq!(s.scores(), scores, "after hand {}", i + 1);
        }
        assert_eq!(g.to_move(&s), ToMove::Over);
        let o = g.outcome(&s).unwrap();
        assert_eq!((o[Seat::new(0)].score, o[Seat::new(1)].score), (25.0, 4.0));
        assert_eq!((o[Seat::new(0)].win, o[Seat::new(2)].win), (0.5, 0.5));
        assert_eq!((o[Seat::new(1)].win, o[Seat::new(3)].win), (0.0, 0.0));
    }

    #[test]
    fn the_deal_passes_left_and_the_game_continues_below_target() {
        let g = game(1000);
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut s = g.deal(&mut rng);
        let mut legal = Vec::new();
        for _ in 0..52 {
            g.legal_actions(&s, &mut legal);
            g.apply(&mut s, legal[legal.len() - 1], &mut rng);
        }
        assert_eq!(s.hands_played(), 1);
        assert_eq!(s.dealer(), Seat::new(0));
        assert_eq!(g.to_move(&s), ToMove::Seat(Seat::new(1)));
        assert!(s.trump_exposed());
        let [a, b] = s.scores();
        assert!(a + b <= 7 && (a == 0 || b == 0));
    }

    /// The invariant check (run by the conformance soaks after every move) rejects a turned-up
    /// card the dealer does not hold and a game that goes on past its target.
    #[test]
    fn the_invariant_check_rejects_broken_states() {
        let g = game(5);
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let s = g.deal(&mut rng);
        g.check_invariants(&s).unwrap();
        let trump = s.trump_card();
        let elsewhere = (0..3)
            .flat_map(|i| s.play().hand(Seat::new(i)).iter())
            .find(|c| c.suit() == trump.suit())
            .expect("the dealer does not hold all thirteen trumps");
        let mut moved = s.clone();
        moved.trump_card = elsewhere;
        assert!(
            g.check_invariants(&moved).is_err(),
            "trump card not the dealer's"
        );
        let mut past = s.clone();
        past.scores = [5, 0];
        assert!(
            g.check_invariants(&past).is_err(),
            "target reached, game on"
        );
        past.over = true;
        g.check_invariants(&past).unwrap();
    }
}
mod deal_text;
pub mod encoding;
