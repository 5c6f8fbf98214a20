/// One line of the serve table.
struct ServeResult {
  let benchmark: String
  let tool: String
  var value = ""
  var p50: String?
  var tail: String?
  var target: String?
  var met: Bool?
  var note: String?

  init(
    benchmark: String, tool: String, value: String = "", p50: String? = nil,
    tail: String? = nil, target: String? = nil, met: Bool? = nil, note: String? = nil
  ) {
    self.benchmark = benchmark
    self.tool = tool
    self.value = value
    self.p50 = p50
    self.tail = tail
    self.target = target
    self.met = met
    self.note = note
  }
}
