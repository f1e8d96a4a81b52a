/// Which crossing of a region fires a location trigger: written in specs (`on:`) and in plans.
public enum RegionEvent: String, Hashable, Sendable, CaseIterable {
    case enter, exit, both
}
