#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::fuzz::diff::<games::Texas>(data));
