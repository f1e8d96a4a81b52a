import AlmanacModel
import AlmanacTestSupport
import Foundation
import Testing

/// The diagnostic catalogue is the one home of the words: every code has its factories there, and
/// no source file outside it words a message (a `DiagnosticMessage` is made only there, and
/// `Diagnostic`/`SyntaxError` take words only from one).
@Suite struct DiagnosticCatalogueTests {
    static let catalogue = Golden.repositoryRoot + "/Sources/AlmanacModel/Diagnostics/Catalogue"

    static func swiftFiles(under directory: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: directory)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".swift") { files.append(directory + "/" + path) }
        }
        return files.sorted()
    }

    @Test func everyCodeHasItsWordsInTheCatalogue() throws {
        let text = try Self.swiftFiles(under: Self.catalogue).map { try String(contentsOfFile: $0, encoding: .utf8) }.joined()
        for code in DiagnosticCode.allCases {
            let name = String(describing: code)
            let factory = try NSRegularExpression(pattern: #"\(\s*\."# + name + ",")
            let hasFactory = factory.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            #expect(hasFactory, "\(code.rawValue) \(name) has no factory")
            let hasMark = text.contains("MARK: \(code.rawValue)")
            #expect(hasMark, "\(code.rawValue) has no mark in the catalogue")
        }
    }

    @Test func noSourceFileOutsideTheCatalogueWordsAMessage() throws {
        let sources = Self.swiftFiles(under: Golden.repositoryRoot + "/Sources").filter { !$0.hasPrefix(Self.catalogue) }
        // A code followed by a string literal is a message worded in place.
        let inline = try NSRegularExpression(pattern: #"(Diagnostic|SyntaxError)\(\s*\.[a-zA-Z]+,\s*""#)
        var offenders: [String] = []
        for path in sources {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            if inline.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil { offenders.append(path) }
        }
        #expect(offenders.isEmpty, "\(offenders)")
    }
}
