/// A list as an app that groups items under headings shares it: a title, two headings,
/// bullets, quantities in parentheses and after a dash, emphasis and a struck-through item.
/// Read by the text reader's tests and imported end to end.
public enum SharedTextSample {
  public static let text = """
    Groceries

    Produce
    • Bananas (6)
    • Apples

    Dairy
    • Milk – 2 l
    • ~~Butter~~
    • **Greek yoghurt** (500 g)

    """
}
