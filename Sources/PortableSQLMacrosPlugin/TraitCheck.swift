// PortableSQLMacros (@SQLRecord) needs the package trait Macros, which brings its remote dependencies; without it they
// are not resolved: every other file of this target is inside `#if Macros`, so that this
// error is what a build without it reports. An app turns it on where it adds the package:
// .package(url: …, from: …, traits: ["Macros"]); this package's own builds use
// --enable-all-traits (the Makefile does).
#if !Macros
#error("PortableSQLMacros (@SQLRecord) needs the package trait Macros: add traits: [\"Macros\"] to the .package line, or build this package with --enable-all-traits (make does)")
#endif
