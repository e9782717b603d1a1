/// Holds an error found where the `Decoder` API cannot throw.
final class DecodingContext {
  /// The first such error, preferred over the synthesized code's own when decoding fails.
  var pending: BridgeError?
}
