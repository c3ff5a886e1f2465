# The image of the Kubernetes recipe in cluster/kubernetes/ (docs/cluster.md): the workspace's release binaries, `harness`
# and `own-engine`, on PATH in a slim Debian, with the committed corpus in the working folder (so
# `diff` and `judge` replay corpus/<game>/ before they generate cases).
#
#   docker build -t your-registry/match3-proof .
#
# The release build is the diff build (overflow checks and debug assertions on: Cargo.toml).

# Stage 1: build the binaries from this repository (.dockerignore keeps build output out of the
# context).
FROM rust:1-slim-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release --locked --bin harness --bin own-engine

# Stage 2: the binaries and the corpus, nothing else (same Debian release, same glibc).
FROM debian:bookworm-slim
COPY --from=build /src/target/release/harness /src/target/release/own-engine /usr/local/bin/
WORKDIR /work
COPY corpus /work/corpus
# `harness stress` adds the stream kit (stress.h) to the include path of the C and C++ programs it
# compiles; the image has no compiler of its own: install one (g++) in an image built on this one.
COPY stress/kit /usr/local/share/match3-proof/kit
ENV STRESS_KIT=/usr/local/share/match3-proof/kit
CMD ["harness", "--help"]
