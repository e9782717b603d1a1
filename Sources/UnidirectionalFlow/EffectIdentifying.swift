// MARK: - EffectIdentifying

/// An effect that declares how it takes part in cancellation, so that a ``Store`` can cancel in-flight
/// work by id.
///
/// Each effect is one of three kinds, told apart by its two properties:
///
/// - **Ordinary effect** (`cancellationID == nil`, `cancelledID == nil`): runs to completion; only
///   ``Store/cancel()`` or releasing the store stops it.
/// - **Cancellable effect** (`cancellationID == "id"`, `cancelledID == nil`): runs under `"id"`. By
///   default it runs beside any other effect under `"id"`, and a cancel command for `"id"` cancels them
///   all (TCA's `cancellable(id:)`). With ``cancelsInFlight`` true, starting it cancels every effect
///   already running under `"id"` first (TCA's `cancellable(id:cancelInFlight: true)`): a search that
///   replaces the previous one, a timer that must not run twice.
/// - **Cancel command** (`cancelledID == "id"`, whatever `cancellationID` says): the store cancels every
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
///   var cancelsInFlight: Bool { true }  // a new search replaces the one in flight
/// }
/// ```
///
/// The ids default to `nil` and ``cancelsInFlight`` to `false`, so a feature without cancellation conforms
/// with an empty extension.
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

  /// Whether starting this effect first cancels every effect already running under its ``cancellationID``
  /// (TCA's `cancelInFlight: true`); `false` lets them all run, TCA's default.
  ///
  /// Ignored when ``cancellationID`` is `nil` or ``cancelledID`` is non-`nil`.
  var cancelsInFlight: Bool { get }
}

// MARK: - Defaults

extension EffectIdentifying {
  /// By default an effect cannot be cancelled by id.
  public var cancellationID: String? { nil }

  /// By default an effect is not a cancel command.
  public var cancelledID: String? { nil }

  /// By default an effect runs beside the others under its id, as in TCA.
  public var cancelsInFlight: Bool { false }
}
