// The platform's C library, for every file of the package that calls it: the one place that
// names Glibc, Musl, Android's Bionic, Darwin or the Windows CRT. Other files write
// `internal import PortableSQLSystem`; `Scripts/portability-check` (run by `make test`) fails
// on a C library imported anywhere else.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#elseif canImport(Android)
@_exported import Android
#elseif canImport(Darwin)
@_exported import Darwin
#elseif canImport(ucrt)
@_exported import ucrt
#endif
