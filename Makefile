# compd — see README.md. Every target installs what it needs on a fresh Debian machine.
SHELL := /bin/bash
SWIFT ?= swift
PREFIX ?= /usr/local
DESTDIR ?=
RUN_DIR := $(CURDIR)/run
SOCKET ?= $(RUN_DIR)/compd.sock
RELEASE_BIN := $(CURDIR)/.build/release

.PHONY: all deps build release run test test-swift test-sdk test-system fuzz fuzz-short \
        bench-jsonrpc bench-rpc bench-abuse bench-layout bench-layout-yoga bench-plugins bench-scenes install format lint clean

all: build

## deps: install the system packages the build and tests need (no-op when present)
deps:
	@scripts/deps.sh

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

## run: build release and start compd in the foreground on ./run/compd.sock
run: release
	@scripts/run.sh "$(RELEASE_BIN)" "$(SOCKET)"

## test: build and run every test suite
test: deps
	@scripts/test.sh

fuzz: deps
	@scripts/fuzz.sh long

fuzz-short: deps
	@scripts/fuzz.sh short

bench-jsonrpc: deps
	@scripts/bench-jsonrpc.sh

bench-rpc: release
	@scripts/bench-rpc.sh

## bench-abuse: memory and a well-behaved client's latency under read-only abuse (docs/benchmarks.md)
bench-abuse: release
	@scripts/bench-abuse.sh

bench-layout: deps
	@scripts/bench-layout.sh

# The huge-nested shapes against Yoga: make bench-layout-yoga YOGA_DIR=/path/to/yoga
bench-layout-yoga: deps
	@scripts/bench-layout-yoga.sh

bench-plugins: release
	@scripts/bench-plugins.sh

bench-scenes: release
	@scripts/bench-scenes.sh

install: release
	@PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" scripts/install.sh

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests Plugins SDK/Package.swift SDK/Sources SDK/Tests Benchmarks Fuzz 2>/dev/null || \
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests SDK/Package.swift SDK/Sources SDK/Tests

lint:
	$(SWIFT) format lint --recursive Sources Tests SDK/Sources SDK/Tests

clean:
	rm -rf .build SDK/.build run
