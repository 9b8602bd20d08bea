// sqlctx needs the package trait Tool, which brings its remote dependencies; without it they
// are not resolved and this target cannot build. An app turns it on where it adds the package:
// .package(url: …, from: …, traits: ["Tool"]); this package's own builds use
// --enable-all-traits (the Makefile does).
#if !Tool
#error("sqlctx needs the package trait Tool: add traits: [\"Tool\"] to the .package line, or build this package with --enable-all-traits (make does)")
#endif
