import AlmanacCompiler
import AlmanacPlan
import AlmanacPlanDiff
import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Plan files on disk as the commands read them: opened as fire sources (never read whole), a spec
/// compiled into one, and whether a committed plan is up to date.
enum PlanFiles {
    /// The plan at `path`, its header read and its fires left to be read in order; exits 2 saying
    /// why when it cannot be read.
    static func open(_ path: String) throws -> PlanFireSource {
        do {
            return try PlanFireSource.open(path: path)
        } catch let error as PlanError {
            throw failure(error, path: path)
        }
    }

    /// A spec's plan over `window`, compiled into a temporary file that is removed as soon as it is
    /// open (the descriptor keeps it readable), so a spec costs no more memory than a plan file. A
    /// compile error is reported and exits 1; a file that cannot be written exits 2.
    static func compile(_ session: SpecSession, over window: Window) throws -> PlanFireSource {
        let expansion = try session.prepare(over: window)
        let path = OutputFile.temporaryPath(beside: NSTemporaryDirectory() + "/almanac-compiled.json")
        TemporaryFileCleanup.arm(path)
        defer {
            unlink(path)
            TemporaryFileCleanup.disarm()
        }
        do {
            // Warnings are `compile`'s to print; a side of a diff or a picture shows none.
            try expansion.writePlan(into: FileSink(path: path)).sink.close()
            return try PlanFireSource.open(path: path)
        } catch let error as CompileError {
            session.report(error.diagnostics)
            throw ExitCode(1)
        } catch let error as PlanError {
            Terminal.writeError("\(error)")
            throw ExitCode(2)
        }
    }

    /// The window the sides that are specs compile over (`PlanInput.sharedWindow`): the flags', else
    /// the first plan's, else the first spec's default; nil when no side is a spec.
    static func sharedWindow(plans: [PlanFireSource?], sessions: [SpecSession?], window: WindowOptions) throws -> Window? {
        let specs = sessions.compactMap { $0 }
        return try PlanInput.sharedWindow(
            specs: specs.count, flagsGiven: window.isGiven, planWindows: plans.compactMap { $0?.header.window }
        ) { try window.window(for: specs[0], now: try Clock.now()) }
    }

    /// Exit 2 after saying what is wrong with the plan at `path` (I/O errors name the path already).
    static func failure(_ error: PlanError, path: String) -> ExitCode {
        Terminal.writeError((error.line == nil && error.message.contains(path) ? "" : "\(path): ") + "\(error)")
        return ExitCode(2)
    }

    /// A diff of two plans read forward; a fire that cannot be read exits 2, naming its file.
    /// With `spill`, an unlimited listing that outgrows memory goes to a file in the temporary
    /// directory (`diff --format json` lists every change); a scratch file that fails exits 2.
    static func diff(
        _ old: PlanFireSource, _ new: PlanFireSource, paths: (old: String, new: String), listing: Int, spill: Bool = false
    ) throws -> PlanDiff {
        do {
            let directory = spill ? FileManager.default.temporaryDirectory.path : nil
            return try PlanDiff(old: old, new: new, listing: listing, spillDirectory: directory)
        } catch let error as FireMerge.ReadError {
            throw failure(error.error, path: error.side == .old ? paths.old : paths.new)
        } catch let error as ScratchFile.Failure {
            Terminal.writeError("\(error)")
            throw ExitCode(2)
        }
    }
}
