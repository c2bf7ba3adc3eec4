import Testing

/// `swift package generate-records` options: what is accepted, and that mistakes are refused, not ignored.
@Suite struct CommandOptionsTests {
    @Test func noArgumentsMeansEveryTargetAndDefaultAccess() throws {
        let options = try CommandOptions(parsing: [])
        #expect(options.targets.isEmpty)
        #expect(options.access == nil)
    }

    @Test func targetsRepeatAndTakeEitherSpelling() throws {
        let options = try CommandOptions(parsing: ["--target", "App", "--target=Models", "--access", "public"])
        #expect(options.targets == ["App", "Models"])
        #expect(options.access == "public")
    }

    @Test func unknownArgumentsAreRefusedAllAtOnce() {
        #expect {
            try CommandOptions(parsing: ["--taget", "App", "--target", "Models"])
        } throws: { error in
            guard case .unknownArguments(let rest)? = error as? PluginError else { return false }
            return rest == ["--taget", "App"]
        }
    }

    @Test func aMissingValueIsRefused() {
        #expect {
            try CommandOptions(parsing: ["--target"])
        } throws: { error in
            guard case .missingValue("--target")? = error as? PluginError else { return false }
            return true
        }
    }

    @Test func accessMayBeGivenOnce() {
        #expect {
            try CommandOptions(parsing: ["--access", "public", "--access=internal"])
        } throws: { error in
            guard case .repeatedOption("--access")? = error as? PluginError else { return false }
            return true
        }
    }
}
