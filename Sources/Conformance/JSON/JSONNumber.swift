/// A JSON number: exact when it is a 64-bit integer, a `Double` otherwise.
///
/// Two numbers are equal when they denote the same value (scenario format §5): `1`, `1.0` and `1e0` are equal;
/// integers compare exactly, so `9007199254740993` differs from `9007199254740992` even though both round to the same
/// `Double`. An integer literal outside the 64-bit signed range is kept as a `Double`.
public enum JSONNumber: Sendable, Hashable {
  /// An integer in `Int64.min ... Int64.max`, written without fraction or exponent.
  case integer(Int64)
  /// Any other finite number (IEEE 754 binary64).
  case double(Double)

  /// Whether the value is a whole number that fits `Int64` (so `2.0` counts, `2.5` does not).
  public var isInteger: Bool { int64Value != nil }

  /// The value as an `Int64` when it is a whole number in range, else `nil`.
  public var int64Value: Int64? {
    switch self {
    case .integer(let value): return value
    case .double(let value): return Int64(exactly: value)
    }
  }

  /// The value as a `Double` (rounded for integers beyond 2^53).
  public var doubleValue: Double {
    switch self {
    case .integer(let value): return Double(value)
    case .double(let value): return value
    }
  }

  /// Compares by value: integers exactly, and an integer equals a `Double` only when the `Double` is that exact
  /// whole number.
  public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
    switch (lhs, rhs) {
    case (.integer(let a), .integer(let b)): return a == b
    case (.double(let a), .double(let b)): return a == b
    case (.integer(let a), .double(let b)), (.double(let b), .integer(let a)):
      return Int64(exactly: b) == a
    }
  }

  /// Hashes consistently with `==`: whole numbers hash as their `Int64` value.
  public func hash(into hasher: inout Hasher) {
    if let value = int64Value { hasher.combine(value) } else { hasher.combine(doubleValue) }
  }
}
