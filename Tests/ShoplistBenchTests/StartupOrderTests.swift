import Testing

@testable import shoplist_bench

/// The functions for the linker's layout come out of Callgrind profiles: each name once, in the
/// order first met, nothing that is not a symbol.
@Suite struct StartupOrderTests {
  static let profile = """
    version: 1
    creator: callgrind-3.19.0
    fn=(1) shoplist_main
    cfn=(2) $s11ShoplistCLI0A0V3run
    calls=1 0x0
    fn=(2)
    cfn=(3) sqlite3_open_v2
    cfn=(4) $s11ShoplistCLI0A0V3run'2
    fn=(5) 0x000000000080f000
    fn=(6) (below main)
    cfn=(1)
    fn=(7) _ZN5swift14threading_impl9once_slowERNS0_6once_tEPFvPvES3_
    """

  @Test func namesComeOnceInTheOrderFirstMet() {
    var order = StartupOrder()
    order.add(callgrindProfile: Self.profile)
    #expect(
      order.text == """
        shoplist_main
        $s11ShoplistCLI0A0V3run
        sqlite3_open_v2
        _ZN5swift14threading_impl9once_slowERNS0_6once_tEPFvPvES3_

        """)
    #expect(order.count == 4)
  }

  @Test func aSecondProfileAddsOnlyWhatIsNew() {
    var order = StartupOrder()
    order.add(callgrindProfile: Self.profile)
    order.add(callgrindProfile: "fn=(1) sqlite3_open_v2\ncfn=(9) sqlite3_close\n")
    #expect(order.count == 5)
    #expect(order.text.hasSuffix("sqlite3_close\n"))
  }

  @Test func aNameEndingInAQuoteAndNoDigitsIsKept() {
    var order = StartupOrder()
    order.add(callgrindProfile: "fn=(1) odd'\nfn=(2) odd'x\n")
    #expect(order.text == "odd'\nodd'x\n")
  }

  @Test func aNameDefinedInMoreThanOnePlaceIsLeftOut() {
    let symbols = """
      0000000000a01000 T shoplist_main
      0000000000a02000 t objectdestroyTm
      0000000000a03000 t objectdestroyTm
      0000000000a04000 T sqlite3_open_v2
      0000000000a05000 W $sSa9_makeUniqueyyF
      0000000000a06000 t $sSa9_makeUniqueyyF
      0000000002a00000 d objectdestroyTm_data
      0000000002a00010 b sqlite3_open_v2
      """
    let duplicated = StartupOrder.namesDefinedMoreThanOnce(nmOutput: symbols)
    #expect(duplicated == ["objectdestroyTm", "$sSa9_makeUniqueyyF"])

    var order = StartupOrder()
    order.add(
      callgrindProfile: """
        fn=(1) shoplist_main
        cfn=(2) objectdestroyTm
        cfn=(3) sqlite3_open_v2
        cfn=(4) $sSa9_makeUniqueyyF
        """)
    #expect(order.leaveOut(duplicated) == 2)
    #expect(order.text == "shoplist_main\nsqlite3_open_v2\n")
    #expect(order.count == 2)
  }
}
