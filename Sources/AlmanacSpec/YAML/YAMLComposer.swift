import AlmanacModel
import CYAML

/// Turns libyaml's event stream into located `YAMLNode`s, enforcing `YAMLLimits` as it goes.
///
/// Why our own composer: libyaml's document API and Yams keep no end marks and resolve scalars
/// by YAML 1.1; we need exact ranges for carets and the text as written.
public enum YAMLComposer {
    /// Composes the single document in `bytes`; nil when there is none or it is unusable, with
    /// the reasons emitted into `diagnostics`. `firstLine` is the line `bytes` starts on in its file
    /// (a document cut from a multi-document file keeps the file's line numbers).
    public static func compose(
        _ bytes: [UInt8], limits: YAMLLimits = .standard, firstLine: Int = 1, diagnostics: inout DiagnosticBag
    ) -> YAMLNode? {
        if bytes.count > limits.maxBytes {
            diagnostics.emit(
                Diagnostic(.fileTooLarge(limit: limits.maxBytes), at: SourceRange(line: 1, column: 1, length: 1)))
            return nil
        }
        var state = ComposerState(limits: limits)
        state.lineOffset = firstLine - 1
        // A node takes at least 4 bytes of YAML (`a: b` is 3 nodes in 5): room for all of them up
        // front saves copying the arrays as they grow.
        let expected = min(bytes.count / 4, limits.maxNodes)
        state.records.reserveCapacity(expected)
        state.strings.reserveCapacity(expected)
        bytes.withUnsafeBufferPointer { buffer in
            state.run(buffer)
        }
        diagnostics.emit(contentsOf: state.diagnostics)
        if state.failed { return nil }
        guard let root = state.root else {
            diagnostics.emit(
                Diagnostic(.emptyDocument, at: SourceRange(line: 1, column: 1, length: 1)))
            return nil
        }
        let tree = YAMLTree(records: state.records, children: state.children, strings: state.strings)
        return YAMLNode(tree, root)
    }
}

/// Builds the arrays of a `YAMLTree`: nodes are numbered as they complete (children before their
/// collection), and a collection's children are copied end to end into `children` when it closes.
private struct ComposerState {
    /// An open collection. Its children wait in the shared `pending` stack from `base` on
    /// (a mapping's as key, value, key, value…), so no collection grows an array of its own.
    struct Frame {
        let isMapping: Bool
        let start: SourcePosition
        let tag: Int32
        let anchor: String?
        let flow: Bool
        let base: Int
        /// Keys by text, built only once a mapping outgrows a linear scan.
        var index: YAMLKeyTable?
        var size = 1
        /// Levels of collections below this one, aliases counted as what they stand for.
        var height = 0
    }

    var records: [YAMLTree.Record] = []
    var children: [Int32] = []
    var strings: [String] = []
    /// The children of every open collection, innermost last.
    var pending: [Int32] = []
    let limits: YAMLLimits
    var diagnostics: [Diagnostic] = []
    var failed = false
    var root: Int32?
    var stack: [Frame] = []
    var anchors: [String: (node: Int32, size: Int, height: Int)] = [:]
    var totalNodes = 0
    var aliasCount = 0
    var documents = 0
    var lines = YAMLLineMap()

    init(limits: YAMLLimits) { self.limits = limits }

