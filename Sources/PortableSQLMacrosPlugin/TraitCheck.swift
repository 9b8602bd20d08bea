// PortableSQLMacros (@SQLRecord) needs the package trait Macros, which brings its remote dependencies; without it they
// are not resolved and this target cannot build. An app turns it on where it adds the package:
// .package(url: …, from: …, traits: ["Macros"]); this package's own builds use
// --enable-all-traits (the Makefile does).
#if !Macros
#error("PortableSQLMacros (@SQLRecord) needs the package trait Macros: add traits: [\"Macros\"] to the .package line, or build this package with --enable-all-traits (make does)")
#endif
