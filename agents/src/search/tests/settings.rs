//! The search agents as the catalog builds them, on a real game (Trash): reproducible from
//! their seed, fair (the same choice in states a seat cannot tell apart), their specs and
//! labels, time limits, and rollouts.

use super::guess::Guess;
use super::*;
use crate::same_information_same_choice;
use cardsim_engine::driver::Scratch;
use cardsim_engine::games::trash::Trash;

#[test]
fn a_search_is_reproducible_from_its_seed() {
    let game = Trash::new(2, &Params::parse(&["layout=4"]).unwrap()).unwrap();
    let mut legal = Vec::new();
    let mut compared = 0;
    let mut differed = 0;
    for seed in 0..40 {
        let mut r = rng(seed);
        let mut st = game.deal(&mut r);
        // Walk to a decision.
        while let ToMove::Seat(seat) = game.to_move(&st) {
            game.legal_actions(&st, &mut legal);
            if compared < 6 && legal.len() > 2 {
                let obs = game.observe(&st, seat);
                let mut a = Ismcts::new(SearchSettings::default().iterations(300));
                let mut b = Ismcts::new(SearchSettings::default().iterations(300));
                let one = a.analyse(&game, seat, &obs, &legal, &mut rng(7));
                // A second search by a used agent gives the same statistics.
                let _ = b.analyse(&game, seat, &obs, &legal, &mut rng(99));
                let two = b.analyse(&game, seat, &obs, &legal, &mut rng(7));
                assert_eq!(one, two, "seed {seed}");
                let other = a.analyse(&game, seat, &obs, &legal, &mut rng(8));
                differed += usize::from(other != one);
                compared += 1;
            }
            let a = legal[r.random_range(0..legal.len())];
            game.apply(&mut st, a, &mut r);
        }
    }
    assert_eq!(compared, 6);
    assert!(
        differed >= 5,
        "another seed must give another search ({differed} of 6 differed)"
    );
}

#[test]
fn searches_choose_the_same_in_states_their_seat_cannot_tell_apart() {
    let game = Trash::new(2, &Params::parse(&["layout=5"]).unwrap()).unwrap();
    for spec in [
        "ismcts:iters=40",
        "mo-ismcts:iters=40",
        "pimc:worlds=3,iters=10",
    ] {
        let mut agent = build::<Trash>(spec);
        let compared = same_information_same_choice(&game, agent.as_mut(), 0..3, 2, 4);
        assert!(compared >= 12, "{spec}: {compared}");
    }
}

#[test]
fn a_time_limit_stops_the_search() {
    let game = Trash::new(2, &Params::new()).unwrap();
    let mut r = rng(5);
    let st = game.deal(&mut r);
    let ToMove::Seat(seat) = game.to_move(&st) else {
        return;
    };
    let mut legal = Vec::new();
    game.legal_actions(&st, &mut legal);
    let settings = SearchSettings::default()
        .iterations(u32::MAX)
        .time_limit(Some(std::time::Duration::from_millis(30)));
    let mut agent = Ismcts::new(settings);
    let started = std::time::Instant::now();
    let a = agent.choose(&game, seat, &game.observe(&st, seat), &legal, &mut r);
    assert!(legal.contains(&a));
    assert!(started.elapsed() < std::time::Duration::from_secs(2));
    assert!(agent.last_iterations() > 0 && agent.last_iterations() < u32::MAX);
}

#[test]
fn the_catalog_builds_search_agents_from_specs() {
    let cat = catalog::<Trash>();
    let names: Vec<&str> = cat.kinds().iter().map(|k| k.name).collect();
    for name in ["random", "ismcts", "mo-ismcts", "pimc", "cheat"] {
        assert!(names.contains(&name), "{names:?}");
    }
    let cheat = cat.kinds().iter().find(|k| k.name == "cheat").unwrap();
    assert!(cheat.help.starts_with("UNFAIR"), "{}", cheat.help);
    assert_eq!(
        build::<Trash>("ismcts:iters=200,c=1").label(),
        "ismcts:iters=200,c=1,rollout=random"
    );
    assert_eq!(
        build::<Trash>("ismcts:ms=50").label(),
        format!("ismcts:iters={},c=0.7,ms=50,rollout=random", u32::MAX)
    );
    assert_eq!(
        build::<Trash>("pimc").label(),
        "pimc:worlds=20,iters=100,c=0.7,rollout=random"
    );
    assert_eq!(
        build::<Trash>("mo-ismcts:iters=200,c=1").label(),
        "mo-ismcts:iters=200,c=1,rollout=random"
    );
    // `ms` bounds the whole PIMC decision; alone it leaves the worlds unbounded, and the
    // per-world search never sees it.
    assert_eq!(
        build::<Trash>("pimc:ms=30").label(),
        format!(
            "pimc:worlds={},ms=30,iters=100,c=0.7,rollout=random",
            u32::MAX
        )
    );
    assert_eq!(
        build::<Trash>("pimc:worlds=5,ms=30,iters=50").label(),
        "pimc:worlds=5,ms=30,iters=50,c=0.7,rollout=random"
    );
    assert_eq!(
        build::<Trash>("cheat:solver=uct").label(),
        "cheat:iters=1000,c=0.7,rollout=random"
    );
    for bad in [
        "ismcts:iters=0",
        "ismcts:c=-1",
        "ismcts:ms=0",
        "ismcts:rollout=smart",
        "pimc:worlds=0",
        "pimc:ms=0",
        "pimc:ms=soon",
        "mo-ismcts:iters=0",
        "mo-ismcts:ms=0",
        "mo-ismcts:rollout=smart",
        "cheat:solver=dds",
    ] {
        assert!(
            matches!(build_err::<Trash>(bad), AgentError::BadValue { .. }),
            "{bad}"
        );
    }
    for bad in [
        "ismcts:worlds=3",
        "mo-ismcts:worlds=3",
        "mo-ismcts:solver=uct",
    ] {
        assert!(
            matches!(build_err::<Trash>(bad), AgentError::UnknownKey { .. }),
            "{bad}"
        );
    }
    // Trash has no exact solver; a game without a heuristic cannot roll out with one.
    let e = build_err::<Trash>("pimc:solver=exact").to_string();
    assert!(e.contains("no exact solver"), "{e}");
    let e = build_err::<Guess>("ismcts:rollout=heuristic").to_string();
    assert!(e.contains("guess has no heuristic agent"), "{e}");
}

