"""The household check's undo steps: a real undo of exactly the change just made, redo, and a
conflict said in words."""

from checks import step, wait_for


def steps(p, store, item):
    """The steps, in order, on the phone `p`, with the database `store`."""

    def undo_reverts_exactly_that_entry(change, name):
        def run():
            p.dismiss_message()
            before = store.get("shopping")
            change()
            wait_for(lambda: store.get("shopping") != before, f"the {name} on the server")
            entry = store.history_entries(1)[0]
            assert entry["command"].startswith("web: "), entry
            if name == "check":
                p.shots("05-undo-toast")
            p.undo()
            wait_for(lambda: store.get("shopping") == before, f"the {name} undone exactly")
            newest = store.history_entries(1)[0]
            assert newest["command"] == f"web: undo {entry['id']}", newest
            wait_for(lambda: "Undone" in p.text("message"), "Undone said")
        return run

    def check_bread():
        p.tap_checkbox("Bread")

    def clear_two():  # Soap and Rice
        p.centred(p.by("clear-checked")).click()
        p.by("clear-checked").click()

    def edit_note():
        p.edit("Apples", note="the red ones")
        p.save()

    step("Undo after a check reverts exactly that history entry",
         undo_reverts_exactly_that_entry(check_bread, "check"))
    step("Undo after a clear reverts exactly that history entry",
         undo_reverts_exactly_that_entry(clear_two, "clear"))
    step("Undo after an edit reverts exactly that history entry",
         undo_reverts_exactly_that_entry(edit_note, "edit"))

    def redo_after_undo():
        p.dismiss_message()
        p.tap_checkbox("Bread")
        wait_for(lambda: item("Bread")["checked"], "checked")
        p.undo()
        wait_for(lambda: not item("Bread")["checked"], "undone")
        wait_for(lambda: p.visible("redo-button"), "Redo offered")
        p.by("redo-button").click()
        wait_for(lambda: item("Bread")["checked"], "redone")
        assert store.history[-1] == "web: redo", store.history[-2:]
        p.tap_checkbox("Bread")
        wait_for(lambda: not item("Bread")["checked"], "unchecked again")
    step("Redo after an undo re-applies it", redo_after_undo)

    def undo_conflict_in_words():
        p.dismiss_message()
        p.tap_checkbox("Apples")
        wait_for(lambda: item("Apples")["checked"], "Apples checked")
        check = store.entry_of("web: check Apples")
        store.edit("shopping", "Apples", note="green ones")  # someone else, meanwhile
        edit = store.history_entries(1)[0]["id"]
        before = store.get("shopping")
        p.undo()
        wait_for(lambda: p.text("message").startswith("Not undone"), "the refusal")
        text = p.text("message")
        # Who and what, with no history number nor command-line option.
        assert "changed the same items" in text and "would overwrite" in text, text
        assert "#" not in text and "--" not in text, text
        assert str(check) not in text and str(edit) not in text, text
        assert "is-error" in p.by("message").get_attribute("class")
        assert store.get("shopping") == before, "nothing changed"
        p.shots("06-undo-conflict")
    step("an undo that conflicts is refused in words and changes nothing",
         undo_conflict_in_words)
