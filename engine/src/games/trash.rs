pub struct Trash;