#[test]
fn heuristic_rollouts_use_the_games_own_agent() {
    let cat = catalog::<Trash>();
    if !cat.kinds().iter().any(|k| k.name == "heuristic") {
        // Trash's heuristic is not in the catalog yet: then the spec must be refused.
        assert!(cat
            .build(&"ismcts:rollout=heuristic".parse().unwrap())
            .is_err());
        return;
    }
    let agent = build::<Trash>("ismcts:iters=20,rollout=heuristic");
    assert!(
        agent.label().ends_with("rollout=heuristic"),
        "{}",
        agent.label()
    );
    let game = Trash::new(2, &Params::parse(&["layout=5"]).unwrap()).unwrap();
    let mut agent = agent;
    assert!(same_information_same_choice(&game, agent.as_mut(), 0..3, 1, 3) >= 6);
}

#[test]
fn random_rollouts_are_cut_short_only_past_the_limit() {
    // A Trash playout ends on its own, with one winner.
    let game = Trash::new(2, &Params::parse(&["layout=2"]).unwrap()).unwrap();
    let mut st = game.deal(&mut rng(1));
    let mut scratch = Scratch::new();
    let rewards = Rollout::Random.play_out(&game, &mut st, &mut scratch, &mut rng(2), None, None);
    assert_eq!(rewards[S0] + rewards[S1], 1.0);
    assert!(rewards[S0] == 1.0 || rewards[S1] == 1.0);
}

// ---------------------------------------------------------------------------------------------
// PIMC's time limit.
// ---------------------------------------------------------------------------------------------

#[test]
fn a_time_limit_stops_pimc_after_at_least_one_world() {
    let game = Trash::new(2, &Params::new()).unwrap();
    let mut r = rng(5);
    let st = game.deal(&mut r);
    let ToMove::Seat(seat) = game.to_move(&st) else {
        panic!("a fresh deal has a seat to move");
    };
    let mut legal = Vec::new();
    game.legal_actions(&st, &mut legal);
    let obs = game.observe(&st, seat);
    let timed = |ms: u64, iters: u32| {
        let solver = Box::new(Uct::new(SearchSettings::default().iterations(iters)));
        let settings = PimcSettings::default()
            .worlds(u32::MAX)
            .time_limit(Some(std::time::Duration::from_millis(ms)));
        Pimc::new(settings, solver)
    };
    // Unlimited worlds: the clock stops the search.
    let mut agent = timed(30, 20);
    let started = std::time::Instant::now();
    let a = agent.choose(&game, seat, &obs, &legal, &mut r);
    assert!(legal.contains(&a));
    assert!(started.elapsed() < std::time::Duration::from_secs(2));
    assert!(agent.last_worlds() > 1 && agent.last_worlds() < u32::MAX);
    // One world takes far longer than the limit: exactly one is searched.
    let mut agent = timed(1, 3_000);
    let totals = agent.analyse(&game, &obs, &legal, &mut r);
    assert_eq!(agent.last_worlds(), 1);
    assert!(totals.iter().all(|t| (0.0..=1.0).contains(t)), "{totals:?}");
    // Without a limit every world is searched, and the catalog's `ms` reaches PIMC.
    let mut agent = Pimc::new(
        PimcSettings::default().worlds(3),
        Box::new(Uct::new(SearchSettings::default().iterations(5))),
    );
    agent.choose(&game, seat, &obs, &legal, &mut r);
    assert_eq!(agent.last_worlds(), 3);
    let mut built = build::<Trash>("pimc:ms=20,iters=20");
    let started = std::time::Instant::now();
    assert!(legal.contains(&built.choose(&game, seat, &obs, &legal, &mut r)));
    assert!(started.elapsed() < std::time::Duration::from_secs(2));
}

