import Foundation
import Testing

@testable import shoplist_bench

/// The names for the linker's layout come out of Lackey traces: every address a run touches,
/// named by the symbol that holds it, each name once, in the order first touched.
@Suite struct StartupOrderTests {
  static let symbols = SymbolTable(
    nmOutput: """
      0000000000a01000 0000000000000100 T shoplist_main
      0000000000a01100 0000000000000040 t $s11ShoplistCLI0A0V3run
      0000000000a01140 T sqlite3_open_v2
      0000000000a02000 0000000000000020 t objectdestroyTm
      0000000000a03000 0000000000000020 t objectdestroyTm
      0000000000a04000 0000000000000010 W $sSa9_makeUniqueyyF
      0000000000a05000 0000000000000010 i memcpy
      0000000002a00000 0000000000000008 b $s11ShoplistCLI5cacheSivp
      0000000002a00008 0000000000000100 d sqlite3Config
      0000000002a00200 0000000000000010 r tableOfNames
      0000000000000000 a absolute_is_no_address
      0000000002b00000 N debug_is_not_kept
      """)

  static let trace = """
    ==15904== Lackey, an example Valgrind tool
    ==15904== Command: ./shoplist --db order.sqlite toggle item
    I  00a01000,4
    I  00a01004,3
     S 1ffefffd48,8
    I  00a01100,5
     L 02a00010,8
    I  00a01140,2
    I  00a01800,2
     M 02a00000,8
    I  00a01008,3
     L 02a00004,4
    I  00a05004,1
    I  00a03000,1
     S 02a00300,8
    I  0040,3
    ==15904==
    ==15904== Counted 1 call to main()
    """

  @Test func namesComeOnceInTheOrderFirstTouched() {
    var order = StartupOrder()
    order.add(lackeyTrace: Data(Self.trace.utf8), symbols: Self.symbols)
    #expect(
      order.text == """
        shoplist_main
        $s11ShoplistCLI0A0V3run
        sqlite3Config
        sqlite3_open_v2
        $s11ShoplistCLI5cacheSivp
        memcpy
        objectdestroyTm

        """)
    #expect(order.count == 7)
  }

  @Test func aSymbolWithoutASizeReachesTheNextOne() {
    // sqlite3_open_v2 has no size: 0xa01800 lies before the next symbol (0xa02000), so it is
    // sqlite3_open_v2's; 0x2a00300, past the end of the last data symbol, is no one's.
    #expect(
      Self.symbols.index(containing: 0xa0_1800).map { Self.symbols.symbols[$0].name }
        == "sqlite3_open_v2")
    #expect(Self.symbols.index(containing: 0x2a0_0300) == nil)
    #expect(Self.symbols.index(containing: 0x0040) == nil)
    #expect(
      Self.symbols.index(containing: 0x2a0_0004).map { Self.symbols.symbols[$0].name }
        == "$s11ShoplistCLI5cacheSivp")
  }

  @Test func aSecondTraceAddsOnlyWhatIsNew() {
    var order = StartupOrder()
    order.add(lackeyTrace: Data(Self.trace.utf8), symbols: Self.symbols)
    order.add(
      lackeyTrace: Data("I  00a01000,4\nI  00a04000,2\n L 02a00200,1\n".utf8), symbols: Self.symbols
    )
    #expect(order.count == 9)
    #expect(order.text.hasSuffix("objectdestroyTm\n$sSa9_makeUniqueyyF\ntableOfNames\n"))
  }

  @Test func linesThatAreNotAddressesAreSkipped() {
    var order = StartupOrder()
    let trace = "I  00a0100g,4\nI  ,4\nX  00a01000,4\nI  00a01000\n L 02a00008,8\n"
    order.add(lackeyTrace: Data(trace.utf8), symbols: Self.symbols)
    #expect(order.text == "sqlite3Config\n")
  }

  @Test func aFunctionDefinedInMoreThanOnePlaceIsLeftOut() {
    #expect(Self.symbols.codeNamesDefinedMoreThanOnce == ["objectdestroyTm"])
    var order = StartupOrder()
    order.add(lackeyTrace: Data(Self.trace.utf8), symbols: Self.symbols)
    #expect(order.leaveOut(Self.symbols.codeNamesDefinedMoreThanOnce) == 1)
    #expect(!order.text.contains("objectdestroyTm"))
    #expect(order.count == 6)
  }
}

/// A function the executable defines more than once stays in the order only when every object
/// file gives its definition a section of its own.
@Suite struct ObjectSymbolsTests {
  static let listing = """

    /work/.build/release/ShoppingCore.build/NameKey.swift.o:     file format elf64-x86-64

    SYMBOL TABLE:
    0000000000000000 l    df *ABS*\t0000000000000000 NameKey.swift
    0000000000000000 l     F .text.objectdestroyTm\t0000000000000020 objectdestroyTm
    0000000000000000 l     F .text.$sSqwxx\t000000000000000a $sSqwxx
    0000000000000000 l    d  .text.$sSqwxx\t0000000000000000 .text.$sSqwxx
    0000000000000000 g     F .text.$s12ShoppingCore7NameKeyV6storedACSS_tcfC\t000000000000000c .protected $s12ShoppingCore7NameKeyV6storedACSS_tcfC
    0000000000000000 l     O .bss\t0000000000000008 $sSqwxx_data
    0000000000000000         *UND*\t0000000000000000 $sSqwxx

    In archive /opt/swift/usr/lib/swift_static/linux/libswiftCore.a:

    Swift.o:     file format elf64-x86-64

    SYMBOL TABLE:
    0000000000181610 l     F .text\t000000000000000a $sSqwxx
    """

  static let more = """
    0000000000000040 l     F .text.objectdestroyTm\t0000000000000020 objectdestroyTm
    0000000000000000 w     F .text.$s12ShoppingCore7NameKeyV6storedACSS_tcfC\t000000000000000c .hidden $s12ShoppingCore7NameKeyV6storedACSS_tcfC
    """

  @Test func aNameWithADefinitionInASharedSectionIsNotOwn() {
    var symbols = ObjectSymbols(
      among: ["objectdestroyTm", "$sSqwxx", "$s12ShoppingCore7NameKeyV6storedACSS_tcfC", "absent"])
    symbols.add(objdumpOutput: Self.listing)
    symbols.add(objdumpOutput: Self.more)
    #expect(
      symbols.namesEachInASectionOfItsOwn
        == ["objectdestroyTm", "$s12ShoppingCore7NameKeyV6storedACSS_tcfC"])
    #expect(
      symbols.sections["objectdestroyTm"] == [".text.objectdestroyTm", ".text.objectdestroyTm"])
    // Only function definitions count: not the section symbol, the data, or the reference.
    #expect(symbols.sections["$sSqwxx"] == [".text.$sSqwxx", ".text"])
    #expect(symbols.sections["absent"] == nil)
  }

  @Test func aSharedDefinitionInALaterListingStillCounts() {
    var symbols = ObjectSymbols(among: ["objectdestroyTm"])
    symbols.add(
      objdumpOutput:
        "0000000000000000 l     F .text.objectdestroyTm\t0000000000000020 objectdestroyTm\n")
    #expect(symbols.namesEachInASectionOfItsOwn == ["objectdestroyTm"])
    symbols.add(objdumpOutput: "0000000000000100 l     F .text\t0000000000000020 objectdestroyTm\n")
    #expect(symbols.namesEachInASectionOfItsOwn.isEmpty)
  }
}
