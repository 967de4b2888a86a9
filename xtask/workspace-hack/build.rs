//! Empty: it exists so that cargo builds this crate's build dependencies, whose features
//! are the point (see the manifest).

fn main() {}
