//! The playground engine's tests, one module per subject, linked as one test binary:
//! every official sample solved and checked as the page does (`samples`), the proof's
//! steps (`steps`), and the games against the proven strategy (`play`).

mod play;
mod samples;
mod steps;
