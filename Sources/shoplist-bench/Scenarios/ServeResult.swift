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
  /// The number behind ``value`` or ``p50`` that two lines are compared by (requests per
  /// second, or a median in seconds), where one is compared.
  var amount: Double?
  /// This line's ``amount`` against the group's reference line, `0.81×`, where one is shown.
  var ratio: String?
  /// The tail latency behind ``tail``, in seconds, where there is one.
  var tailSeconds: Double?

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
