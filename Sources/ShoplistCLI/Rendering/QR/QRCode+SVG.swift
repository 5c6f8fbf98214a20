// MARK: - Drawing as an SVG image

extension QRCode {
  /// The symbol and its quiet zone as an SVG image, one unit a module, dark modules as one
  /// path of unit squares on a white ground: what the page shows for another device's camera.
  /// It scales to any size without blurring; `crispEdges` keeps the modules' edges sharp.
  func svg() -> String {
    let span = size + 2 * Self.quietZone
    var path = ""
    for row in 0..<size {
      for column in 0..<size where self[row: row, column: column] {
        path += "M\(column + Self.quietZone) \(row + Self.quietZone)h1v1h-1z"
      }
    }
    return #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \#(span) \#(span)" "#
      + #"shape-rendering="crispEdges" role="img" aria-label="QR code of the link">"#
      + ##"<rect width="\##(span)" height="\##(span)" fill="#fff"/>"##
      + ##"<path fill="#000" d="\##(path)"/></svg>"##
  }
}
