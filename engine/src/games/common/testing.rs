//! Test support shared by the games' rules tests: the legal actions of a position by their
//! text, and an action played by its text with the rules and invariants checked.

use crate::game::Game;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The legal actions of `state`, each as its `Display` text, in the game's order.
pub(crate) fn legal_names<G: Game>(g: &G, state: &G::State) -> Vec<String> {
    let mut out = Vec::new();
    g.legal_actions(state, &mut out);
    out.iter().map(|a| a.to_string()).collect()
}

/// Plays the legal action whose text is `name` ([`Game::try_apply`], with an RNG seeded 0),
/// then checks the state's invariants.
///
/// # Panics
/// If no legal action has that text, the rules refuse it, or an invariant breaks.
pub(crate) fn play_named<G: Game>(g: &G, state: &mut G::State, name: &str) {
    let mut out = Vec::new();
    g.legal_actions(state, &mut out);
    let action = *out
        .iter()
        .find(|x| x.to_string() == name)
        .unwrap_or_else(|| panic!("{name} is not legal: {out:?}"));
    g.try_apply(state, action, &mut ChaCha8Rng::seed_from_u64(0))
        .unwrap();
    g.check_invariants(state).unwrap();
}

/// A named corruption of a valid state, for [`assert_each_corruption_refused`].
pub(crate) type Corruption<S> = (&'static str, fn(&mut S));

/// Asserts that `base` passes [`Game::check_invariants`] and that each corruption, applied
/// alone to a copy of it, changes the state and is refused.
///
/// # Panics
/// On the first corruption that changes nothing or that the check accepts, naming it.
pub(crate) fn assert_each_corruption_refused<G: Game>(
    g: &G,
    base: &G::State,
    broken: &[Corruption<G::State>],
) where
    G::State: PartialEq,
{
    each_corruption_refused(g, base, broken, false);
}

/// As [`assert_each_corruption_refused`], and each corruption's name is a part of the message
/// the check must refuse it with: a corruption that a later check happens to catch (its own
/// condition made `&&`, say) does not pass for the one it breaks.
///
/// # Panics
/// On the first corruption that changes nothing, is accepted, or is refused for another
/// reason.
pub(crate) fn assert_each_corruption_refused_saying<G: Game>(
    g: &G,
    base: &G::State,
    broken: &[Corruption<G::State>],
) where
    G::State: PartialEq,
{
    each_corruption_refused(g, base, broken, true);
}

/// The two assertions above: `saying` also wants each name in its refusal's message.
fn each_corruption_refused<G: Game>(
    g: &G,
    base: &G::State,
    broken: &[Corruption<G::State>],
    saying: bool,
) where
    G::State: PartialEq,
{
    g.check_invariants(base).unwrap();
    for (name, corrupt) in broken {
        let mut s = base.clone();
        corrupt(&mut s);
        assert!(&s != base, "{name}: the corruption changed nothing");
        let e = g
            .check_invariants(&s)
            .err()
            .unwrap_or_else(|| panic!("{name}: accepted"));
        assert!(!saying || e.contains(name), "wanted {name:?}, got {e:?}");
    }
}
