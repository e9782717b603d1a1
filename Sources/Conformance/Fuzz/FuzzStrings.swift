/// The string generator of `conformance fuzz`: mostly *mutations* of dictionary values —
/// a hazard inserted, a scalar replaced, the value wrapped, an `@` doubled, a letter's case changed, an accent
/// decomposed, one cluster added or removed — so a valid email with an NFD accent, a trailing NEL or a double `@`
/// comes up often, and so does a password one cluster either side of a limit. The rest are dictionary values as
/// they are, values reused from earlier in the same sequence, strings built from hazard pieces, and empty and long
/// strings.
///
/// Deterministic: everything comes from the ``FuzzRandom`` passed in. Pieces come from
/// ``FuzzHazards/classes(unicodeAll:)``.
package struct FuzzStrings: Sendable {
  /// The dictionary values are drawn from.
  package var dictionary: FuzzDictionary
  /// The hazard classes in use.
  package var classes: [FuzzHazards.HazardClass]

  /// Creates the generator over a dictionary; `unicodeAll` adds the Unicode-version-dependent class.
  package init(dictionary: FuzzDictionary, unicodeAll: Bool) {
    self.dictionary = dictionary
    self.classes = FuzzHazards.classes(unicodeAll: unicodeAll)
  }

  /// A string for the field at `key` (`<action>.<path>`), given the strings generated earlier in this sequence.
  package func string(for key: String, earlier: [String], random: inout FuzzRandom) -> String {
    let pool = dictionary.strings(for: key)
    let roll = random.below(100)
    switch roll {
    case 0..<8 where !earlier.isEmpty:
      let reused = random.pick(earlier) ?? ""
      return random.chance(50) ? reused : mutate(reused, random: &random)
    case 0..<30:
      return random.pick(pool) ?? hazardString(random: &random)
    case 30..<86:
      var value = random.pick(pool) ?? ""
      for _ in 0...random.below(3) { value = mutate(value, random: &random) }
      return value
    case 86..<94:
      return hazardString(random: &random)
    case 94..<97:
      return ""
    default:
      let base = random.pick(pool) ?? "a"
      let length = 64 + random.below(200)
      var long = ""
      while long.unicodeScalars.count < length { long += base.isEmpty ? "a" : base }
      return long
    }
  }

  /// One hazard piece from a random class.
  package func piece(random: inout FuzzRandom) -> String {
    guard let hazardClass = random.pick(classes) else { return " " }
    return random.pick(hazardClass.pieces) ?? " "
  }

  /// 1 to 4 hazard pieces mixed with ASCII letters.
  private func hazardString(random: inout FuzzRandom) -> String {
    var text = ""
    for _ in 0...random.below(4) {
      text += random.chance(50) ? piece(random: &random) : String(Self.letters[random.below(Self.letters.count)])
    }
    return text
  }

  private static let letters = Array("abcdefghxyzABCXYZ019")

  /// One mutation of `value`.
  package func mutate(_ value: String, random: inout FuzzRandom) -> String {
    var scalars = Array(value.unicodeScalars)
    switch random.below(12) {
    case 0, 1:  // insert a hazard: at an end, next to punctuation, or anywhere
      let position = insertionPoint(scalars, random: &random)
      scalars.insert(contentsOf: piece(random: &random).unicodeScalars, at: position)
    case 2:  // replace a scalar; '@' and '.' by their look-alikes half of the time
      guard !scalars.isEmpty else { return piece(random: &random) }
      let index = random.below(scalars.count)
      let replacement =
        (scalars[index] == "@" || scalars[index] == ".") && random.chance(50)
        ? (random.pick(FuzzHazards.lookAlikes.pieces) ?? ".") : piece(random: &random)
      scalars.replaceSubrange(index...index, with: replacement.unicodeScalars)
    case 3:  // wrap
      let wrapper = random.chance(60) ? FuzzHazards.whiteSpace : FuzzHazards.notWhiteSpace
      let before = random.chance(70) ? (random.pick(wrapper.pieces) ?? "") : ""
      let after = random.chance(70) ? (random.pick(wrapper.pieces) ?? "") : piece(random: &random)
      return before + value + after
    case 4, 11:  // double a punctuation scalar (a double '@', '..')
      let punctuation = scalars.indices.filter { scalars[$0].isASCII && !Self.isAlphanumeric(scalars[$0]) }
      guard let index = random.pick(punctuation) else { return value + value.suffix(1) }
      scalars.insert(scalars[index], at: index)
    case 5:  // delete a scalar
      guard !scalars.isEmpty else { return value }
      scalars.remove(at: random.below(scalars.count))
    case 6:  // change case: one ASCII letter, all of it, or a case-mapping special
      changeCase(&scalars, random: &random)
    case 7:  // decompose: a letter followed by a combining mark, or an NFC/NFD pair
      decompose(&scalars, random: &random)
    case 8:  // one cluster more: a letter, or an emoji or a jamo at the end
      let extra =
        random.chance(50)
        ? "x" : (random.pick(FuzzHazards.emoji.pieces + FuzzHazards.hangulAndLineBreaks.pieces) ?? "x")
      return value + extra
    case 9:  // one scalar less at the end
      guard !scalars.isEmpty else { return value }
      scalars.removeLast()
    default:  // splice two dictionary values
      let other = random.pick(dictionary.strings) ?? ""
      return random.chance(50) ? value + other : other + value
    }
    var result = ""
    result.unicodeScalars.append(contentsOf: scalars)
    return result
  }

  /// Changes case: of one ASCII letter, of every lower-case one, or inserts a case-mapping special.
  private func changeCase(_ scalars: inout [Unicode.Scalar], random: inout FuzzRandom) {
    let letters = scalars.indices.filter { Self.isASCIILetter(scalars[$0]) }
    switch random.below(3) {
    case 0:
      guard let index = random.pick(letters) else { break }
      scalars[index] = Self.flippedCase(scalars[index])
    case 1:
      scalars = scalars.map { Self.isASCIILetter($0) && $0.value >= 0x61 ? Self.flippedCase($0) : $0 }
    default:
      let special = random.pick(FuzzHazards.caseSpecials.pieces) ?? ""
      scalars.insert(contentsOf: special.unicodeScalars, at: random.below(scalars.count + 1))
    }
  }

  /// Decomposes: a combining mark after an ASCII letter, or an NFC/NFD pair anywhere.
  private func decompose(_ scalars: inout [Unicode.Scalar], random: inout FuzzRandom) {
    let letters = scalars.indices.filter { Self.isASCIILetter(scalars[$0]) }
    if let index = random.pick(letters), random.chance(60) {
      let mark =
        random.pick(["\u{301}", "\u{308}", "\u{303}", "\u{30A}", "\u{327}"] as [Unicode.Scalar]) ?? "\u{301}"
      scalars.insert(mark, at: index + 1)
    } else {
      let pair = random.pick(FuzzHazards.combining.pieces) ?? ""
      scalars.insert(contentsOf: pair.unicodeScalars, at: random.below(scalars.count + 1))
    }
  }

  private func insertionPoint(_ scalars: [Unicode.Scalar], random: inout FuzzRandom) -> Int {
    switch random.below(4) {
    case 0: return 0
    case 1: return scalars.count
    case 2:
      let marks = scalars.indices.filter { scalars[$0] == "@" || scalars[$0] == "." }
      guard let index = random.pick(marks) else { return scalars.count }
      return index + random.below(2)
    default: return random.below(scalars.count + 1)
    }
  }

  private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
    (0x41...0x5A).contains(scalar.value) || (0x61...0x7A).contains(scalar.value)
  }

  private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
    isASCIILetter(scalar) || (0x30...0x39).contains(scalar.value)
  }

  private static func flippedCase(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    guard isASCIILetter(scalar) else { return scalar }
    return Unicode.Scalar(scalar.value ^ 0x20) ?? scalar
  }
}
