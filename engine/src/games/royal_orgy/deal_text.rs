//! Royal Orgy's deal text, in the tarot deck's card names (`1T`..`22T` for the trumps, `KH`,
//! `CS` for the courts, `1H`..`4H` and `7S`..`TS` for the pips). Two players: the two hands of
//! fifteen (seat 0, seat 1), then the stock from the next card drawn down:
//! `hands: 1T 5T KH ... / ...; stock: 3D 9C ...`. Three players: the three hands of seventeen
//! and the skat of three: `hands: ... / ... / ...; skat: 2T QS 4D`.

use super::three::{HAND3, SKAT};
use super::{RoyalOrgy, RoyalOrgyState, HAND, STOCK};
use crate::cards::{TarotCard, TarotSet};
use crate::deal_text::{
    check_copies, check_len, join_seats, print_cards, split_seats, template, DealError, DealText,
    Fields,
};
use crate::Seat;

fn parse_tarot(text: &str) -> Result<Vec<TarotCard>, DealError> {
    let t = text.trim();
    if t == "-" {
        return Ok(Vec::new());
    }
    t.split_whitespace()
        .map(|tok| {
            tok.parse().map_err(|_| {
                DealError::new(format!(
                    "{tok:?} is not a tarot card (e.g. 21T, KH, CS, 1H, 7S)"
                ))
            })
        })
        .collect()
}

fn check_tarot<'a>(cards: impl IntoIterator<Item = &'a TarotCard>) -> Result<(), DealError> {
    check_copies(
        |c: TarotCard| u8::from(TarotSet::DECK.contains(c)),
        TarotSet::DECK,
        cards.into_iter().copied(),
        |c: TarotCard| c.index(),
    )
}

impl DealText for RoyalOrgy {
    fn print_deal(&self, state: &RoyalOrgyState) -> String {
        let hands = join_seats(Seat::all(self.players).map(|s| print_cards(state.held[s.index()])));
        if self.players == 3 {
            format!("hands: {hands}; skat: {}", print_cards(state.solo.skat))
        } else {
            let stock = state.stock[..state.stock_len as usize].iter().rev();
            format!("hands: {hands}; stock: {}", print_cards(stock))
        }
    }

    fn parse_deal(&self, text: &str) -> Result<RoyalOrgyState, DealError> {
        let mut fields = Fields::parse(text)?;
        let hands = split_seats(fields.take("hands")?, self.players, "hands")?
            .into_iter()
            .map(parse_tarot)
            .collect::<Result<Vec<_>, _>>()?;
        let rest = parse_tarot(fields.take(if self.players == 3 { "skat" } else { "stock" })?)?;
        fields.finish()?;
        check_tarot(hands.iter().flatten().chain(&rest))?;
        let sets: Vec<TarotSet> = hands.iter().map(|h| h.iter().copied().collect()).collect();
        if self.players == 3 {
            for (i, h) in sets.iter().enumerate() {
                check_len(&format!("seat {i}'s hand"), h.len(), HAND3)?;
            }
            check_len("the skat", rest.len(), SKAT)?;
            let t = template(self);
            let skat = rest.iter().copied().collect();
            return Ok(self.deal3_at(t.dealer, [sets[0], sets[1], sets[2]], skat));
        }
        for (i, h) in sets.iter().enumerate() {
            check_len(&format!("seat {i}'s hand"), h.len(), HAND)?;
        }
        check_len("the stock", rest.len(), STOCK)?;
        let mut s = template(self);
        s.held = [sets[0], sets[1], TarotSet::EMPTY];
        for (slot, c) in s.stock.iter_mut().zip(rest.iter().rev()) {
            *slot = *c;
        }
        s.stock_len = STOCK as u8;
        Ok(s)
    }
}
