import UnidirectionalFlow

// MARK: - TimerEffect

/// The work the timer screen asks for, as plain values (timer.md §3).
///
/// JSON shape: `{"type": "runTimer"}` or `{"type": "cancel", "id": s}`.
public enum TimerEffect: Equatable, Sendable, Codable {
  /// Send ``TimerAction/tick`` every ``TimerEffectRunner/interval`` until cancelled (TR1); runs under the
  /// cancellation id ``timerID`` and replaces a timer already running (TR2).
  case runTimer
  /// Cancel every effect running under `id` (a core effect any feature may emit; T2, T3).
  case cancel(id: String)

  /// The cancellation id of ``runTimer``: `"timer"` (timer.md §3).
  public static let timerID = "timer"
}

// MARK: - EffectIdentifying

extension TimerEffect: EffectIdentifying {
  /// `"timer"` for ``runTimer``; `nil` for ``cancel(id:)``.
  public var cancellationID: String? {
    switch self {
    case .runTimer: Self.timerID
    case .cancel: nil
    }
  }

  /// The id to cancel for ``cancel(id:)``; `nil` for ``runTimer``.
  public var cancelledID: String? {
    switch self {
    case .runTimer: nil
    case .cancel(let id): id
    }
  }

  /// `true`: starting the timer while one runs cancels the running one first, so pressing start twice never doubles
  /// the rate (TR2, TCA's `cancellable(id:cancelInFlight: true)`).
  public var cancelsInFlight: Bool { true }
}
