/// An unkeyed container's elements.
final class ArrayStorage {
  var elements: [EncodedNode] = []
}
