import Conformance
import Foundation

/// Keeps the signal sources alive for the life of the process.
enum InterruptSources {
  nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []
  static func keep(_ source: any DispatchSourceSignal) { sources.append(source) }
}
