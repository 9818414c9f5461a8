//! Rubber scoring as the rules page lays it out, and duplicate scoring for single deals.

use super::{Contract, Risk, Strain};
use crate::cards::{CardSet, Rank};

/// When the slam premiums are earned.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SlamRule {
    /// A made contract at the six level (small slam) or seven level (grand slam), as in the
    /// Laws of bridge.
    #[default]
    Bid,
    /// Taking 12 or 13 tricks in any made contract, the rules page's literal wording.
    Taken,
}

/// Whose vulnerability sets the undertrick penalties.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PenaltyVulnerability {
    /// The declaring side's, as in the Laws of bridge.
    #[default]
    Declarer,
    /// The defending side's, the rules page's literal table headings.
    Defenders,
}

/// The scoring options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ScoringRules {
    /// Slam premiums.
    pub slam: SlamRule,
    /// Undertrick table.
    pub penalty: PenaltyVulnerability,
}

/// The trick score of a made contract, below the line: 20 per odd trick bid in clubs or
/// diamonds, 30 in hearts or spades, 40 for the first and 30 for each further odd trick at
/// notrump; times 2 doubled, 4 redoubled.
///
/// ```
/// use cardsim_engine::games::bridge::{trick_score, Bid, Risk, Strain};
/// assert_eq!(trick_score(Bid::new(2, Strain::Spades), Risk::Undoubled), 60);
/// assert_eq!(trick_score(Bid::new(3, Strain::Diamonds), Risk::Doubled), 120);
/// assert_eq!(trick_score(Bid::new(3, Strain::NoTrump), Risk::Undoubled), 100);
/// ```
pub const fn trick_score(bid: super::Bid, risk: Risk) -> u32 {
    let level = bid.level() as u32;
    let base = match bid.strain() {
        Strain::Clubs | Strain::Diamonds => 20 * level,
        Strain::Hearts | Strain::Spades => 30 * level,
        Strain::NoTrump => 40 + 30 * (level - 1),
    };
    base * risk.multiplier()
}

/// The premium for one overtrick: its trick value (20 in a minor, 30 otherwise) undoubled;
/// 100 (200 vulnerable) doubled; 200 (400 vulnerable) redoubled.
pub const fn overtrick_value(strain: Strain, risk: Risk, vulnerable: bool) -> u32 {
    match risk {
        Risk::Undoubled => match strain {
            Strain::Clubs | Strain::Diamonds => 20,
            _ => 30,
        },
        Risk::Doubled => {
            if vulnerable {
                200
            } else {
                100
            }
        }
        Risk::Redoubled => {
            if vulnerable {
                400
            } else {
                200
            }
        }
    }
}

/// The defenders' premium for `down` undertricks (the page's tables, cumulative).
///
/// ```
/// use cardsim_engine::games::bridge::{undertrick_penalty, Risk};
/// assert_eq!(undertrick_penalty(1, Risk::Undoubled, false), 50);
/// assert_eq!(undertrick_penalty(3, Risk::Doubled, false), 500);
/// assert_eq!(undertrick_penalty(4, Risk::Doubled, true), 1100);
/// ```
pub const fn undertrick_penalty(down: u32, risk: Risk, vulnerable: bool) -> u32 {
    if down == 0 {
        return 0;
    }
    match risk {
        Risk::Undoubled => down * if vulnerable { 100 } else { 50 },
        Risk::Doubled | Risk::Redoubled => {
            // Doubled: first, second, third, each additional.
            let (first, second, third, more) = if vulnerable {
                (200, 300, 300, 300)
            } else {
                (100, 200, 200, 300)
            };
            let mut total = first;
            if down >= 2 {
                total += second;
            }
            if down >= 3 {
                total += third;
            }
            if down > 3 {
                total += (down - 3) * more;
            }
            if matches!(risk, Risk::Redoubled) {
                total * 2
            } else {
                total
            }
        }
    }
}

