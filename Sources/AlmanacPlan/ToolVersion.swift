import AlmanacTime

/// What `--version` prints for both executables: the release, the plan format it writes and reads,
/// and the zone data its offsets come from.
public enum ToolVersion {
    public static let release = "0.1.0"

    /// `almanac 0.1.0 (plan format 1, zone data 2025b)`.
    public static func line(_ tool: String, zoneData: String = OffsetTable.dataVersion) -> String {
        "\(tool) \(release) (plan format \(Plan.formatVersion), zone data \(zoneData.isEmpty ? "unknown" : zoneData))"
    }
}
