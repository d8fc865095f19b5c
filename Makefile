# compd — see README.md. Every target installs what it needs on a fresh Debian machine.
SHELL := /bin/bash
SWIFT ?= swift
PREFIX ?= /usr/local
DESTDIR ?=
RUN_DIR := $(CURDIR)/run
SOCKET ?= $(RUN_DIR)/compd.sock
RELEASE_BIN := $(CURDIR)/.build/release

.PHONY: all deps build release run test test-swift test-sdk test-system fuzz fuzz-short \
        run-web bench-jsonrpc bench-rpc bench-rpc-instructions bench-abuse bench-layout bench-layout-yoga test-layout-reference bench-plugins bench-scenes bench-scenes-instructions bench-lists bench-touch bench-web install format lint clean \
        plugin-template docs deb screenkit-port

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

## run-web: serve compd's scenes to browsers on http://127.0.0.1:8080/ (start make run first)
run-web: release
	$(RELEASE_BIN)/compd-web --socket "$(SOCKET)" --listen "$(or $(LISTEN),127.0.0.1:8080)"

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

## bench-rpc-instructions: instructions per pipelined ping, compd against redis (and BASE_DIR's compd)
bench-rpc-instructions: release
	@scripts/bench-rpc-instructions.sh

## bench-abuse: memory and a well-behaved client's latency under read-only abuse (docs/benchmarks.md)
bench-abuse: release
	@scripts/bench-abuse.sh

bench-layout: deps
	@scripts/bench-layout.sh

## test-layout-reference: the layout solver against SciPy on SEEDS random systems (20000)
test-layout-reference: deps
	SCREENKIT_REFERENCE_SEEDS=$${SEEDS:-20000} $(SWIFT) test --package-path SDK/ScreenKit \
	  --filter randomSystemsAgreeWithTheLexicographicReference

# The huge-nested shapes against Yoga: make bench-layout-yoga YOGA_DIR=/path/to/yoga
bench-layout-yoga: deps
	@scripts/bench-layout-yoga.sh

bench-plugins: release
	@scripts/bench-plugins.sh

bench-scenes: release
	@scripts/bench-scenes.sh

## bench-scenes-instructions: the broker's instructions per scene event against its hosts' (BENCH_BASELINE=DIR)
bench-scenes-instructions: release
	@scripts/bench-scenes-instructions.sh

## bench-lists: demo.Contacts at 1,000 / 100,000 / 1,000,000 rows: reply size, scroll latency, memory
bench-lists: release
	@scripts/bench-lists.sh

## bench-touch: 100 clients dragging demo.Playground's card, a move every 8 ms each: latency, bytes
bench-touch: release
	@scripts/bench-touch.sh

bench-web: release
	@scripts/bench-web.sh

## docs: ScreenKit's DocC documentation into .build/docs/ScreenKit.doccarchive (fails on broken links)
docs: deps
	@scripts/docs.sh

## plugin-template: copy the plugin template to DIR (NAME: its type and component name, default Counter), building against this checkout's SDK
plugin-template:
	@scripts/plugin-template.sh "$(DIR)" "$(or $(NAME),Counter)"

## deb: a Debian package of the release build in .build/deb (scripts/deb.sh)
deb: release
	@scripts/deb.sh

## screenkit-port: build the porting tool of docs/porting.md (installed by make install)
screenkit-port: deps
	$(SWIFT) build -c release --product screenkit-port

install: release screenkit-port
	@PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" scripts/install.sh

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests Plugins SDK/Package.swift SDK/ScreenKit/Sources SDK/ScreenKit/Tests Benchmarks Fuzz 2>/dev/null || \
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests SDK/Package.swift SDK/ScreenKit/Sources SDK/ScreenKit/Tests

lint:
	$(SWIFT) format lint --recursive Sources Tests SDK/ScreenKit/Sources SDK/ScreenKit/Tests

clean:
	rm -rf .build SDK/ScreenKit/.build run