#[test]
fn budgets_default_to_the_games_own() {
    use cardsim_engine::games::{gin_rummy::GinRummy, whist::Whist};
    // Whist's `pimc`: up to 10 worlds within a budget of solver nodes.
    assert_eq!(
        build::<Whist>("pimc").label(),
        "pimc:worlds=10,nodes=4000000,solver=exact"
    );
    assert_eq!(
        build::<Whist>("pimc:worlds=auto,nodes=auto").label(),
        build::<Whist>("pimc").label()
    );
    // An explicit world count or time limit alone leaves the node budget out, as before it.
    assert_eq!(
        build::<Whist>("pimc:worlds=9").label(),
        "pimc:worlds=9,solver=exact"
    );
    assert_eq!(
        build::<Whist>("pimc:ms=50").label(),
        format!("pimc:worlds={},ms=50,solver=exact", u32::MAX)
    );
    assert_eq!(
        build::<Whist>("pimc:worlds=30,nodes=500").label(),
        "pimc:worlds=30,nodes=500,solver=exact"
    );
    // Only a solver that counts its nodes takes a budget; UCT has none by default.
    assert!(matches!(
        catalog::<Whist>().build(&"pimc:solver=uct,nodes=500".parse::<AgentSpec>().unwrap()),
        Err(AgentError::BadValue { .. })
    ));
    assert!(!build::<Whist>("pimc:solver=uct").label().contains("nodes"));
    assert!(!build::<Trash>("pimc").label().contains("nodes"));
    let mo = build::<GinRummy>("mo-ismcts").label();
    assert!(mo.starts_with("mo-ismcts:iters=400,"), "{mo}");
    let so = build::<GinRummy>("ismcts").label();
    assert!(so.starts_with("ismcts:iters=1000,"), "{so}");
    // Chosen from one game's CPU seconds with one world a decision (issue #26).
    use cardsim_engine::games::{bridge::Bridge, court_piece::CourtPiece, orgy::Orgy};
    assert!(build::<CourtPiece>("pimc")
        .label()
        .starts_with("pimc:worlds=4,"));
    assert_eq!(
        build::<Bridge>("pimc").label(),
        "pimc:worlds=2,nodes=4000000,solver=exact"
    );
    // Orgy's since its solver's node limit (a game with 4 worlds: 22.9 CPU seconds).
    assert!(build::<Orgy>("pimc").label().starts_with("pimc:worlds=4,"));
    // `cheat` with an exact solver: 4,000,000 nodes a decision unless told otherwise; none
    // with UCT, which counts no nodes and takes none.
    assert_eq!(
        build::<Bridge>("cheat").label(),
        "cheat:nodes=4000000,solver=exact"
    );
    assert_eq!(
        build::<Whist>("cheat:nodes=500").label(),
        "cheat:nodes=500,solver=exact"
    );
    assert_eq!(
        build::<Whist>("cheat:nodes=auto").label(),
        build::<Whist>("cheat").label()
    );
    assert!(!build::<Trash>("cheat").label().contains("nodes"));
    assert!(matches!(
        catalog::<Whist>().build(&"cheat:solver=uct,nodes=500".parse::<AgentSpec>().unwrap()),
        Err(AgentError::BadValue { .. })
    ));
}

/// With `rollout=auto`, a Whist playout stops once its hand is over: one hand played, the
/// game (to 5 points) not over, and the value a share in `[0, 1]` that favours the side that
/// gained, the two sides' values adding up to 1.
#[test]
fn auto_playouts_stop_at_the_end_of_the_hand() {
    use cardsim_engine::games::whist::Whist;
    let game = Whist::new(4, &cardsim_engine::Params::new()).unwrap();
    let mut rollout = crate::search::auto_rollout::<Whist>();
    assert_eq!(rollout.label(), "auto");
    let mut scratch = Scratch::new();
    for seed in 0..20 {
        let mut r = rng(seed);
        let mut state = game.deal(&mut r);
        let v = rollout.play_out(&game, &mut state, &mut scratch, &mut r, None, None);
        assert_eq!(state.hands_played(), 1, "seed {seed}");
        assert!(game.outcome(&state).is_none());
        let (a, b) = (v[Seat::new(0)], v[Seat::new(1)]);
        assert!(
            (a + b - 1.0).abs() < 1e-9 && (0.0..=1.0).contains(&a),
            "{a} {b}"
        );
        assert_eq!(v[Seat::new(2)], a, "partners share");
        let s = state.scores();
        assert_eq!(a > 0.5, s[0] > s[1], "seed {seed}: {s:?} valued {a}");
    }
    // Trash has no hands: random to the end of the game.
    assert_eq!(crate::search::auto_rollout::<Trash>().label(), "random");
}
