//! YAML input: parsing to a spanned `Node` tree (`node`) and typed decoding
//! of nodes through serde that reports every problem with its location
//! (`decode`).

mod decode;
mod node;

pub use decode::{DecodeError, decode, decode_all};
pub use node::{Node, Value, parse};
