# coin-api. `make run` serves the API with demo data on http://127.0.0.1:8080;
# `make test` runs every test layer, `make faulttest` the fault and hostile-input tests,
# `make scaletest` several hosts in network namespaces under faults, `make systemtest` the
# package installed, upgraded and removed on a Debian 12 booted under systemd. All
# start with `make deps`: it installs the missing Debian packages, then checks that every
# command the targets run is there (scripts/dev/deps.sh holds both lists).
JOBS ?= $(shell nproc)
MAKEFLAGS += --no-print-directory

.PHONY: deps build build-debug deb run test faulttest scaletest systemtest fuzz bench-data bench cleanroom contracts contracts-check clean

deps:
	@scripts/dev/deps.sh

build: deps
	@cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF >/dev/null
	@cmake --build build/release -j $(JOBS)

# The Debian package of the Release build (CPack, cmake/package.cmake):
# build/release/coin-api_<version>_amd64.deb.
deb: build
	@cd build/release && cpack

# Debug build: sanitizers on, tests included. The end-to-end tests run its handlers.
build-debug: deps
	@cmake -S . -B build/debug -DCMAKE_BUILD_TYPE=Debug >/dev/null
	@cmake --build build/debug -j $(JOBS)

run: build
	@scripts/dev/run.sh

# The five layers in turn: unit (GoogleTest, and the contracts' bytecode), SQL (pgTAP), end to
# end (GoogleTest over HTTP), chain (the indexer against a local EVM node, then the API); then
# the package (make deb's, installed into an empty directory, and lintian). The last four print
# their own counts.
test: build-debug deb
	@cd build/debug && ctest --output-on-failure -L unit
	@cd build/debug && ctest --output-on-failure --verbose -L sql
	@cd build/debug && ctest --output-on-failure --verbose -L e2e
	@cd build/debug && ctest --output-on-failure --verbose -L chain
	@cd build/debug && ctest --output-on-failure --verbose -L package

# Faults under load (database outage, killed sessions and processes, a hanging view, floods),
# each printing its figures; then 30 s of the fuzzers (query parsing, MCP's POST bodies; 15 s each).
faulttest: build-debug
	@cd build/debug && ctest --output-on-failure --verbose -L fault

# Several hosts in network namespaces (scripts/test/topology.sh: a primary and a standby PostgreSQL,
# handler hosts, the nginx front), under load: a host dropped, a database stopped, replication
# lag; each case prints its figures. Needs root.
scaletest: build-debug
	@cd build/debug && ctest --output-on-failure --verbose -L scale

# The package under systemd (scripts/test/systemtest.sh): a Debian 12 booted in systemd-nspawn,
# the previous release installed with apt and run, upgraded to this one under load with no
# request failed, its units checked (systemd-analyze, killed processes), its logs rotated and
# filled, then removed and purged. Needs root; about 4 minutes, and the previous release's
# build the first time.
systemtest: deb
	@scripts/test/systemtest.sh

# The fuzzers (libFuzzer, clang): query parsing, then MCP's POST bodies, FUZZ_SECONDS in all (half
# each), 600 by default.
fuzz: deps
	@scripts/test/fuzz.sh

# The benchmark database (var/bench): 3 years of 5-minute snapshots. Takes minutes.
bench-data: deps
	@scripts/bench/bench-data.sh

# Throughput, latency, freshness and memory, side by side with their references:
# prints the table and writes bench/RESULTS.md. Builds the benchmark database if missing.
# Then the capacity plan's figures on the hosts of scripts/test/topology.sh: bench/CAPACITY.md; the
# indexer's requests per round and backfill speed on a local node: bench/BACKFILL.md; the event
# stream's subscribers: bench/EVENTS.md; an MCP tool call against the GET of the same answer:
# bench/MCP.md; the risk per urn at 100,000 urns (pages, at-risk, curves, size, indexer): bench/URNS.md;
# liquidations at 10,000 auctions (6.20's pages uncached, 6.21 and 6.22 per snapshot): bench/LIQUIDATIONS.md;
# the published answers over HTTPS (HTTP/1.1 and HTTP/2) against a static nginx with the same TLS
# settings, and handshakes: bench/HTTPS.md; a new block, from the node to the event and the answer,
# with the node's WebSocket and polled, and what a block costs the nodes: bench/FOLLOW.md.
bench: build
	@scripts/bench/bench.sh
	@scripts/bench/capacity.sh
	@scripts/bench/bench-backfill.sh
	@scripts/bench/bench-events.sh
	@scripts/bench/bench-mcp.sh
	@scripts/bench/bench-urns.sh
	@scripts/bench/bench-liquidations.sh
	@scripts/bench/bench-https.sh
	@scripts/bench/bench-follow.sh

# CI (bash .ci/run) in a fresh Debian 12 root file system where nothing was installed: needs
# root and Debian's mirror; about 8 minutes on 2 cores.
cleanroom: deps
	@scripts/test/clean-room.sh

# The demo chain's test contracts (chain/contracts): `contracts` compiles them with solc-js into
# chain/artifacts.json; `contracts-check` fails, naming the contract, if the committed one differs.
contracts: deps
	@node chain/compile.mjs

contracts-check: deps
	@node chain/compile.mjs --check

clean:
	rm -rf build var
