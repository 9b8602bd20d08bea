import Foundation
import PortableSQLCodable
import PortableSQLPlus
import PortableSQLTestSupport
import Testing

/// A record whose `Codable` conformance keeps its decoder, its containers and its encoder's
/// container past the call, as no conformance should: using them later must throw, never read
/// or write a row that is gone.
struct Hoarder: Codable, Equatable, SQLCodable {
    var id: Int?
    var number: Int

    enum CodingKeys: String, CodingKey { case id, number }

    nonisolated(unsafe) static var keptDecoder: (any Decoder)?
    nonisolated(unsafe) static var keptDecodingContainer: KeyedDecodingContainer<CodingKeys>?
    nonisolated(unsafe) static var keptEncodingContainer: KeyedEncodingContainer<CodingKeys>?

    init(id: Int? = nil, number: Int) {
        self.id = id
        self.number = number
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(Int.self, forKey: .id)
        number = try container.decode(Int.self, forKey: .number)
        Self.keptDecoder = decoder
        Self.keptDecodingContainer = container
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encode(number, forKey: .number)
        Self.keptEncodingContainer = container
    }
}

/// The same table, written by a plain conformance: what other threads insert at the same time.
struct Tally: Codable, Equatable, SQLCodable {
    var id: Int?
    var worker: Int
    var step: Int
    var label: String
}

@Suite(.serialized) struct CodableCoderLifetimeTests {
    @Test(arguments: TestEngine.both)
    func decodersAndContainersKeptPastTheirRecordThrow(engine: TestEngine) throws {
        let directory = try TemporaryDirectory()
        do {
            let context = try engine.openScratch(in: directory)
            try context.insert(Hoarder(number: 7))
            try context.insert(Hoarder(number: 8))
            #expect(try context.query(Hoarder.self).orderBy(\.id).eval().load().map(\.number) == [7, 8])
            try context.close()
        }
        let container = try #require(Hoarder.keptDecodingContainer)
        #expect(throws: SQLError.self) { try container.decode(Int.self, forKey: .number) }
        #expect(throws: SQLError.self) { try container.decodeNil(forKey: .id) }
        #expect(!container.contains(.number))
        let decoder = try #require(Hoarder.keptDecoder)
        let error = #expect(throws: SQLError.self) { try decoder.container(keyedBy: Hoarder.CodingKeys.self) }
        #expect(error?.resultCode == .misuse)
        #expect(error?.message.contains("after its init(from:) returned") == true)
        var encoding = try #require(Hoarder.keptEncodingContainer)
        let encodingError = #expect(throws: SQLError.self) { try encoding.encode(9, forKey: .number) }
        #expect(encodingError?.message.contains("after its encode(to:) returned") == true)
    }

    @Test func recordsOfOneTypeEncodeAndDecodeOnManyThreadsAtOnce() async throws {
        let directory = try TemporaryDirectory()
        let workers = 4, steps = 1_500
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<workers {
                let path = directory.path("worker-\(worker).sqlite")
                group.addTask {
                    let context = try SQLContext(path: path)
                    try context.transaction {
                        for step in 0..<steps {
                            try context.insert(Tally(worker: worker, step: step, label: "w\(worker)-\(step)"))
                        }
                    }
                    let read = try context.query(Tally.self).orderBy(\.step).eval().load()
                    #expect(read.count == steps)
                    #expect(read.allSatisfy { $0.worker == worker && $0.label == "w\(worker)-\($0.step)" })
                    #expect(read.map(\.step) == Array(0..<steps))
                }
            }
            try await group.waitForAll()
        }
    }

    @Test func cursorsOfOneTypeReadInterleavedEachTheirOwnRows() throws {
        let context = SQLContext()
        try context.transaction {
            for step in 0..<30 {
                try context.insert(Tally(worker: step % 3, step: step, label: "s\(step)"))
            }
        }
        let cursors = try (0..<3).map { worker in
            try context.query(Tally.self).where(\.worker == worker).orderBy(\.step).eval().makeIterator()
        }
        var seen: [[Int]] = [[], [], []]
        for _ in 0..<10 {
            for (worker, cursor) in cursors.enumerated() {
                let tally = try #require(cursor.next()).get()
                #expect(tally.worker == worker && tally.label == "s\(tally.step)")
                seen[worker].append(tally.step)
            }
        }
        #expect(seen == (0..<3).map { worker in Array(stride(from: worker, to: 30, by: 3)) })
        #expect(cursors.allSatisfy { $0.next() == nil })
    }
}
