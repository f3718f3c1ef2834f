//! Compiles our C++ shim over CaDiCaL (`src/backend/cadical/`) when the cargo feature
//! `cadical` is on. The solver itself is compiled by the `cadical` crate (its static library
//! `ccadical`), which the shim links against: one copy of CaDiCaL in the binary. The flags
//! are the crate's, so that both sides agree on the classes' layout.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var_os("CARGO_FEATURE_CADICAL").is_none() {
        return;
    }
    let dir = "src/backend/cadical";
    for file in ["shim.cpp", "cadical.hpp"] {
        println!("cargo:rerun-if-changed={dir}/{file}");
    }
    let mut build = cc::Build::new();
    let _ = build
        .cpp(true)
        .std("c++17")
        .warnings(false)
        .debug(false)
        .opt_level(3)
        .define("NDEBUG", None)
        .define("NBUILD", None)
        .define("NUNLOCKED", None)
        .define("NTRACING", None)
        .define("QUIET", None)
        .include(dir)
        .file(format!("{dir}/shim.cpp"));
    if build.get_compiler().is_like_clang() {
        let _ = build.cpp_set_stdlib("c++");
    }
    build.compile("cagesat_cadical_up");
}
