import Hummingbird
import HummingbirdCore

/// The context of every request: bodies up to 1 MiB (larger ones are answered 413), the
/// address the request came from, and who it comes from once its credential is checked.
struct ServerRequestContext: RequesterContext {
  var coreContext: CoreRequestContextStorage
  /// The client's address as text (its IP address), or `"unknown"`.
  let remoteAddressText: String
  /// Who the request comes from, as ``TokenAuthMiddleware`` found.
  var requester = Requester.nobody

  init(source: ApplicationRequestContextSource) {
    coreContext = CoreRequestContextStorage(source: source)
    remoteAddressText = source.channel.remoteAddress?.ipAddress ?? "unknown"
  }

  var maxUploadSize: Int { 1 << 20 }

  var requestDecoder: BodyDecoder { BodyDecoder() }
}
