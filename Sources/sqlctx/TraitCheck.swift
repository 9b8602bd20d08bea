// sqlctx needs the package trait Tool, which brings its remote dependencies; without it they
// are not resolved: every other file of this target is inside `#if Tool`, so that this
// error is what a build without it reports. An app turns it on where it adds the package:
// .package(url: …, from: …, traits: ["Tool"]); this package's own builds use
// --enable-all-traits (the Makefile does).
#if !Tool
#error("sqlctx needs the package trait Tool: add traits: [\"Tool\"] to the .package line, or build this package with --enable-all-traits (make does)")
#endif
