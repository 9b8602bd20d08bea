/// What the clients saw: every request's latency, and every answer that was not the expected one.
actor LoadReport {
    private(set) var latencies: [Duration] = []
    private(set) var failures: [String] = []

    /// Notes one request's latency.
    func record(_ latency: Duration) {
        latencies.append(latency)
    }

    /// Notes an answer that was wrong, or a request that got none.
    func fail(_ failure: String) {
        failures.append(failure)
    }

    /// The latency below which `fraction` of the requests were answered (nearest rank).
    func percentile(_ fraction: Double) -> Duration {
        let sorted = latencies.sorted()
        guard !sorted.isEmpty else { return .zero }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}

extension Duration {
    /// In milliseconds, with one decimal.
    var milliseconds: String {
        let (seconds, attoseconds) = components
        let tenths = (Double(seconds) * 10_000 + Double(attoseconds) / 1e14).rounded()
        return "\(tenths / 10) ms"
    }
}
