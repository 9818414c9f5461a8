//! Omi's deal text: the four hands of the first batch (dealt before trumps are named) in PBN,
//! `N:AK.Q.. ...`. The rest of the deck is dealt after trumps are named, from the game's
//! RNG, and is not part of the text.

use super::{Omi, OmiState};
use crate::deal_text::{
    hands_of, parse_part_hands, print_hands, template, with_hands, DealError, DealText,
};

impl DealText for Omi {
    fn print_deal(&self, state: &OmiState) -> String {
        print_hands(&hands_of(&state.play))
    }

    fn parse_deal(&self, text: &str) -> Result<OmiState, DealError> {
        let hands = parse_part_hands(text, 4, self.chooser.deck(), self.chooser.first())?;
        let mut s = template(self);
        s.play = with_hands(&s.play, &hands);
        Ok(s)
    }
}
