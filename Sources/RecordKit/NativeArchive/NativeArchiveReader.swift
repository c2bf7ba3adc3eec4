import Foundation

/// Reads a record list from a file one record at a time, holding only the current frame in memory.
///
/// Iterating gives `.success(record)` for each record, then stops; a problem (corrupt frame, missing trailer)
/// is given as one `.failure` carrying the file offset, after the records before it. ``Iterator/nextRecord()``
/// throws instead.
///
/// ```swift
/// for result in NativeArchiveReader(contentsOf: url) {
///     let record = try result.get()
/// }
/// ```
public struct NativeArchiveReader: Sequence {
    /// The file to read.
    public let url: URL
    /// The limits applied to every frame.
    public let options: NativeArchiveDecodingOptions

    /// A reader of the record list in the file at `url`. Nothing is opened until iteration starts.
    public init(contentsOf url: URL, options: NativeArchiveDecodingOptions = .init()) {
        self.url = url
        self.options = options
    }

    public func makeIterator() -> Iterator {
        Iterator(url: url, options: options)
    }

    /// Reads the records of one file in order.
    public final class Iterator: IteratorProtocol {
        private enum State {
            case unopened
            case reading(ChunkedFile)
            case done
        }

        private let url: URL
        private let options: NativeArchiveDecodingOptions
        private var state = State.unopened
        private var recordCount = 0

        init(url: URL, options: NativeArchiveDecodingOptions) {
            self.url = url
            self.options = options
        }

        /// The next record, a failure, or nil after the end or after a failure.
        public func next() -> Result<Record, NativeArchiveError>? {
            do {
                return try nextRecord().map(Result.success)
            } catch {
                return .failure(error)
            }
        }

        /// The next record, or nil at the end of the list. After an error, returns nil.
        public func nextRecord() throws(NativeArchiveError) -> Record? {
            do {
                return try step()
            } catch {
                close()
                throw error
            }
        }

        private func step() throws(NativeArchiveError) -> Record? {
            let file: ChunkedFile
            switch state {
            case .done:
                return nil
            case .unopened:
                file = try ChunkedFile(url: url)
                state = .reading(file)
                try readHeader(file)
            case let .reading(open):
                file = open
            }
            while true {
                let parsed = try file.withAvailableBytes { (bytes, base, position) throws(NativeArchiveError) in
                    try RecordFrame.parse(bytes, at: position, offsetBase: base, recordsSoFar: recordCount, options: options)
                }
                switch parsed {
                case let .record(record, next):
                    file.consume(upTo: next)
                    recordCount += 1
                    return record
                case let .trailer(next):
                    file.consume(upTo: next)
                    if try file.fill(atLeast: 1) {
                        throw NativeArchiveError(.trailingBytes(count: file.available), at: file.position)
                    }
                    close()
                    return nil
                case let .needMore(needed):
                    let wanted = needed - file.bufferPosition
                    if wanted > options.maximumSize + 32 {
                        throw NativeArchiveError(.limitExceeded(.size, value: wanted, limit: options.maximumSize), at: file.position)
                    }
                    guard try file.fill(atLeast: wanted) else {
                        let reason: NativeArchiveError.Reason = file.available == 0
                            ? .missingTrailer
                            : .unexpectedEnd(needed: wanted, available: file.available)
                        throw NativeArchiveError(reason, at: file.position + file.available)
                    }
                }
            }
        }

        private func readHeader(_ file: ChunkedFile) throws(NativeArchiveError) {
            _ = try file.fill(atLeast: ArchiveHeader.size)
            try file.withAvailableBytes { (bytes, _, _) throws(NativeArchiveError) in
                try ArchiveHeader.check(bytes, expecting: .recordList)
            }
            file.consume(upTo: file.bufferPosition + ArchiveHeader.size)
        }

        private func close() {
            if case let .reading(file) = state { file.close() }
            state = .done
        }
    }
}
