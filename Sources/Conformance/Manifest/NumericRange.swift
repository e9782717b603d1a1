/// The inclusive bounds a manifest may put on an `integer` or `number` type descriptor (format §2.3):
/// `{"type": "integer", "minimum": 0, "maximum": 255}`; either bound may be left out.
///
/// A value below ``minimum`` or above ``maximum`` does not conform: in a scenario it is an invalid file, at the value's
/// JSON path (`steps[2].send.count: expected integer from 0 to 255, got 300 (above the maximum 255)`), and
/// `conformance fuzz` generates only values in range, favouring its edges. On an `integer` both bounds are whole
/// numbers in −2⁶³…2⁶³−1 and compare exactly; on a `number` they are any finite numbers and compare as binary64
/// doubles. The manifest loader checks that `minimum` is not above `maximum`.
package struct NumericRange: Sendable, Equatable {
  /// The smallest value admitted, or `nil` for no lower bound.
  package var minimum: JSONNumber?
  /// The largest value admitted, or `nil` for no upper bound.
  package var maximum: JSONNumber?

  /// How far apart an expected and an actual value of a `number` may be and still be equal (`"tolerance"`, a
  /// non-negative number, Conformance/README.md §17.4); `nil`, and always on an `integer`: they compare exactly (§5).
  package var tolerance: Double? = nil

  /// Creates a range; `nil` leaves a side open.
  package init(minimum: JSONNumber? = nil, maximum: JSONNumber? = nil, tolerance: Double? = nil) {
    self.minimum = minimum
    self.maximum = maximum
    self.tolerance = tolerance
  }

  /// No bound on either side: every integer, or every number.
  package static let unbounded = NumericRange()

  /// Whether a bound is given on either side.
  package var isBounded: Bool { minimum != nil || maximum != nil }

  /// Whether `value` lies below ``minimum``.
  package func isBelow(_ value: JSONNumber) -> Bool { minimum.map { Self.less(value, $0) } ?? false }

  /// Whether `value` lies above ``maximum``.
  package func isAbove(_ value: JSONNumber) -> Bool { maximum.map { Self.less($0, value) } ?? false }

  /// Whether `value` lies within both bounds.
  package func contains(_ value: JSONNumber) -> Bool { !isBelow(value) && !isAbove(value) }

  /// The bounds in messages, after the type's name: ` from 0 to 255`, ` of at least 1`, ` of at most 255`, or `""`.
  var phrase: String {
    switch (minimum, maximum) {
    case (let low?, let high?): return " from \(Self.render(low)) to \(Self.render(high))"
    case (let low?, nil): return " of at least \(Self.render(low))"
    case (nil, let high?): return " of at most \(Self.render(high))"
    case (nil, nil): return ""
    }
  }

  /// A bound as messages show it: `255`, `0.5`.
  static func render(_ number: JSONNumber) -> String { JSONRenderer.compact(.number(number), style: .display) }

  /// `a < b`: exactly when both are whole numbers in the 64-bit range, else as doubles.
  private static func less(_ a: JSONNumber, _ b: JSONNumber) -> Bool {
    if let x = a.int64Value, let y = b.int64Value { return x < y }
    return a.doubleValue < b.doubleValue
  }
}
