/// A fast pseudo-random generator (SplitMix64) for a benchmark worker's keys and values, seeded
/// once from the system's: `SystemRandomNumberGenerator` makes a system call per number on
/// Linux, which for a 1 KiB value cost the worker more time than go-dqlite's `math/rand`.
struct WorkloadRandom: RandomNumberGenerator {
    private var state: UInt64

    init() {
        var system = SystemRandomNumberGenerator()
        state = system.next()
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
