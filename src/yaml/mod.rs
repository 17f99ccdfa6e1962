//! YAML input: parsing to a spanned `Node` tree (`node`) and typed decoding
//! of nodes through serde that reports every problem with its location
//! (`decode`).

mod decode;
mod node;

pub use decode::{DecodeError, decode, decode_all};
pub use node::{Node, Value, parse};
pub(crate) use node::{write_flow_map, write_flow_seq};
