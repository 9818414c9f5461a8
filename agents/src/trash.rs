pub use cardsim_engine::games::trash::Trash;
