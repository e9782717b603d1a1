import InboxFeature
import Testing

/// ``EventChannel``: each event reaches one listener once, and waits for the next listener when no one listens.
struct EventChannelTests {
  @Test func anEventSentWhileNoOneListensWaitsForTheNextListener() async {
    let channel = EventChannel<Int>()
    channel.send(1)
    channel.send(2)
    var iterator = channel.listen().makeAsyncIterator()
    #expect(await iterator.next() == 1)
    #expect(await iterator.next() == 2)
    channel.send(3)
    #expect(await iterator.next() == 3)
  }

  @Test func aNewListenerReplacesTheOldOneAndGetsOnlyNewEvents() async {
    let channel = EventChannel<Int>()
    var first = channel.listen().makeAsyncIterator()
    channel.send(1)
    #expect(await first.next() == 1)
    var second = channel.listen().makeAsyncIterator()
    #expect(await first.next() == nil)
    channel.send(2)
    #expect(await second.next() == 2)
  }

  @Test func eventsSentAfterTheListenerIsCancelledWaitForTheNextOne() async {
    let channel = EventChannel<Int>()
    let listening = Task { for await _ in channel.listen() {} }
    listening.cancel()
    await listening.value
    channel.send(7)
    var next = channel.listen().makeAsyncIterator()
    #expect(await next.next() == 7)
  }
}