/// What one deal scores under rubber rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DealScore {
    /// Trick score below the line for the declaring side (0 when the contract fails).
    pub below: u32,
    /// Premiums above the line for the declaring side: overtricks, the insult bonus, slams.
    pub declarer_above: u32,
    /// Premiums above the line for the defenders: undertricks.
    pub defender_above: u32,
}

/// Scores a played contract in which the declaring side took `tricks`.
///
/// ```
/// use cardsim_engine::games::bridge::{score_deal, Bid, Contract, Risk, ScoringRules, Strain};
/// use cardsim_engine::Seat;
/// let k = Contract { bid: Bid::new(4, Strain::Hearts), risk: Risk::Doubled, declarer: Seat::new(0) };
/// let s = score_deal(&k, 11, false, false, &ScoringRules::default());
/// assert_eq!((s.below, s.declarer_above, s.defender_above), (240, 100 + 50, 0));
/// ```
pub fn score_deal(
    contract: &Contract,
    tricks: u8,
    declarer_vul: bool,
    defenders_vul: bool,
    rules: &ScoringRules,
) -> DealScore {
    let need = contract.tricks_needed();
    let strain = contract.bid.strain();
    if tricks >= need {
        let over = (tricks - need) as u32;
        let mut above = over * overtrick_value(strain, contract.risk, declarer_vul);
        above += match contract.risk {
            Risk::Undoubled => 0,
            Risk::Doubled => 50,
            Risk::Redoubled => 100,
        };
        let slam = match rules.slam {
            SlamRule::Bid => contract.bid.level(),
            SlamRule::Taken => tricks.saturating_sub(6),
        };
        above += match (slam, declarer_vul) {
            (6, false) => 500,
            (6, true) => 750,
            (7, false) => 1000,
            (7, true) => 1500,
            _ => 0,
        };
        DealScore {
            below: trick_score(contract.bid, contract.risk),
            declarer_above: above,
            defender_above: 0,
        }
    } else {
        let vul = match rules.penalty {
            PenaltyVulnerability::Declarer => declarer_vul,
            PenaltyVulnerability::Defenders => defenders_vul,
        };
        DealScore {
            below: 0,
            declarer_above: 0,
            defender_above: undertrick_penalty((need - tricks) as u32, contract.risk, vul),
        }
    }
}

/// Honours held in one hand, scored above the line for that hand's side whatever the
/// contract's result: four of the five trump honours (A K Q J T) 100, all five 150; at
/// notrump, all four aces 150. `hands` are the four hands as dealt (seats 0..4).
///
/// ```
/// use cardsim_engine::games::bridge::{honours, Strain};
/// use cardsim_engine::cards::CardSet;
/// let mut hands = [CardSet::EMPTY; 4];
/// hands[1] = "AS KS QS JS 2H".parse().unwrap();
/// assert_eq!(honours(&hands, Strain::Spades), [0, 100]);
/// assert_eq!(honours(&hands, Strain::Hearts), [0, 0]);
/// ```
pub fn honours(hands: &[CardSet; 4], strain: Strain) -> [u32; 2] {
    let mut out = [0; 2];
    for (seat, hand) in hands.iter().enumerate() {
        let points = match strain.trump() {
            Some(t) => {
                let hon = [Rank::Ace, Rank::King, Rank::Queen, Rank::Jack, Rank::Ten]
                    .iter()
                    .filter(|&&r| hand.contains(crate::cards::Card::new(r, t)))
                    .count();
                match hon {
                    5 => 150,
                    4 => 100,
                    _ => 0,
                }
            }
            None => {
                if (*hand & CardSet::rank_mask(Rank::Ace)).len() == 4 {
                    150
                } else {
                    0
                }
            }
        };
        out[seat % 2] += points;
    }
    out
}

