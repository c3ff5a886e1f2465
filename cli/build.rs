//! The mutation gate runs larger batches in optimized builds (cargo-mutants' `mutants` profile)
//! than in the test suite's unoptimized one: `cfg(unoptimized)` tells them apart.

fn main() {
    println!("cargo:rustc-check-cfg=cfg(unoptimized)");
    if std::env::var("OPT_LEVEL").is_ok_and(|o| o == "0") {
        println!("cargo:rustc-cfg=unoptimized");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
