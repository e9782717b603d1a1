/// A coding key of the neutral JSON form: a member name or an array index.
struct NeutralKey: CodingKey {
  var stringValue: String
  var intValue: Int?

  init(stringValue: String) {
    self.stringValue = stringValue
    intValue = nil
  }

  init(intValue: Int) {
    stringValue = "\(intValue)"
    self.intValue = intValue
  }

  init(_ component: JSONPath.Component) {
    switch component {
    case .key(let key): self.init(stringValue: key)
    case .index(let index): self.init(intValue: index)
    }
  }
}
