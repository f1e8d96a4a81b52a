/// How `almanac generate swift` (and its build-tool plugin) writes a spec's types: the spec's
/// `swift:` section.
public struct SwiftOptions: Hashable, Sendable {
    /// The access level of the generated types: internal by default, as SwiftGen and R.swift.
    public enum Access: String, Sendable, CaseIterable {
        case `internal`, `public`, `package`
    }

    /// `type_name:`, the prefix of the generated types (`Medication` → `MedicationTrigger`); nil: from
    /// the spec's name (the command) or file name (the plugin).
    public var typeName: String?
    public var access: Access

    public init(typeName: String? = nil, access: Access = .internal) {
        self.typeName = typeName
        self.access = access
    }
}
