/// The time limits of a cluster client. Every network call waits at most one of them, so that
/// no call on a cluster context can hang.
public struct SQLClusterOptions: Sendable, Hashable {
    /// How long a connection to one node may take to be made, in seconds (default 2).
    public var connectTimeout: Double
    /// How long a node may take to answer one request, in seconds (default 10): longer than the
    /// slowest statement (or batch of rows) you run, or it is cut as if the leader were gone.
    public var requestTimeout: Double
    /// How long the client looks for a leader (asking each node in turn, again and again, as
    /// an election runs) before it gives up, in seconds (default 10).
    public var leaderSearchTimeout: Double

    /// Time limits; the defaults suit a cluster on one local network.
    public init(connectTimeout: Double = 2, requestTimeout: Double = 10, leaderSearchTimeout: Double = 10) {
        self.connectTimeout = connectTimeout
        self.requestTimeout = requestTimeout
        self.leaderSearchTimeout = leaderSearchTimeout
    }
}
