"""The household check's steps on the list itself: the basket section, the aisle view, the
item editor, quantity phrases in the add box, and suggestions from what was had before."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from checks import step, wait_for


def steps(p, driver, store, item, base, token):
    """The steps, in order, on the phone `p` of `driver`, with the database `store`."""

    def basket_below_folded():
        driver.get(f"{base}/?token={token}")
        wait_for(lambda: len(p.rows()) == 8, "the 8 rows")
        assert p.to_buy_names() == ["Tomatoes", "Bread", "Milk", "Cheese", "Apples",
                                    "Batteries"], p.names()
        assert p.basket_names() == ["Soap", "Rice"], p.basket_names()
        assert p.text("basket-heading") == "In the basket · 2", p.text("basket-heading")
        assert not p.row("Soap").is_displayed(), "folded to its count"
        top = lambda name: p.row(name).location["y"]  # noqa: E731
        assert p.by("basket").location["y"] > top("Batteries"), "below the rest"
        p.by("basket-summary").click()
        wait_for(lambda: p.row("Soap").is_displayed(), "the basket opened")
        p.tap_checkbox("Batteries")
        wait_for(lambda: item("Batteries")["checked"], "Batteries checked on the server")
        wait_for(lambda: p.basket_names() == ["Soap", "Batteries", "Rice"],
                 "Batteries in the basket, in list order")
        assert p.text("basket-heading") == "In the basket · 3"
        p.tap_checkbox("Batteries")
        wait_for(lambda: "Batteries" in p.to_buy_names(), "back among the items to buy")
        p.by("basket-summary").click()
        wait_for(lambda: not p.row("Soap").is_displayed(), "folded again")
    step("checked items wait below in a folded “in the basket” section that opens",
         basket_below_folded)

    def aisle_view():
        p.dismiss_message()
        p.centred(p.by("view-aisles")).click()
        wait_for(lambda: p.headings() == ["vegetables", "bakery", "dairy", "fruit",
                                          "No category"], f"headings {p.headings()}")
        assert p.by("view-aisles").get_attribute("aria-pressed") == "true"
        dairy = driver.find_elements(By.CSS_SELECTOR, '[data-testid="aisle"]')[2]
        names = [r.get_attribute("data-item-name") for r in dairy.find_elements(
            By.CSS_SELECTOR, '[data-testid="item-row"]')]
        assert names == ["Milk", "Cheese"], names
        assert "dairy" not in p.row("Milk").text, "the heading says it once"
        p.shots("02-aisle-view")
        store.run("aisles", "dairy", "vegetables")  # the shop order changed elsewhere
        driver.refresh()
        wait_for(lambda: p.headings()[:3] == ["dairy", "vegetables", "bakery"],
                 f"the new order after a reload (headings {p.headings()})")
        store.run("aisles", "vegetables", "bakery", "dairy")
        p.centred(p.by("view-list")).click()
        wait_for(lambda: not p.headings() and p.to_buy_names()[0] == "Tomatoes", "list order")
    step("the aisle view groups items under headings in the shop order", aisle_view)

    def editor_changes_every_field():
        p.edit("Cheese", name="Cheddar", quantity="0,5", unit="kg", category="deli",
               note="the mature one")
        p.shots("03-editor")
        p.save()
        wait_for(lambda: item("Cheddar"), "Cheddar on the server")
        cheddar = item("Cheddar")
        assert (cheddar["quantity"], cheddar["unit"], cheddar["category"], cheddar["note"]) \
            == (0.5, "kg", "deli", "the mature one"), cheddar
        assert item("Cheese") is None
        assert store.history[-1] == "web: edit Cheese", store.history[-2:]
        wait_for(lambda: "Cheddar" in p.names(), "the row renamed")
        assert not p.visible("editor")
        # Bad input is said in the editor and sends nothing; Cancel changes nothing.
        before = store.history
        p.edit("Cheddar", quantity="lots")
        p.save()
        wait_for(lambda: p.visible("editor-error"), "the editor's error")
        assert "Quantity" in p.text("editor-error"), p.text("editor-error")
        p.by("edit-cancel").click()
        wait_for(lambda: not p.visible("editor"), "the editor closed")
        active = driver.execute_script(
            "return document.activeElement.closest('[data-testid=item-row]')"
            "?.dataset.itemName")
        assert active == "Cheddar", f"focus back on the item, not {active!r}"
        p.edit("Cheddar", unit="")  # clearing a field
        p.save()
        wait_for(lambda: item("Cheddar")["unit"] is None, "the unit cleared")
        assert store.history[:-1] == before
    step("the editor changes name, quantity, unit, category and note", editor_changes_every_field)

    def quantity_phrases():
        p.dismiss_message()
        store.run("remove", "Milk")
        wait_for(lambda: "Milk" not in p.names(), "Milk gone")
        p.type_in_add_box("2 l milk" + Keys.ENTER)
        wait_for(lambda: item("milk"), "milk added")
        milk = item("milk")
        # The category Milk had before it was removed, remembered.
        assert (milk["name"], milk["quantity"], milk["unit"], milk["category"]) \
            == ("milk", 2, "l", "dairy"), milk
        wait_for(lambda: "milk" in p.names(), "shown as the server read it")
        p.type_in_add_box("3 l milk" + Keys.ENTER)  # the same item, not a second one
        wait_for(lambda: item("milk")["quantity"] == 3, "milk now 3 l")
        assert [n.lower() for n in p.names()].count("milk") == 1, p.names()
        p.type_in_add_box("lemons x3" + Keys.ENTER)
        wait_for(lambda: item("lemons"), "lemons added")
        assert item("lemons")["quantity"] == 3, item("lemons")
        wait_for(lambda: "lemons" in p.names(), "shown as the server read it")
        assert p.by("add-input").get_attribute("value") == ""
        p.type_in_add_box('"3 musketeers bar"' + Keys.ENTER)  # quoted: kept whole
        wait_for(lambda: item("3 musketeers bar"), "the quoted name whole")
        assert item("3 musketeers bar")["quantity"] == 1
        p.type_in_add_box("2 l" + Keys.ENTER)  # no name left: said, nothing added
        wait_for(lambda: "is a quantity, not an item" in p.text("message"), "the refusal")
        assert "is-error" in p.by("message").get_attribute("class")
    step("“2 l milk” in the add box adds milk, 2 l, under the category milk had",
         quantity_phrases)

    def suggestions_from_history():
        p.dismiss_message()
        field = p.type_in_add_box("yog")
        wait_for(lambda: p.suggestions() == ["Greek yoghurt"], f"{p.suggestions()}")
        assert field.get_attribute("aria-expanded") == "true"
        assert "500 g" in p.by("suggestion").text and "dairy" in p.by("suggestion").text
        p.shots("04-suggestions")
        field.send_keys(Keys.ARROW_DOWN)
        assert field.get_attribute("aria-activedescendant") == "suggestion-0"
        field.send_keys(Keys.ENTER)
        wait_for(lambda: item("Greek yoghurt"), "picked and added")
        added = item("Greek yoghurt")
        assert (added["quantity"], added["unit"], added["category"]) == (500, "g", "dairy")
        assert field.get_attribute("value") == "" and not p.suggestions()
        p.type_in_add_box("gr")  # what is on the list now is not suggested
        wait_for(lambda: p.suggestions() == ["Grapes"], f"{p.suggestions()}")
        p.by("suggestion").click()
        wait_for(lambda: item("Grapes"), "Grapes by a tap")
        assert item("Grapes")["unit"] == "kg" and item("Grapes")["category"] == "fruit"
    step("suggestions of items bought before; picking one adds its last amount and category",
         suggestions_from_history)

    def suggestions_of_what_left_unbought():
        field = p.type_in_add_box("mues")
        wait_for(lambda: p.suggestions() == ["Muesli"], f"{p.suggestions()}")
        assert "breakfast" in p.by("suggestion").text, p.by("suggestion").text
        p.shots("04-suggestions-unbought")
        field.send_keys(Keys.ESCAPE)
        wait_for(lambda: not p.suggestions(), "the suggestions closed")
        field.clear()
        assert item("Muesli") is None
    step("an item added and removed unbought is suggested too", suggestions_of_what_left_unbought)
