// MARK: - EffectIdentifying

/// An effect that declares how it takes part in cancellation, so that a ``Store`` can cancel in-flight
/// work by id.
///
/// Each effect is one of three kinds, told apart by its two properties:
///
/// - **Ordinary effect** (`cancellationID == nil`, `cancelledID == nil`): runs to completion; only
///   ``Store/cancel()`` or releasing the store stops it.
/// - **Cancellable effect** (`cancellationID == "id"`, `cancelledID == nil`): runs under `"id"`.
///   Starting it while another effect runs under `"id"` cancels the older one first (TCA's
///   `cancellable(id:cancelInFlight: true)`).
/// - **Cancel command** (`cancelledID == "id"`, whatever `cancellationID` says): the store cancels the
///   effect running under `"id"`, if any, and never hands the command to the ``EffectRunner`` (TCA's
///   `Effect.cancel(id:)`).
///
/// The results of a cancelled effect are dropped: once an effect is cancelled, nothing it returns is sent
/// to the store, even if its runner ignores cancellation and returns later.
///
/// ```swift
/// enum SearchEffect: EffectIdentifying {
///   case search(query: String)
///   case cancel(id: String)
///
///   var cancellationID: String? {
///     if case .search = self { return "search" } else { return nil }
///   }
///   var cancelledID: String? {
///     if case .cancel(let id) = self { return id } else { return nil }
///   }
/// }
/// ```
///
/// Both properties default to `nil`, so a feature without cancellation conforms with an empty extension.
/// Ids are scoped to one store and compared with Swift's `String ==` (canonical equivalence, so keep them
/// ASCII, e.g. `"authenticate"`).
public protocol EffectIdentifying: Sendable {
  /// The id this effect runs under while in flight, or `nil` when it cannot be cancelled by id.
  ///
  /// Ignored when ``cancelledID`` is non-`nil`: a cancel command never runs.
  var cancellationID: String? { get }

  /// The id of the in-flight effect this effect cancels, or `nil` when it is not a cancel command.
  ///
  /// Cancelling an id under which nothing is running is a no-op.
  var cancelledID: String? { get }
}

// MARK: - Defaults

extension EffectIdentifying {
  /// By default an effect cannot be cancelled by id.
  public var cancellationID: String? { nil }

  /// By default an effect is not a cancel command.
  public var cancelledID: String? { nil }
}
