#if Tool
import Foundation

internal import PortableSQLSystem

/// The time statements take, as `.timer` reports it: the wall clock's, and the processor time
/// spent in the process (user) and in the kernel for it (sys).
struct ShellClock {
    private let start: (real: Double, user: Double, system: Double)

    /// Starts counting now.
    init() {
        start = Self.now()
    }

    /// What sqlite3 prints for the time since the clock started:
    /// `Run Time: real 0.001 user 0.000312 sys 0.000000` and a line end.
    func report() -> String {
        let end = Self.now()
        return String(format: "Run Time: real %.3f user %f sys %f\n", end.real - start.real, end.user - start.user, end.system - start.system)
    }

    /// The wall clock, and the process's user and system processor time, in seconds.
    private static func now() -> (real: Double, user: Double, system: Double) {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        var clock = timespec()
        clock_gettime(CLOCK_MONOTONIC, &clock)
        return (Double(clock.tv_sec) + Double(clock.tv_nsec) / 1_000_000_000, seconds(usage.ru_utime), seconds(usage.ru_stime))
    }
}
#endif
