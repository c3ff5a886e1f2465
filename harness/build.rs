//! Time limits of in-process engines are stretched in unoptimized builds (the tests):
//! `cfg(unoptimized)` tells them apart from the optimized ones.

fn main() {
    println!("cargo:rustc-check-cfg=cfg(unoptimized)");
    if std::env::var("OPT_LEVEL").is_ok_and(|o| o == "0") {
        println!("cargo:rustc-cfg=unoptimized");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
