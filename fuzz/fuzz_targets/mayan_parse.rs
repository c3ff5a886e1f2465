#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::fuzz::parse::<games::Mayan>(data));
