import HTTPTypes
import Hummingbird
import NIOCore

/// The page at `/` and its two files, compiled into the binary from `Page/` (see
/// Package.swift), and the OpenAPI description of the API. No data: served without a token.
struct PageController<Context: RequestContext>: Sendable {
  func addRoutes(to router: Router<Context>) {
    let index = EmbeddedFile(PackageResources.index_html, type: "text/html; charset=utf-8")
    let style = EmbeddedFile(PackageResources.app_css, type: "text/css; charset=utf-8")
    let script = EmbeddedFile(PackageResources.app_js, type: "text/javascript; charset=utf-8")
    let openAPI = EmbeddedFile(PackageResources.openapi_json, type: "application/json")
    router.get("/") { _, _ in index }
    router.get("/app.css") { _, _ in style }
    router.get("/app.js") { _, _ in script }
    router.get("/openapi.json") { _, _ in openAPI }
  }
}

/// A file compiled into the binary, served as it is.
struct EmbeddedFile: ResponseGenerator, Sendable {
  let type: String
  let bytes: ByteBuffer

  init(_ bytes: [UInt8], type: String) {
    self.type = type
    self.bytes = ByteBuffer(bytes: bytes)
  }

  func response(from request: Request, context: some RequestContext) -> Response {
    Response(
      status: .ok,
      headers: [
        .contentType: type, .cacheControl: "no-cache", .xContentTypeOptions: "nosniff",
        .contentSecurityPolicy:
          "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
          + "connect-src 'self'; frame-ancestors 'none'",
        HTTPField.Name("Referrer-Policy")!: "no-referrer",
      ],
      body: ResponseBody(byteBuffer: bytes))
  }
}
