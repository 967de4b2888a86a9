//! Units the reports and the limits share.

/// One mebibyte, in bytes.
pub const MIB: u64 = 1 << 20;

/// One mebibyte, for dividing measured bytes in reports.
pub const MIB_F64: f64 = MIB as f64;
