# The two commands of the Quick start: `make demo` and `make test`.
# Each first installs the system packages it needs (Scripts/bootstrap does nothing when all are there).

SWIFT ?= swift

.PHONY: bootstrap build demo test bench sanitize docs

bootstrap:
	@bash Scripts/bootstrap

build: bootstrap
	$(SWIFT) build

demo: bootstrap
	$(SWIFT) run sqlctx demo

test: bootstrap
	$(SWIFT) test --disable-xctest

# Release build of the benchmark package (GRDB 7.10.0 and the raw C API in one run); prints the table.
bench: bootstrap
	cd Benchmarks && $(SWIFT) build -c release && .build/release/PortableSQLBenchmarks

# The concurrency tests under ThreadSanitizer (a build of its own in .build-tsan; a few minutes the first time).
sanitize: bootstrap
	$(SWIFT) test --disable-xctest --sanitize=thread --scratch-path .build-tsan --filter "SQLContextPoolTests|EncryptedPoolTests|ConcurrencyTests|ChangeObservationTests"

docs: bootstrap
	$(SWIFT) package --disable-sandbox generate-documentation --warnings-as-errors \
		--target PortableSQL --target PortableSQLPlus --target PortableSQLCodable --target PortableSQLMacros
