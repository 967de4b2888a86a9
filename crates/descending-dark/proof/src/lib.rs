//! What proves a descending-dark answer: the problem's input model, the certificate's types and the
//! checker, in a crate of their own. The solver crate `descending-dark` depends on this one; this one
//! does not (and, cargo refusing cycles, cannot) depend on it, so a checker that calls
//! solving code does not compile.
#![forbid(unsafe_code)]
