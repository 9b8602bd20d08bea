import Foundation
import PortableSQLTestSupport

/// The states a power cut at one point of a trace can leave, drawn from a `FolderModel`:
/// everything pending kept (what a killed process leaves), everything pending lost, and
/// `randomStates` mixtures in which each unsynced write is kept, lost or torn at 512-byte
/// sectors (each sector new, old or garbage) and a prefix of the unsynced name changes is kept
/// (later ones undone first), as SQLite's crash VFS (`test6.c`) draws them.
struct CutStates {
    /// How many mixed states are drawn at each point, besides the two extremes.
    static let randomStates = 3

    /// The states at the point `point` of the trace (its index, which seeds the draws), with
    /// `draws` mixed states.
    static func states(of model: FolderModel, at point: Int, draws: Int = randomStates) -> [[String: [UInt8]]] {
        var states = [
            model.state(keptNames: model.pendingNames.count) { _, _ in .kept },
            model.state(keptNames: 0) { _, _ in .lost },
        ]
        let pending = model.files.reduce(0) { $0 + $1.pending.count } + model.pendingNames.count
        guard pending > 0 else { return Array(states.prefix(1)) }
        for draw in 0..<draws {
            var random = SeededGenerator(seed: UInt64(point) << 8 | UInt64(draw))
            let keptNames = Int(random.next() % UInt64(model.pendingNames.count + 1))
            // Fates drawn once per (file, change), before the state is built.
            var fates: [Int: [FolderModel.Fate]] = [:]
            for (index, file) in model.files.enumerated() where !file.pending.isEmpty {
                fates[index] = file.pending.map { _ -> FolderModel.Fate in
                    switch random.next() % 4 {
                    case 0: return .lost
                    case 1:
                        let sectors = random.next()
                        return .torn { sector in
                            switch (sectors >> UInt64((sector % 21) * 3)) & 7 {
                            case 0, 1, 2: .new
                            case 3, 4, 5: .old
                            default: .garbage
                            }
                        }
                    default: return .kept
                    }
                }
            }
            states.append(model.state(keptNames: keptNames) { file, change in fates[file]?[change] ?? .kept })
        }
        return states
    }
}
