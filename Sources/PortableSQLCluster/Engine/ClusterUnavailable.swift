/// The messages of what a cluster cannot do, each naming the limit.
enum ClusterUnavailable {
    static let updateHook = "dqlite cluster: update hooks (onUpdate) are not available on a cluster: the nodes run the statements; remove the hook to use the context again"
    static let observation = "dqlite cluster: change observation (observeChanges, observe) is not available on a cluster: the nodes run the statements and report no changes"
    static let trace = "dqlite cluster: trace and profile hooks are not available on a cluster; remove the hook to use the context again"
    static let functions = "dqlite cluster: Swift functions, aggregates and collations are not available on a cluster: the nodes run the SQL and cannot call back into this process"
    static let backup = "dqlite cluster: the backup API is not available on a cluster: every node already holds a copy"
}
