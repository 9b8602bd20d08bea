import PortableSQL

extension SQLiteConfiguration {
    /// A dqlite cluster: the database name given as a context's path is a database replicated
    /// by the cluster's nodes, reached through the current leader.
    ///
    /// ```swift
    /// let db = try SQLContext(path: "app", configuration: .cluster(["127.0.0.1:9001", "127.0.0.1:9002", "127.0.0.1:9003"]))
    /// ```
    ///
    /// `nodes` are "host:port" addresses; any one that answers is enough to find the leader.
    /// Opening throws `SQLITE_CANTOPEN` when no leader answers within
    /// `options.leaderSearchTimeout`. See the article <doc:RunningACluster> for what a cluster
    /// cannot do (hooks, Swift functions, backups, encryption, ATTACH, RETURNING).
    public static func cluster(_ nodes: [String], options: SQLClusterOptions = .init()) -> SQLiteConfiguration {
        let settings = ClusterSettings(nodes: nodes, options: options)
        return SQLiteConfiguration(name: "cluster") { ClusterRegistry.engine(for: settings) }
    }
}

extension SQLContext {
    /// Opens the database `database` of the dqlite cluster whose nodes are `cluster`; the same
    /// as `SQLContext(path: database, configuration: .cluster(cluster, options: options))`.
    ///
    /// - Throws: `SQLError` (`SQLITE_CANTOPEN`) when no leader answers within
    ///   `options.leaderSearchTimeout`, or the database cannot be opened.
    public convenience init(cluster: [String], database: String, options: SQLClusterOptions = .init()) throws {
        try self.init(path: database, configuration: .cluster(cluster, options: options))
    }
}
