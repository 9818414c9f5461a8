//! Envite's deal text: the hands of three, one per place (a dummy place included), in PBN hand
//! notation (`N:` and clockwise with four places, else from place 0 separated by spaces), the
//! upcard that fixes trumps, and the rest of the deck (undealt, in any order):
//! `N:A.3.. ...; upcard: 7C; stock: ...`.

use super::{Envite, EnviteState};
use crate::cards::{CardMultiset, CardSet};
use crate::deal_text::{
    check_deck, check_len, hands_of, head_and_fields, parse_card, parse_hands, parse_set,
    print_cards, print_hands, template, with_hands, DealError, DealText,
};

impl DealText for Envite {
    fn print_deal(&self, state: &EnviteState) -> String {
        let hands = hands_of(&state.play);
        let mut rest = self.deck - CardSet::from_card(state.upcard);
        for h in &hands {
            rest -= *h;
        }
        format!(
            "{}; upcard: {}; stock: {}",
            print_hands(&hands),
            state.upcard,
            print_cards(rest)
        )
    }

    fn parse_deal(&self, text: &str) -> Result<EnviteState, DealError> {
        let (head, mut fields) = head_and_fields(text)?;
        let hands = parse_hands(head, self.places)?;
        let upcard = parse_card(fields.take("upcard")?)?;
        let rest = parse_set(fields.take("stock")?)?;
        fields.finish()?;
        let all = hands
            .iter()
            .flat_map(|h| h.iter())
            .chain([upcard])
            .chain(rest);
        check_deck(CardMultiset::copies(self.deck, 1), all)?;
        for (i, h) in hands.iter().enumerate() {
            check_len(&format!("place {i}'s hand"), h.len(), 3)?;
        }
        let mut s = template(self);
        s.play = with_hands(&s.play, &hands).with_deck(self.deck - CardSet::from_card(upcard));
        s.play.set_order(*self.card_order(upcard.suit()));
        s.upcard = upcard;
        Ok(s)
    }
}
