import Foundation

/// A value made on first use, once, whichever thread asks first: what a feature registration gives (a reducer, an
/// initial state) is only made when a scenario of that feature runs, so a run pays for the features it uses.
///
/// The lock is held while the value is made, so two threads never make it twice; `make` must not read this box.
final class LazyValue<Value: Sendable>: @unchecked Sendable {
  private enum Stage {
    case pending(@Sendable () -> Value)
    case made(Value)
  }

  private let lock = NSLock()
  private var stage: Stage

  /// Creates the box; `make` runs at the first read of ``value``.
  init(_ make: @escaping @Sendable () -> Value) { stage = .pending(make) }

  /// The value, made now if it was not yet.
  var value: Value {
    lock.lock()
    defer { lock.unlock() }
    switch stage {
    case .made(let value): return value
    case .pending(let make):
      let value = make()
      stage = .made(value)
      return value
    }
  }
}