/// The duplicate score of one deal for the declaring side (negative when it goes down):
/// trick score, 300 (500 vulnerable) for a game or 50 for a part score, overtricks, the
/// insult bonus, slams; undertricks. No honours. `rules` apply as in [`score_deal`]: slams
/// bid and made, or 12/13 tricks taken; undertricks by the declarer's vulnerability, or the
/// defenders'. The game bonus always follows the declarer's vulnerability.
///
/// ```
/// use cardsim_engine::games::bridge::{duplicate_score, Bid, Contract, Risk, ScoringRules, SlamRule, Strain};
/// use cardsim_engine::Seat;
/// let k = |b: &str, r| Contract { bid: b.parse().unwrap(), risk: r, declarer: Seat::new(0) };
/// let laws = ScoringRules::default();
/// assert_eq!(duplicate_score(&k("3NT", Risk::Undoubled), 10, false, false, &laws), 430);
/// assert_eq!(duplicate_score(&k("2S", Risk::Undoubled), 8, true, false, &laws), 110);
/// assert_eq!(duplicate_score(&k("1NT", Risk::Doubled), 7, true, false, &laws), 180);
/// assert_eq!(duplicate_score(&k("4H", Risk::Undoubled), 9, true, false, &laws), -100);
/// let taken = ScoringRules { slam: SlamRule::Taken, ..laws };
/// assert_eq!(duplicate_score(&k("4H", Risk::Undoubled), 12, false, false, &taken), 480 + 500);
/// ```
pub fn duplicate_score(
    contract: &Contract,
    tricks: u8,
    declarer_vul: bool,
    defenders_vul: bool,
    rules: &ScoringRules,
) -> i32 {
    let s = score_deal(contract, tricks, declarer_vul, defenders_vul, rules);
    if tricks < contract.tricks_needed() {
        return -(s.defender_above as i32);
    }
    let game = if s.below >= 100 {
        if declarer_vul {
            500
        } else {
            300
        }
    } else {
        50
    };
    (s.below + s.declarer_above + game) as i32
}

/// The score sheet of a rubber: each side's points below the line in the current game, all
/// its points below and above the line so far, and its games won.
///
/// ```
/// use cardsim_engine::games::bridge::{DealScore, Rubber};
/// let mut r = Rubber::default();
/// r.record(0, &DealScore { below: 60, ..DealScore::default() }, [0, 0]);
/// assert!(!r.vulnerable(0));
/// r.record(0, &DealScore { below: 40, ..DealScore::default() }, [0, 0]); // 60 + 40: game
/// assert!(r.vulnerable(0) && r.game_score() == [0, 0]);
/// r.record(0, &DealScore { below: 120, ..DealScore::default() }, [0, 100]);
/// assert!(r.is_over());
/// assert_eq!(r.totals(), [220 + 700, 100]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rubber {
    game: [u32; 2],
    below: [u32; 2],
    above: [u32; 2],
    games: [u8; 2],
    deals: u32,
}

impl Rubber {
    /// True when `team` has won a game.
    pub const fn vulnerable(&self, team: usize) -> bool {
        self.games[team] > 0
    }

    /// Each side's points below the line in the game in progress.
    pub const fn game_score(&self) -> [u32; 2] {
        self.game
    }

    /// Games won.
    pub const fn games(&self) -> [u8; 2] {
        self.games
    }

    /// Deals scored (passed-out deals not counted).
    pub const fn deals(&self) -> u32 {
        self.deals
    }

    /// Each side's points above the line.
    pub const fn above(&self) -> [u32; 2] {
        self.above
    }

    /// Each side's points below the line, all games.
    pub const fn below(&self) -> [u32; 2] {
        self.below
    }

    /// True once a side has won two games.
    pub const fn is_over(&self) -> bool {
        self.games[0] == 2 || self.games[1] == 2
    }

    /// Each side's total: everything below and above the line.
    pub const fn totals(&self) -> [u32; 2] {
        [self.below[0] + self.above[0], self.below[1] + self.above[1]]
    }

