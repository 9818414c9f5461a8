//! Trash's deal text.
//!
//! Trash plays every forced step (drawing, placing a card on its spot, turning up the card it
//! displaces) without a decision, so [`Game::deal`](crate::Game::deal) returns the position
//! reached when the first seat faces a real choice (a jack, or a discard that could replace
//! one), which may be turns or even hands after the cards were dealt. Its text is therefore the
//! whole position: `hand`, `dealer`, `turn`, `turns` (turns started), `wins` per seat, the
//! `layouts` (spot 1 first; a face-down card is `?7C`, a face-up one `7C`), the `held` card,
//! the `decision` (`place-jack`, `replace-jack K`, `take-or-draw` or `-`), the `discard` that
//! may be taken and the older `discards`, the `stock` from the next card drawn, the
//! `stock_known` cards (a stock rebuilt from the discards), `reshuffles` and the `winner`.
//!
//! A deal as the cards were laid out may be given instead as just
//! `layouts: ?AS ?7D ... / ...; stock: ...` (every card face down): the forced steps are then
//! played from it, a stock that runs out being reshuffled from a fixed seed.

use super::{is_jack, Decision, Layout, Trash, TrashState, MAX_LAYOUT};
use crate::cards::{Card, CardMultiset};
use crate::deal_text::{
    check_deck, join_seats, parse_card, parse_cards, print_cards, split_seats, template, DealError,
    DealText, Fields,
};
use crate::games::trash::state::DiscardPile;
use crate::seat::{BySeat, Seat};
use rand::SeedableRng;

fn layout_text(l: &Layout) -> String {
    let spots: Vec<String> = (1..=l.size)
        .map(|k| {
            let c = l.cards[k as usize - 1];
            if l.face_up & super::spot_bit(k) == 0 {
                format!("?{c}")
            } else {
                c.to_string()
            }
        })
        .collect();
    if spots.is_empty() {
        "-".into()
    } else {
        spots.join(" ")
    }
}

fn parse_layout(text: &str) -> Result<Layout, DealError> {
    let mut l = Layout::default();
    let t = text.trim();
    if t == "-" {
        return Ok(l);
    }
    for (i, tok) in t.split_whitespace().enumerate() {
        if i >= MAX_LAYOUT as usize {
            return Err(DealError::new(format!(
                "a layout has at most {MAX_LAYOUT} spots"
            )));
        }
        let k = i as u8 + 1;
        let (down, name) = match tok.strip_prefix('?') {
            Some(rest) => (true, rest),
            None => (false, tok),
        };
        let c = parse_card(name)?;
        l.cards[i] = c;
        l.size = k;
        if !down {
            l.face_up |= super::spot_bit(k);
            if is_jack(c) {
                l.jacks |= super::spot_bit(k);
            }
        }
    }
    Ok(l)
}

fn opt_card(c: Option<Card>) -> String {
    c.map_or("-".into(), |c| c.to_string())
}

fn parse_opt_card(text: &str) -> Result<Option<Card>, DealError> {
    match text.trim() {
        "-" => Ok(None),
        t => parse_card(t).map(Some),
    }
}

fn number<T: std::str::FromStr>(label: &str, text: &str) -> Result<T, DealError> {
    text.trim()
        .parse()
        .map_err(|_| DealError::new(format!("{label}: {text:?} is not a number in range")))
}

impl Trash {
    fn seat(&self, label: &str, text: &str) -> Result<Seat, DealError> {
        let i: usize = number(label, text)?;
        if i >= self.n() {
            return Err(DealError::new(format!(
                "{label}: seat {i} does not exist with {} players",
                self.n()
            )));
        }
        Ok(Seat::new(i))
    }
}

impl DealText for Trash {
    fn print_deal(&self, s: &TrashState) -> String {
        let n = self.n();
        let decision = match s.decision {
            None => "-".to_string(),
            Some(Decision::PlaceJack) => "place-jack".into(),
            Some(Decision::ReplaceJack(k)) => format!("replace-jack {k}"),
            Some(Decision::TakeOrDraw) => "take-or-draw".into(),
        };
        let wins = join_seats(Seat::all(n).map(|p| s.wins[p].to_string()));
        let layouts = join_seats(Seat::all(n).map(|p| layout_text(&s.layouts[p])));
        format!(
            "hand: {}; dealer: {}; turn: {}; turns: {}; wins: {wins}; layouts: {layouts}; \
             held: {}; decision: {decision}; discard: {}; discards: {}; stock: {}; \
             stock_known: {}; reshuffles: {}; winner: {}",
            s.hand,
            s.dealer,
            s.turn,
            s.turns,
            opt_card(s.held),
            opt_card(s.discards.top),
            print_cards(s.discards.rest.iter()),
            print_cards(s.stock.iter().rev()),
            print_cards(s.stock_known.iter()),
            s.reshuffles,
            s.winner.map_or("-".into(), |w| w.to_string()),
        )
    }

