// PortableSQLServer needs the package trait Server, which brings its remote dependencies; without it they
// are not resolved and this target cannot build. An app turns it on where it adds the package:
// .package(url: …, from: …, traits: ["Server"]); this package's own builds use
// --enable-all-traits (the Makefile does).
#if !Server
#error("PortableSQLServer needs the package trait Server: add traits: [\"Server\"] to the .package line, or build this package with --enable-all-traits (make does)")
#endif
