/// How the runner and an implementation name one dependency call in a runtime scenario without agreeing on names: the
/// `index`-th call started during step `step` (harness protocol §2.5).
///
/// JSON shape: `{"step": s, "index": i}`, both 1-based integers. The runner translates a scenario's call names (`"a1"`)
/// into references before sending and back into names when it reports.
public struct CallReference: Sendable, Hashable, Comparable {
  /// The 1-based step during which the call started.
  public var step: Int
  /// The call's 1-based position among the calls started during that step, in start order.
  public var index: Int

  /// Creates a reference to the `index`-th call (1-based) started during step `step` (1-based).
  public init(step: Int, index: Int) {
    self.step = step
    self.index = index
  }

  /// Orders references by step, then by index: the order in which the calls started.
  public static func < (lhs: CallReference, rhs: CallReference) -> Bool {
    (lhs.step, lhs.index) < (rhs.step, rhs.index)
  }
}
