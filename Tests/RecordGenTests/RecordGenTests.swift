import Testing
@testable import RecordGen
