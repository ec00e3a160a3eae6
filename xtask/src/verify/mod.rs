//! The verification engine: transcriptions read, values judged, pages written.

pub mod formula;
pub mod reading;
pub mod report;
pub mod transcription;
pub mod verdict;
