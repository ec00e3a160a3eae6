//! The verification engine: transcriptions read, values judged, results rendered. It knows
//! no source: `sources` depends on it, and the `verify-tables` command puts the two together.

pub mod computed;
pub mod formula;
pub mod reading;
pub mod report;
pub mod transcription;
pub mod verdict;
