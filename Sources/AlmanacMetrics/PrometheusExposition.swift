import CoreMetrics
import Foundation
import Metrics
import Prometheus

/// The executor's metrics in the Prometheus text format: a swift-prometheus registry, a swift-metrics
/// factory that gives each of `ExecutorMetrics`' metrics its `# HELP` line (and the lateness histogram
/// its buckets), and the values only a scrape can know, computed when it asks.
///
/// `almanac_plan_remaining_seconds` is the plan window's end minus the scrape's `now`: a value set
/// when the plan was loaded would stand still while the deadline it measures comes closer.
public final class PrometheusExposition: Sendable {
    public let registry = PrometheusCollectorRegistry()
    /// What `ExecutorMetrics` records through, given to `bootstrap` or to `ExecutorMetrics(factory:)`.
    public let factory: any MetricsFactory
    private let planEnd: LatestValue

    public init() {
        let planEnd = LatestValue()
        self.planEnd = planEnd
        factory = DescribedFactory(registry: registry, planEnd: planEnd)
    }

    /// Makes `factory` the process's swift-metrics backend (once per process), so that metrics
    /// recorded anywhere (`ExecutorMetrics()`, the cluster runner's) land in this registry.
    public func bootstrap() {
        MetricsSystem.bootstrap(factory)
    }

    /// Sets a gauge only a scrape can know (the console's view of a store: fires by state, time left
    /// in each spec's plan), with its `# HELP` line from `ExecutorMetrics.help`.
    public func setGauge(_ name: String, labels: [(String, String)], to value: Double) {
        registry.makeGauge(name: name, labels: labels, help: ExecutorMetrics.help[name] ?? "").set(to: value)
    }

    /// The metrics as of `now` (seconds since 1970, the caller's clock), in the text format 0.0.4.
    public func render(now: Double) -> [UInt8] {
        if let end = planEnd.value {
            let name = ExecutorMetrics.planRemainingName
            registry.makeGauge(name: name, help: ExecutorMetrics.help[name] ?? "").set(to: end - now)
        }
        return registry.emitToBuffer()
    }
}

/// The last value recorded, shared between a recorder and the scrape that reads it.
final class LatestValue: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Double?

    var value: Double? { lock.withLock { stored } }

    func set(_ value: Double) { lock.withLock { stored = value } }
}

/// A gauge that also keeps its last value for the scrape (`almanac_plan_window_end_timestamp_seconds`).
final class WatchedGauge: RecorderHandler, Sendable {
    let gauge: Prometheus.Gauge
    let latest: LatestValue

    init(gauge: Prometheus.Gauge, latest: LatestValue) {
        self.gauge = gauge
        self.latest = latest
    }

    func record(_ value: Int64) { record(Double(value)) }

    func record(_ value: Double) {
        gauge.set(to: value)
        latest.set(value)
    }
}

/// swift-prometheus' factory, with the help texts of `ExecutorMetrics.help` (its own writes none, and
/// `promtool check metrics` refuses a metric without one) and the lateness histogram's buckets. A
/// metric of another name (no library here records one) goes through unchanged.
struct DescribedFactory: MetricsFactory {
    let registry: PrometheusCollectorRegistry
    let base: PrometheusMetricsFactory
    let planEnd: LatestValue

    init(registry: PrometheusCollectorRegistry, planEnd: LatestValue) {
        self.registry = registry
        base = PrometheusMetricsFactory(registry: registry)
        self.planEnd = planEnd
    }

    func makeCounter(label: String, dimensions: [(String, String)]) -> any CounterHandler {
        guard let help = ExecutorMetrics.help[label] else { return base.makeCounter(label: label, dimensions: dimensions) }
        return registry.makeCounter(name: label, labels: dimensions, help: help)
    }

    func makeFloatingPointCounter(label: String, dimensions: [(String, String)]) -> any FloatingPointCounterHandler {
        guard let help = ExecutorMetrics.help[label] else { return base.makeFloatingPointCounter(label: label, dimensions: dimensions) }
        return registry.makeCounter(name: label, labels: dimensions, help: help)
    }

    func makeRecorder(label: String, dimensions: [(String, String)], aggregate: Bool) -> any RecorderHandler {
        guard let help = ExecutorMetrics.help[label] else {
            return base.makeRecorder(label: label, dimensions: dimensions, aggregate: aggregate)
        }
        if aggregate {
            let buckets = label == ExecutorMetrics.latenessName ? ExecutorMetrics.latenessBuckets : base.defaultValueHistogramBuckets
            return registry.makeValueHistogram(name: label, labels: dimensions, buckets: buckets, help: help)
        }
        let gauge = registry.makeGauge(name: label, labels: dimensions, help: help)
        return label == ExecutorMetrics.planEndName && dimensions.isEmpty ? WatchedGauge(gauge: gauge, latest: planEnd) : gauge
    }

    func makeMeter(label: String, dimensions: [(String, String)]) -> any MeterHandler {
        guard let help = ExecutorMetrics.help[label] else { return base.makeMeter(label: label, dimensions: dimensions) }
        return registry.makeGauge(name: label, labels: dimensions, help: help)
    }

    func makeTimer(label: String, dimensions: [(String, String)]) -> any TimerHandler {
        base.makeTimer(label: label, dimensions: dimensions)
    }

    func destroyCounter(_ handler: any CounterHandler) { base.destroyCounter(handler) }
    func destroyFloatingPointCounter(_ handler: any FloatingPointCounterHandler) { base.destroyFloatingPointCounter(handler) }
    func destroyRecorder(_ handler: any RecorderHandler) {
        if let watched = handler as? WatchedGauge { base.destroyRecorder(watched.gauge) } else { base.destroyRecorder(handler) }
    }
    func destroyMeter(_ handler: any MeterHandler) { base.destroyMeter(handler) }
    func destroyTimer(_ handler: any TimerHandler) { base.destroyTimer(handler) }
}
