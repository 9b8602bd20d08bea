# The two commands of the Quick start: `make demo` and `make test`.
# Each first installs the system packages it needs (Scripts/bootstrap does nothing when all are there).

SWIFT ?= swift
# Every product of this package: the server, the macro and the tool each need a package trait
# (Package.swift), which an app turns on for what it uses.
TRAITS ?= --enable-all-traits

.PHONY: bootstrap build demo test example bench bench-cluster sanitize fuzz docs install

bootstrap:
	@bash Scripts/bootstrap

build: bootstrap
	$(SWIFT) build $(TRAITS)

demo: bootstrap
	$(SWIFT) run $(TRAITS) sqlctx demo

# NodeLatencyTests times writes on a 3-node cluster (issue 39's p90 under 10 ms), so it runs
# alone after the suite: beside the other suites, on 2 cores, its nodes would wait for the CPU.
# Then the public API of the modules just built must be the one listed in API/ (Scripts/public-api
# writes it anew; commit API/ with any change to the public surface). Last, each fuzz target
# (Fuzz/NAME is the target FuzzNAME; Driver is their shared entry point) replays its seeds.
FUZZ_TARGETS = $(filter-out Driver Corpus,$(notdir $(wildcard Fuzz/*)))
test: bootstrap
	bash Scripts/portability-check
	$(SWIFT) test $(TRAITS) --disable-xctest --skip NodeLatencyTests
	$(SWIFT) test $(TRAITS) --disable-xctest --skip-build --filter NodeLatencyTests
	python3 Scripts/public-api --check
	for target in $(FUZZ_TARGETS); do \
		$(SWIFT) build $(TRAITS) --product Fuzz$$target && .build/debug/Fuzz$$target Fuzz/Corpus/$$target || exit 1; \
	done

# Installs `sqlctx` under PREFIX (/usr/local by default; DESTDIR before it for packaging): the
# release build in bin/, its man page in share/man/man1/ (from swift-argument-parser's
# generate-manual plugin, run on a debug build, since its release build of the whole package
# would include the test support, which needs testable modules), and its bash, zsh and fish
# completions where those shells look for them. Scripts/check-install checks the result.
PREFIX ?= /usr/local
install: bootstrap
	$(SWIFT) build -c release $(TRAITS) --product sqlctx
	$(SWIFT) package $(TRAITS) generate-manual --configuration debug
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 755 .build/release/sqlctx $(DESTDIR)$(PREFIX)/bin/sqlctx
	install -m 644 .build/plugins/GenerateManual/outputs/sqlctx/sqlctx.1 $(DESTDIR)$(PREFIX)/share/man/man1/sqlctx.1
	.build/release/sqlctx --generate-completion-script bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/sqlctx
	.build/release/sqlctx --generate-completion-script zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_sqlctx
	.build/release/sqlctx --generate-completion-script fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/sqlctx.fish

# Examples/NotesServer, a Hummingbird 2 service over PortableSQLServer, built in its own package
# (Examples/NotesServer/.build; `make test` never builds it), run on 127.0.0.1 and checked end to
# end by Scripts/run-example: parallel clients, every answer, SIGTERM, the rows on disk.
example: bootstrap
	bash Scripts/run-example

# Release build of the benchmark package (GRDB 7.10.0 and the raw C API in one run); prints the table.
bench: bootstrap
	cd Benchmarks && $(SWIFT) build -c release && .build/release/PortableSQLBenchmarks

# The same build; W1, W2 and W5 on a 3-node dqlite cluster on 127.0.0.1 beside a local file, in one
# run; then go-dqlite's kvwrite and kvreadwrite (1, 4, 16 workers) by go-dqlite's dqlite-benchmark
# (Debian's go-dqlite) and by PortableSQL's client on 3 release-built `sqlctx node`s, CLUSTER_SECONDS
# per run (15: about 7 minutes in all; `make bench-cluster CLUSTER_SECONDS=3` for a quick look).
CLUSTER_SECONDS ?= 15
bench-cluster: bootstrap
	$(SWIFT) build -c release $(TRAITS) --product sqlctx
	cd Benchmarks && $(SWIFT) build -c release && .build/release/PortableSQLBenchmarks cluster \
		--seconds $(CLUSTER_SECONDS) --sqlctx $(CURDIR)/.build/release/sqlctx

# The whole suite under AddressSanitizer with LeakSanitizer on (only false positives and leaks of
# the toolchain or of system libraries are suppressed, each with its reason, in
# Tests/lsan-suppressions.txt; print_suppressions=0 keeps LeakSanitizer's list of the ones used
# off the standard error of the programs the tests run, such as sqlctx's `.shell`, whose
# Foundation Process leak is suppressed), then under ThreadSanitizer. Each has a build of its own
# (.build-asan, .build-tsan: several minutes the first time). Debian's SQLCipher 3.4.1 cannot
# load under a sanitizer: its tests are reported as skipped, or check that it is refused with a
# clear error. The power-loss simulation checks the states of every 10th cut point there
# (PORTABLESQL_POWER_LOSS_STRIDE): its checks run ten times slower, and `make test` checks all.
sanitize: bootstrap
	PORTABLESQL_POWER_LOSS_STRIDE=10 ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan-suppressions.txt:print_suppressions=0 \
		$(SWIFT) test $(TRAITS) --disable-xctest --sanitize=address --scratch-path .build-asan
	PORTABLESQL_POWER_LOSS_STRIDE=10 $(SWIFT) test $(TRAITS) --disable-xctest --sanitize=thread --scratch-path .build-tsan

# Every fuzz target of Fuzz/ under libFuzzer and AddressSanitizer, FUZZ_SECONDS each (default
# 60; CI runs the same 2000 inputs of each, FUZZ_SEED=1 FUZZ_RUNS=2000, so that the targets
# keep building): Scripts/fuzz.
FUZZ_SECONDS ?= 60
fuzz: bootstrap
	bash Scripts/fuzz $(FUZZ_SECONDS)

# One static website per module in .build/docs/MODULE.doccarchive, readable from the file system:
# DocC's pages are a JavaScript app that loads JSON with absolute paths, which browsers refuse
# over file://, so Scripts/docs-for-file-system renders each page's JSON into a static
# index.html with relative links (open .build/docs/PortableSQL.doccarchive/index.html).
# DocC's own --experimental-transform-for-static-hosting-with-content crashes DocC 6.3.1 on
# Linux (FoundationXML, on paragraphs of several lines); see CONTRIBUTING.md's Documentation section.
docs: bootstrap
	rm -rf .build/docs
	mkdir -p .build/docs
	$(SWIFT) package $(TRAITS) --disable-sandbox generate-documentation --warnings-as-errors \
		--target PortableSQL --target PortableSQLPlus --target PortableSQLCodable --target PortableSQLMacros \
		--target PortableSQLServer --target PortableSQLCluster \
		--transform-for-static-hosting --output-path .build/docs
	python3 Scripts/docs-for-file-system .build/docs/*.doccarchive