    mutating func run(_ buffer: UnsafeBufferPointer<UInt8>) {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) != 0 else {
            fail(.yamlParserUnavailable, at: SourcePosition(line: 1, column: 1))
            return
        }
        defer { yaml_parser_delete(&parser) }
        // libyaml decodes a text that starts with a UTF-16 byte order mark as UTF-16, and would
        // locate its errors in characters of that decoding, which no UTF-8 excerpt has. (Found by
        // fuzzing: a position 125 columns into a 40-column line.)
        if let order = Self.utf16ByteOrder(buffer) {
            fail(.utf16(order), at: shifted(SourcePosition(line: 1, column: 1)))
            return
        }
        lines = YAMLLineMap(buffer)
        yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
        var event = yaml_event_t()
        while !failed {
            guard yaml_parser_parse(&parser, &event) != 0 else {
                reportParserError(parser, buffer)
                return
            }
            let done = event.type == YAML_STREAM_END_EVENT
            handle(event)
            yaml_event_delete(&event)
            if done { return }
        }
    }

    /// Lines before the composed text in its file.
    var lineOffset = 0

    func position(_ mark: yaml_mark_t) -> SourcePosition { shifted(lines.position(mark)) }

    func shifted(_ position: SourcePosition) -> SourcePosition {
        lineOffset == 0 ? position : SourcePosition(line: position.line + lineOffset, column: position.column)
    }

    static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))
    }

    /// `~`, `null`, `Null`, `NULL` or nothing: YAML's null when written plain.
    static func spellsNull(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        switch bytes.count {
        case 0: return true
        case 1: return bytes[0] == UInt8(ascii: "~")
        case 4:
            let word = String(decoding: bytes, as: UTF8.self)
            return word == "null" || word == "Null" || word == "NULL"
        default: return false
        }
    }

    /// Keeps `text` in `strings`; its position there, or -1 for nil.
    mutating func store(_ text: String?) -> Int32 {
        guard let text else { return -1 }
        strings.append(text)
        return Int32(strings.count - 1)
    }

    /// Adds a node record; its number.
    mutating func add(_ record: YAMLTree.Record) -> Int32 {
        records.append(record)
        return Int32(records.count - 1)
    }

    /// The text of node `n` if it is a scalar.
    func scalarText(_ n: Int32) -> String? {
        let r = records[Int(n)]
        return r.kind == .scalar ? strings[Int(r.first)] : nil
    }

    mutating func fail(_ message: DiagnosticMessage, at position: SourcePosition, length: Int = 1) {
        diagnostics.append(Diagnostic(message, at: SourceRange(line: position.line, column: position.column, length: length)))
        failed = true
    }

    mutating func reportParserError(_ parser: yaml_parser_t, _ buffer: UnsafeBufferPointer<UInt8>) {
        let problem =
            Self.string(
                UnsafeMutablePointer(mutating: parser.problem.map { UnsafeRawPointer($0).assumingMemoryBound(to: yaml_char_t.self) }))
            ?? "malformed YAML"
        let context = Self.string(
            UnsafeMutablePointer(mutating: parser.context.map { UnsafeRawPointer($0).assumingMemoryBound(to: yaml_char_t.self) }))
        var position = self.position(parser.problem_mark)
        if parser.error == YAML_READER_ERROR {
            // Reader errors carry a byte offset, not a line; report where the bad byte sits.
            position = shifted(Self.position(ofByte: Int(parser.problem_offset), in: buffer))
            fail(.notUTF8(problem, byte: Int(parser.problem_offset)), at: position)
            return
        }
        var notes: [Diagnostic.Note] = []
        if let context {
            let c = self.position(parser.context_mark)
            if c != position { notes.append(.init(context, at: SourceRange(line: c.line, column: c.column, length: 1))) }
        }
        // The commonest cause of libyaml's least helpful message.
        let hint = Self.lineIndentedWithTab(position.line, buffer) ? "; indent with spaces: YAML does not allow tabs for indentation" : ""
        diagnostics.append(
            Diagnostic(
                .yamlSyntax(problem, hint: hint), at: SourceRange(line: position.line, column: position.column, length: 1), notes: notes))
        failed = true
    }

    /// "little-endian" or "big-endian" when `buffer` starts with a UTF-16 byte order mark (FF FE
    /// or FE FF; UTF-32LE's starts with FF FE too), the only other encodings libyaml reads.
    static func utf16ByteOrder(_ buffer: UnsafeBufferPointer<UInt8>) -> String? {
        guard buffer.count >= 2 else { return nil }
        switch (buffer[0], buffer[1]) {
        case (0xFF, 0xFE): return "little-endian"
        case (0xFE, 0xFF): return "big-endian"
        default: return nil
        }
    }

    static func lineIndentedWithTab(_ line: Int, _ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        var current = 1, atIndent = true
        for byte in buffer {
            if byte == 0x0A {
                if current == line { return false }
                current += 1
                atIndent = true
                continue
            }
            guard current == line, atIndent else { continue }
            if byte == 0x09 { return true }
            if byte != 0x20 { atIndent = false }
        }
        return false
    }

    /// Line and column (in Unicode scalars, counting UTF-8 lead bytes) of a byte offset.
    static func position(ofByte offset: Int, in buffer: UnsafeBufferPointer<UInt8>) -> SourcePosition {
        var line = 1, column = 1
        let end = min(offset, buffer.count)
        for i in 0..<end {
            let byte = buffer[i]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte == 0x0D && i + 1 < buffer.count && buffer[i + 1] == 0x0A {
                // The CR of a CRLF ends the line; it is no column (a bad byte at the line's end
                // sits one column past its last character, not two).
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return SourcePosition(line: line, column: column)
    }

    mutating func countNodes(_ n: Int, at position: SourcePosition, length: Int = 1) -> Bool {
        totalNodes += n
        if totalNodes > limits.maxNodes {
            fail(.tooManyNodes(limit: limits.maxNodes), at: position, length: length)
            return false
        }
        return true
    }

    mutating func handle(_ event: yaml_event_t) {
        let start = position(event.start_mark)
        let end = position(event.end_mark)
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                fail(.multipleDocuments, at: start, length: 3)
            }
        case YAML_SCALAR_EVENT:
            let s = event.data.scalar
            let style: YAMLNode.ScalarStyle
            switch s.style {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE: style = .singleQuoted
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .doubleQuoted
            case YAML_LITERAL_SCALAR_STYLE: style = .literal
            case YAML_FOLDED_SCALAR_STYLE: style = .folded
            default: style = .plain
            }
            guard countNodes(1, at: start) else { return }
            let bytes = UnsafeBufferPointer(start: s.value, count: Int(s.length))
            let value = store(String(decoding: bytes, as: UTF8.self))
            let node = add(
                YAMLTree.Record(
                    range: SourceRange(start: start, end: end), first: value, count: 0,
                    tag: store(Self.string(s.tag)), kind: .scalar, style: style.rawValue, isFlow: false,
                    isNull: style == .plain && Self.spellsNull(bytes)))
            complete(node, size: 1, height: 0, anchor: Self.string(s.anchor))
        case YAML_ALIAS_EVENT:
            let name = Self.string(event.data.alias.anchor) ?? ""
            aliasCount += 1
            if aliasCount > limits.maxAliases {
                fail(.tooManyAliases(limit: limits.maxAliases), at: start, length: name.count + 1)
                return
            }
            guard let target = anchors[name] else {
                fail(.undefinedAlias(name), at: start, length: name.count + 1)
                return
            }
            guard countNodes(target.size, at: start, length: name.count + 1) else { return }
            // An alias nests what it stands for here: a chain of aliases, each nesting the
            // previous, reaches any depth in a small file, and every reader of the tree recurses.
            if stack.count + target.height > limits.maxDepth {
                fail(.nestingTooDeepThroughAlias(limit: limits.maxDepth, alias: name), at: start, length: name.count + 1)
                return
            }
            // The same node seen from here: its content, with the alias's own range.
            var copy = records[Int(target.node)]
            copy.range = SourceRange(start: start, end: end)
            complete(add(copy), size: target.size, height: target.height, anchor: nil)
        case YAML_SEQUENCE_START_EVENT:
            guard push(at: start) else { return }
            let d = event.data.sequence_start
            stack.append(
                Frame(
                    isMapping: false, start: start, tag: store(Self.string(d.tag)), anchor: Self.string(d.anchor),
                    flow: d.style == YAML_FLOW_SEQUENCE_STYLE, base: pending.count))
        case YAML_MAPPING_START_EVENT:
            guard push(at: start) else { return }
            let d = event.data.mapping_start
            stack.append(
                Frame(
                    isMapping: true, start: start, tag: store(Self.string(d.tag)), anchor: Self.string(d.anchor),
                    flow: d.style == YAML_FLOW_MAPPING_STYLE, base: pending.count))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let f = stack.popLast() else { return }
            let last = pending.count > f.base ? records[Int(pending[pending.count - 1])].range.end : nil
            // A mapping ended early by an error may hold a key without its value: drop it.
            var count = pending.count - f.base
            if f.isMapping { count -= count % 2 }
            let first = Int32(children.count)
            children.append(contentsOf: pending[f.base..<f.base + count])
            pending.removeLast(pending.count - f.base)
            let node = add(
                YAMLTree.Record(
                    range: SourceRange(start: f.start, end: closingEnd(f.start, end, last)), first: first,
                    count: Int32(count), tag: f.tag, kind: f.isMapping ? .mapping : .sequence,
                    style: 0, isFlow: f.flow, isNull: false))
            complete(node, size: f.size, height: f.height + 1, anchor: f.anchor)
        default:
            break
        }
    }

    /// Block collections end where the next token starts (often the next line); end them at their
    /// last child instead, so carets stay on the collection's own lines.
    func closingEnd(_ start: SourcePosition, _ eventEnd: SourcePosition, _ lastChild: SourcePosition?) -> SourcePosition {
        if let lastChild, eventEnd.line > lastChild.line || eventEnd.column <= 1 { return lastChild }
        return eventEnd
    }

    mutating func push(at position: SourcePosition) -> Bool {
        guard countNodes(1, at: position) else { return false }
        if stack.count >= limits.maxDepth {
            fail(.nestingTooDeep(limit: limits.maxDepth), at: position)
            return false
        }
        return true
    }

    mutating func complete(_ node: Int32, size: Int, height: Int, anchor: String?) {
        if let anchor { anchors[anchor] = (node, size, height) }
        guard !stack.isEmpty else {
            root = node
            return
        }
        let top = stack.count - 1
        stack[top].size += size
        stack[top].height = max(stack[top].height, height)
        // In a mapping an even count of children so far means `node` is a key.
        guard stack[top].isMapping, (pending.count - stack[top].base) % 2 == 0 else {
            pending.append(node)
            return
        }
        let range = records[Int(node)].range
        if let text = scalarText(node) {
            if let first = earlierKey(text, frame: top) {
                diagnostics.append(
                    Diagnostic(.duplicateKey(text), at: range, notes: [.init("'\(text)' first appears here", at: first)]))
            } else if let index = stack[top].index {
                index.insert(text, at: range)
            }
        } else {
            let kind = records[Int(node)].kind == .mapping ? "a mapping" : "a list"
            diagnostics.append(Diagnostic(.complexKey(kind), at: range))
        }
        pending.append(node)
    }

    /// Where `key` already appears in the mapping at `frame`: a scan for small mappings (most of
    /// them), a dictionary once it grows past 16 keys.
    mutating func earlierKey(_ key: String, frame: Int) -> SourceRange? {
        let base = stack[frame].base
        if stack[frame].index == nil && pending.count - base >= 32 {
            let index = YAMLKeyTable()
            for i in stride(from: base, to: pending.count, by: 2) {
                if let k = scalarText(pending[i]), index.range(of: k) == nil { index.insert(k, at: records[Int(pending[i])].range) }
            }
            stack[frame].index = index
        }
        if let index = stack[frame].index { return index.range(of: key) }
        for i in stride(from: base, to: pending.count, by: 2) {
            if let k = scalarText(pending[i]), k == key { return records[Int(pending[i])].range }
        }
        return nil
    }
}