    fn parse_deal(&self, text: &str) -> Result<TrashState, DealError> {
        let n = self.n();
        let mut f = Fields::parse(text)?;
        let layouts: Vec<Layout> = split_seats(f.take("layouts")?, n, "layouts")?
            .into_iter()
            .map(parse_layout)
            .collect::<Result<_, _>>()?;
        let stock = parse_cards(f.take("stock")?)?;
        let hand = f.take_opt("hand");
        let mut s = template(self);
        s.layouts = BySeat::default();
        for (i, l) in layouts.iter().enumerate() {
            s.layouts[Seat::new(i)] = *l;
        }
        let mut all: Vec<Card> = layouts
            .iter()
            .flat_map(|l| l.cards[..l.size as usize].iter().copied())
            .chain(stock.iter().copied())
            .collect();
        let Some(hand) = hand else {
            f.finish()?;
            check_deck(self.cards(), all)?;
            for (i, l) in layouts.iter().enumerate() {
                if l.size != self.layout || l.face_up != 0 {
                    return Err(DealError::new(format!(
                        "seat {i}'s layout must be {} cards face down (?AS ...)",
                        self.layout
                    )));
                }
            }
            s.stock = stock.iter().rev().copied().collect();
            s.stock_known = CardMultiset::EMPTY;
            s.discards = DiscardPile::default();
            s.wins = BySeat::default();
            s.held = None;
            s.decision = None;
            s.winner = None;
            s.hand = 1;
            s.dealer = Seat::new(n - 1);
            s.turn = s.dealer.next(n);
            s.turns = 1;
            s.reshuffles = 0;
            self.advance(&mut s, &mut rand_chacha::ChaCha8Rng::seed_from_u64(0));
            return Ok(s);
        };
        s.hand = number("hand", hand)?;
        s.dealer = self.seat("dealer", f.take("dealer")?)?;
        s.turn = self.seat("turn", f.take("turn")?)?;
        s.turns = number("turns", f.take("turns")?)?;
        let wins = split_seats(f.take("wins")?, n, "wins")?;
        s.wins = BySeat::default();
        for (i, w) in wins.iter().enumerate() {
            let w: u8 = number("wins", w)?;
            if w > self.layout {
                return Err(DealError::new(format!(
                    "wins: {w} is more than the layout size"
                )));
            }
            s.wins[Seat::new(i)] = w;
        }
        s.held = parse_opt_card(f.take("held")?)?;
        let decision = f.take("decision")?;
        s.decision = match decision.trim() {
            "-" => None,
            "place-jack" => Some(Decision::PlaceJack),
            "take-or-draw" => Some(Decision::TakeOrDraw),
            d => match d.strip_prefix("replace-jack") {
                Some(k) => {
                    let k: u8 = number("decision", k)?;
                    if !(1..=MAX_LAYOUT).contains(&k) {
                        return Err(DealError::new(format!("replace-jack {k}: no such spot")));
                    }
                    Some(Decision::ReplaceJack(k))
                }
                None => return Err(DealError::new(format!("decision: {d:?} is not one"))),
            },
        };
        s.discards = DiscardPile {
            top: parse_opt_card(f.take("discard")?)?,
            rest: CardMultiset::EMPTY,
        };
        let rest = parse_cards(f.take("discards")?)?;
        let known = parse_cards(f.take("stock_known")?)?;
        s.reshuffles = number("reshuffles", f.take("reshuffles")?)?;
        s.winner = match f.take("winner")?.trim() {
            "-" => None,
            w => Some(self.seat("winner", w)?),
        };
        f.finish()?;
        all.extend(s.held);
        all.extend(s.discards.top);
        all.extend(rest.iter().copied());
        check_deck(self.cards(), all)?;
        for (i, l) in layouts.iter().enumerate() {
            // The winner's last layout stays on the table.
            let won = u8::from(s.winner == Some(Seat::new(i)));
            let want = self.layout + won - s.wins[Seat::new(i)];
            if l.size != want {
                return Err(DealError::new(format!(
                    "seat {i}'s layout has {} spots; with {} wins it has {want}",
                    l.size,
                    s.wins[Seat::new(i)]
                )));
            }
        }
        let stock_cards: CardMultiset = stock.iter().copied().collect();
        let known_set: CardMultiset = known.iter().copied().collect();
        if !known_set.is_submultiset(stock_cards) {
            return Err(DealError::new("stock_known lists cards not in the stock"));
        }
        s.discards.rest = rest.iter().copied().collect();
        s.stock = stock.iter().rev().copied().collect();
        s.stock_known = known_set;
        Ok(s)
    }
}