    /// Enters one deal: `declarer_team`'s contract scored `score`, and `honours` per team.
    /// A side reaching 100 below the line wins the game and both sides start the next game
    /// from zero; a side's second game ends the rubber with 700 for a 2-0 win or 500 for 2-1.
    pub fn record(&mut self, declarer_team: usize, score: &DealScore, honours: [u32; 2]) {
        let defenders = 1 - declarer_team;
        self.deals += 1;
        self.game[declarer_team] += score.below;
        self.below[declarer_team] += score.below;
        self.above[declarer_team] += score.declarer_above + honours[declarer_team];
        self.above[defenders] += score.defender_above + honours[defenders];
        if self.game[declarer_team] >= 100 {
            self.games[declarer_team] += 1;
            self.game = [0, 0];
            if self.games[declarer_team] == 2 {
                self.above[declarer_team] += if self.games[defenders] == 0 { 700 } else { 500 };
            }
        }
    }

    /// Closes a rubber stopped before its end, as the Laws of bridge (Law 80) score it: 300
    /// for a side that has won the only game completed, 100 for a side that alone has a part
    /// score in the unfinished game (when both sides have one, neither gets the 100).
    pub fn close_unfinished(&mut self) {
        if self.is_over() {
            return;
        }
        for t in 0..2 {
            if self.games[t] == 1 && self.games[1 - t] == 0 {
                self.above[t] += 300;
            }
            if self.game[t] > 0 && self.game[1 - t] == 0 {
                self.above[t] += 100;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::bridge::Bid;
    use crate::Seat;

    fn contract(bid: &str, risk: Risk) -> Contract {
        Contract {
            bid: bid.parse::<Bid>().unwrap(),
            risk,
            declarer: Seat::new(0),
        }
    }

    const U: Risk = Risk::Undoubled;
    const D: Risk = Risk::Doubled;
    const R: Risk = Risk::Redoubled;

    /// "Trick scoring": every strain at every level, undoubled, doubled, redoubled.
    #[test]
    fn trick_score_table() {
        for level in 1..=7u32 {
            for (strain, per, first) in [
                (Strain::Clubs, 20, 20),
                (Strain::Diamonds, 20, 20),
                (Strain::Hearts, 30, 30),
                (Strain::Spades, 30, 30),
                (Strain::NoTrump, 30, 40),
            ] {
                let base = first + per * (level - 1);
                let bid = Bid::new(level as u8, strain);
                assert_eq!(trick_score(bid, U), base, "{bid}");
                assert_eq!(trick_score(bid, D), 2 * base, "{bid}X");
                assert_eq!(trick_score(bid, R), 4 * base, "{bid}XX");
            }
        }
        // The page's examples.
        assert_eq!(trick_score("2S".parse().unwrap(), U), 60);
        assert_eq!(trick_score("3D".parse().unwrap(), D), 120);
        assert_eq!(trick_score("1NT".parse().unwrap(), U), 40);
        assert_eq!(trick_score("2NT".parse().unwrap(), U), 70);
    }

    /// "Overtricks": trick value undoubled; 100/200 doubled; 200/400 redoubled.
    #[test]
    fn overtrick_lines() {
        let r = ScoringRules::default();
        for (bid, per) in [("1C", 20), ("2D", 20), ("3H", 30), ("1S", 30), ("1NT", 30)] {
            for vul in [false, true] {
                let s = score_deal(
                    &contract(bid, U),
                    contract(bid, U).tricks_needed() + 2,
                    vul,
                    false,
                    &r,
                );
                assert_eq!(s.declarer_above, 2 * per, "{bid} +2");
            }
        }
        let s = score_deal(&contract("2C", D), 10, false, false, &r);
        assert_eq!((s.below, s.declarer_above), (80, 2 * 100 + 50));
        let s = score_deal(&contract("2C", D), 10, true, false, &r);
        assert_eq!(s.declarer_above, 2 * 200 + 50);
        let s = score_deal(&contract("2C", R), 9, false, false, &r);
        assert_eq!((s.below, s.declarer_above), (160, 200 + 100));
        let s = score_deal(&contract("2C", R), 9, true, false, &r);
        assert_eq!(s.declarer_above, 400 + 100);
    }

    /// Both undertrick tables, every cell, including "each additional".
    #[test]
    fn undertrick_tables() {
        // (down, undoubled, doubled, redoubled) not vulnerable.
        let nv = [
            (1, 50, 100, 200),
            (2, 100, 300, 600),
            (3, 150, 500, 1000),
            (4, 200, 800, 1600),
            (5, 250, 1100, 2200),
        ];
        let v = [
            (1, 100, 200, 400),
            (2, 200, 500, 1000),
            (3, 300, 800, 1600),
            (4, 400, 1100, 2200),
            (5, 500, 1400, 2800),
        ];
        for (table, vul) in [(nv, false), (v, true)] {
            for (down, u, d, r) in table {
                assert_eq!(
                    undertrick_penalty(down, U, vul),
                    u,
                    "{down} down undoubled vul={vul}"
                );
                assert_eq!(
                    undertrick_penalty(down, D, vul),
                    d,
                    "{down} down doubled vul={vul}"
                );
                assert_eq!(
                    undertrick_penalty(down, R, vul),
                    r,
                    "{down} down redoubled vul={vul}"
                );
            }
        }
        assert_eq!(undertrick_penalty(13, D, true), 200 + 300 + 300 + 10 * 300);
        // Through score_deal, and the vulnerability rule.
        let rules = ScoringRules::default();
        let s = score_deal(&contract("4S", D), 8, true, false, &rules);
        assert_eq!((s.below, s.declarer_above, s.defender_above), (0, 0, 500));
        let literal = ScoringRules {
            penalty: PenaltyVulnerability::Defenders,
            ..rules
        };
        let s = score_deal(&contract("4S", D), 8, true, false, &literal);
        assert_eq!(s.defender_above, 300, "the defenders are not vulnerable");
    }

    /// "Fulfilling a doubled contract—50; redoubled—100"; slams by vulnerability.
    #[test]
    fn insults_and_slams() {
        let r = ScoringRules::default();
        assert_eq!(
            score_deal(&contract("1H", D), 7, false, false, &r).declarer_above,
            50
        );
        assert_eq!(
            score_deal(&contract("1H", R), 7, true, false, &r).declarer_above,
            100
        );
        assert_eq!(
            score_deal(&contract("1H", U), 7, true, false, &r).declarer_above,
            0
        );
        assert_eq!(
            score_deal(&contract("6S", U), 12, false, false, &r).declarer_above,
            500
        );
        assert_eq!(
            score_deal(&contract("6S", U), 12, true, false, &r).declarer_above,
            750
        );
        assert_eq!(
            score_deal(&contract("6NT", U), 13, false, false, &r).declarer_above,
            500 + 30
        );
        assert_eq!(
            score_deal(&contract("7C", U), 13, false, false, &r).declarer_above,
            1000
        );
        assert_eq!(
            score_deal(&contract("7C", U), 13, true, false, &r).declarer_above,
            1500
        );
        assert_eq!(
            score_deal(&contract("7NT", D), 13, true, false, &r).declarer_above,
            1500 + 50
        );
        // Not affected by doubling.
        assert_eq!(
            score_deal(&contract("6H", R), 12, false, false, &r).declarer_above,
            500 + 100
        );
        // A slam taken but not bid earns nothing by the Laws; by the page's wording it does.
        assert_eq!(
            score_deal(&contract("4S", U), 12, false, false, &r).declarer_above,
            60
        );
        let literal = ScoringRules {
            slam: SlamRule::Taken,
            ..r
        };
        assert_eq!(
            score_deal(&contract("4S", U), 12, false, false, &literal).declarer_above,
            60 + 500
        );
        assert_eq!(
            score_deal(&contract("4S", U), 13, true, false, &literal).declarer_above,
            90 + 1500
        );
        // A failed slam scores no premium.
        let s = score_deal(&contract("6S", U), 11, true, false, &r);
        assert_eq!((s.below, s.declarer_above, s.defender_above), (0, 0, 100));
    }

    /// "Four honors ... 100; all five ... 150; all four aces (no trump) 150", for either side,
    /// not affected by doubling or the result.
    #[test]
    fn honour_lines() {
        let mut hands = [CardSet::EMPTY; 4];
        hands[2] = "AH KH QH JH TH 2C".parse().unwrap();
        hands[3] = "AS AD AC".parse().unwrap();
        assert_eq!(honours(&hands, Strain::Hearts), [150, 0]);
        hands[2].remove("TH".parse().unwrap());
        assert_eq!(honours(&hands, Strain::Hearts), [100, 0]);
        hands[2].remove("JH".parse().unwrap());
        assert_eq!(
            honours(&hands, Strain::Hearts),
            [0, 0],
            "three honours score nothing"
        );
        assert_eq!(
            honours(&hands, Strain::NoTrump),
            [0, 0],
            "three aces score nothing"
        );
        hands[3].insert("AH".parse().unwrap());
        hands[2].remove("AH".parse().unwrap());
        assert_eq!(honours(&hands, Strain::NoTrump), [0, 150]);
        // Honours split between partners do not count.
        let mut split = [CardSet::EMPTY; 4];
        split[0] = "AS KS".parse().unwrap();
        split[2] = "QS JS TS".parse().unwrap();
        assert_eq!(honours(&split, Strain::Spades), [0, 0]);
        // Honours go above the line even when the contract fails.
        let mut r = Rubber::default();
        let s = score_deal(
            &contract("4S", D),
            9,
            false,
            false,
            &ScoringRules::default(),
        );
        r.record(0, &s, [150, 0]);
        assert_eq!(r.totals(), [150, 100]);
    }

    /// Game at 100 below the line (part scores add up; premiums do not count); the next game
    /// starts from zero for both sides; 700 / 500 rubber bonuses.
    #[test]
    fn games_and_rubber_bonuses() {
        let below = |b| DealScore {
            below: b,
            ..DealScore::default()
        };
        let mut r = Rubber::default();
        r.record(1, &below(60), [0, 0]);
        r.record(
            0,
            &DealScore {
                below: 40,
                declarer_above: 500,
                defender_above: 0,
            },
            [0, 0],
        );
        assert_eq!(r.game_score(), [40, 60]);
        assert_eq!(r.games(), [0, 0], "premiums do not make a game");
        r.record(0, &below(60), [0, 0]);
        assert_eq!(r.games(), [1, 0]);
        assert_eq!(
            r.game_score(),
            [0, 0],
            "the other side's part score is wiped too"
        );
        assert!(r.vulnerable(0) && !r.vulnerable(1));
        r.record(1, &below(120), [0, 0]);
        assert_eq!(r.games(), [1, 1]);
        assert!(!r.is_over());
        r.record(1, &below(100), [0, 0]);
        assert!(r.is_over());
        assert_eq!(r.totals(), [40 + 60 + 500, 60 + 120 + 100 + 500]);
        // Two games to nil: 700.
        let mut r = Rubber::default();
        r.record(0, &below(100), [0, 0]);
        r.record(0, &below(120), [0, 0]);
        assert_eq!(r.totals(), [100 + 120 + 700, 0]);
        // 3NT is a game on its own; 2NT is not.
        assert!(trick_score("3NT".parse().unwrap(), U) >= 100);
        assert!(trick_score("2NT".parse().unwrap(), U) < 100);
        assert!(
            trick_score("2S".parse().unwrap(), D) >= 100,
            "2S doubled makes game"
        );
    }

    /// Law 80 (Laws of Contract Bridge, rubber): "If only one game has been completed, the
    /// winners of that game are credited with 300 points; if only one side has a part score
    /// in a game in progress, that side is credited with 100 points." When both sides hold a
    /// part score, neither gets the 100.
    #[test]
    fn unfinished_rubbers_pay_the_part_score_bonus_to_a_lone_part_score_only() {
        let below = |b| DealScore {
            below: b,
            ..DealScore::default()
        };
        // Both sides with a part score, no game: nothing is added.
        let mut r = Rubber::default();
        r.record(0, &below(60), [0, 0]);
        r.record(1, &below(40), [0, 0]);
        r.close_unfinished();
        assert_eq!(r.above(), [0, 0]);
        assert_eq!(r.totals(), [60, 40]);
        // One game to N-S, then both sides with a part score: 300 to N-S, no 100 to either.
        let mut r = Rubber::default();
        r.record(0, &below(120), [0, 0]);
        r.record(0, &below(30), [0, 0]);
        r.record(1, &below(70), [0, 0]);
        r.close_unfinished();
        assert_eq!(r.above(), [300, 0]);
        assert_eq!(r.totals(), [120 + 30 + 300, 70]);
        // One side alone with a part score: it gets the 100.
        let mut r = Rubber::default();
        r.record(1, &below(90), [0, 0]);
        r.close_unfinished();
        assert_eq!(r.above(), [0, 100]);
        // One game each and a lone part score: no 300 (two games completed), 100.
        let mut r = Rubber::default();
        r.record(0, &below(100), [0, 0]);
        r.record(1, &below(100), [0, 0]);
        r.record(0, &below(20), [0, 0]);
        r.close_unfinished();
        assert_eq!(r.above(), [100, 0]);
        assert_eq!(r.totals(), [220, 100]);
    }

    #[test]
    fn unfinished_rubbers_and_duplicate_scores() {
        let mut r = Rubber::default();
        r.record(
            0,
            &DealScore {
                below: 100,
                ..DealScore::default()
            },
            [0, 0],
        );
        r.record(
            1,
            &DealScore {
                below: 60,
                ..DealScore::default()
            },
            [0, 0],
        );
        r.close_unfinished();
        assert_eq!(r.totals(), [100 + 300, 60 + 100]);
        let laws = ScoringRules::default();
        let dup = |b: &str, risk, tricks, vul| {
            duplicate_score(&contract(b, risk), tricks, vul, false, &laws)
        };
        assert_eq!(dup("4S", U, 10, false), 420);
        assert_eq!(dup("4S", U, 10, true), 620);
        assert_eq!(dup("6NT", U, 12, false), 990);
        assert_eq!(dup("7NT", U, 13, true), 2220);
        assert_eq!(dup("3D", D, 9, false), 120 + 300 + 50);
        assert_eq!(dup("1C", U, 8, false), 20 + 20 + 50);
        assert_eq!(dup("3NT", D, 6, true), -800);
        // The options apply to duplicate scores too.
        let taken = ScoringRules {
            slam: SlamRule::Taken,
            ..laws
        };
        assert_eq!(
            duplicate_score(&contract("4S", U), 13, true, false, &taken),
            120 + 90 + 500 + 1500
        );
        let literal = ScoringRules {
            penalty: PenaltyVulnerability::Defenders,
            ..laws
        };
        assert_eq!(
            duplicate_score(&contract("3NT", D), 6, true, false, &literal),
            -500,
            "3 down doubled, the defenders not vulnerable"
        );
        assert_eq!(
            duplicate_score(&contract("3NT", D), 6, false, true, &literal),
            -800,
            "3 down doubled, the defenders vulnerable"
        );
    }
}
