#if Tool
import ArgumentParser
import Foundation
import PortableSQLCluster

/// `sqlctx node`: runs one dqlite node (a member of a cluster) until SIGTERM or SIGINT.
struct NodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "node",
        abstract: "Run a dqlite cluster node until SIGTERM or SIGINT.",
        discussion: """
            The node with --id 1 bootstraps a new cluster the first time it starts; the others \
            start with --join and the address of a member. A node started again with its id and \
            data folder takes its place back. Prints one line, "ready ID ADDRESS", when it serves; \
            then, on standard error, a line for each change of leader ("leader ID ADDRESS", \
            "leader lost"), the members once a leader is found ("member ID ADDRESS"), each member \
            that joins or leaves later ("member ID ADDRESS joined"), and "stopped ID ADDRESS" \
            when it stops.

            Example: sqlctx node --id 1 --address 127.0.0.1:9001 --data-dir /tmp/node1
            """
    )

    @Option(help: "The node's id in its cluster (1 bootstraps a new cluster).")
    var id: UInt64

    @Option(help: "The host:port the node listens on and is reached at.")
    var address: String

    @Option(name: .customLong("data-dir"), help: "The folder of the node's Raft log and snapshots.")
    var dataDirectory: String

    @Option(help: "Members to join, comma-separated host:port addresses.")
    var join: String?

    @Option(name: .customLong("latency-ms"), help: "The one-way network latency dqlite plans its timeouts with, in milliseconds.")
    var latency: Int = 20

    @Flag(name: .customLong("stop-with-parent"), help: "Stop as on SIGTERM when the process that started this one ends (for tests and supervisors).")
    var stopWithParent = false

    func run() throws {
        try reportingErrors {
            var signals = sigset_t()
            sigemptyset(&signals)
            sigaddset(&signals, SIGTERM)
            sigaddset(&signals, SIGINT)
            pthread_sigmask(SIG_BLOCK, &signals, nil)
            if stopWithParent { stopWhenParentEnds() }
            let node = try SQLClusterNode(id: id, address: address, dataDirectory: dataDirectory, networkLatency: .milliseconds(latency))
            if let join {
                try node.join(cluster: join.split(separator: ",").map { String($0) })
            }
            FileHandle.standardOutput.write(Data("ready \(id) \(address)\n".utf8))
            let watch = NodeWatch(address: address)
            watch.start()
            var received: Int32 = 0
            sigwait(&signals, &received)
            watch.stop()
            node.stop()
            NodeWatch.log("stopped \(id) \(address)")
        }
    }

    /// Sends this process SIGTERM once its parent has ended (it is then adopted by another).
    private func stopWhenParentEnds() {
        let parent = getppid()
        Thread {
            while getppid() == parent { Thread.sleep(forTimeInterval: 0.2) }
            kill(getpid(), SIGTERM)
        }.start()
    }
}
#endif
