//! Orgy's deal text: the four hands in PBN, `N:AKQ2.KJ4.T98.A73 JT9.AQ2.AKQ.KQJ2 ...`.

use super::{Orgy, OrgyState};
use crate::cards::CardSet;
use crate::deal_text::{parse_dealt_hands, print_hands, template, with_hands, DealError, DealText};
use crate::Seat;

impl DealText for Orgy {
    fn print_deal(&self, state: &OrgyState) -> String {
        let hands: Vec<CardSet> = Seat::all(4).map(|s| state.play.hand(s)).collect();
        print_hands(&hands)
    }

    fn parse_deal(&self, text: &str) -> Result<OrgyState, DealError> {
        let hands = parse_dealt_hands(text, 4, CardSet::FULL_DECK, 13)?;
        let mut s = template(self);
        s.play = with_hands(&s.play, &hands);
        Ok(s)
    }
}
