// PortableSQLServer needs the package trait Server, which brings its remote dependencies; without it they
// are not resolved: every other file of this target is inside `#if Server`, so that this
// error is what a build without it reports. An app turns it on where it adds the package:
// .package(url: …, from: …, traits: ["Server"]); this package's own builds use
// --enable-all-traits (the Makefile does).
#if !Server
#error("PortableSQLServer needs the package trait Server: add traits: [\"Server\"] to the .package line, or build this package with --enable-all-traits (make does)")
#endif
