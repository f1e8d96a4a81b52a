import AlmanacPlan

extension Expansion {
    /// The whole plan file into `sink`: the header, every fire in plan order, the closing lines; the
    /// one path from a prepared compile to plan bytes (`compile`, and the specs `diff`, `render` and
    /// `export` compile in memory). Returns the report, whose warnings the caller prints, and the
    /// sink, flushed, for the caller to close (or keep open, standard output).
    /// Throws `CompileError` past a budget and the sink's error when a write fails; either way the
    /// sink holds a partial plan the caller discards.
    public func writePlan<Sink: ByteSink>(into sink: Sink) throws -> (report: ExpansionReport, sink: Sink) {
        var writer = PlanWriter(into: sink)
        try writer.writeHeader(header)
        let report = try run { try writer.append($0) }
        return (report, try writer.finish())
    }
}
