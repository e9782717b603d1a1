import Testing
import UnidirectionalFlow

// MARK: - EffectIdentifying

struct EffectIdentifyingTests {
  private struct PlainEffect: EffectIdentifying {}

  @Test func defaultsDeclareNoCancellation() {
    #expect(PlainEffect().cancellationID == nil)
    #expect(PlainEffect().cancelledID == nil)
    #expect(PlainEffect().cancelsInFlight == false)
  }

  @Test(
    arguments: [
      (RecordingFeature.Effect.work(key: 1, id: nil), nil, nil),
      (.work(key: 1, id: "x"), "x", nil),
      (.cancel(id: "x"), "x", "x"),
    ] as [(RecordingFeature.Effect, String?, String?)])
  func effectsDeclareTheirIds(effect: RecordingFeature.Effect, runsUnder: String?, cancels: String?) {
    #expect(effect.cancellationID == runsUnder)
    #expect(effect.cancelledID == cancels)
  }
}
