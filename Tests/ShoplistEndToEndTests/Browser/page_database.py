"""The server's database as the browser checks change and read it besides the page, and the
list the page check starts from."""

import json
import sqlite3
import subprocess
import threading
import time
import uuid


class Database:
    """The server's database, changed and read the way other people and programs do: through
    the shoplist binary (each call its own process and transaction)."""

    def __init__(self, binary, path):
        self.binary = binary
        self.path = path

    def run(self, *args):
        result = subprocess.run([self.binary, "--db", self.path, *args], capture_output=True,
                                text=True, timeout=30)
        if result.returncode != 0:
            raise AssertionError(f"shoplist {' '.join(args)}: {result.stderr.strip()}")
        return result.stdout

    def get(self, list_name):
        try:
            return json.loads(self.run("list", "--json", "-l", list_name))
        except AssertionError:
            return None

    def find(self, list_name, name):
        document = self.get(list_name)
        for item in (document or {}).get("items", []):
            if item["name"].casefold() == name.casefold():
                return item
        return None

    def add(self, list_name, name, quantity=None, unit=None, category=None, note=None):
        args = ["add", "-l", list_name, "--", name]
        for option, value in (("--quantity", quantity), ("--unit", unit),
                              ("--category", category), ("--note", note)):
            if value is not None:
                args[3:3] = [option, str(value)]
        self.run(*args)

    def check(self, list_name, name, checked=True):
        self.run("check" if checked else "uncheck", "-l", list_name, "--", name)

    def edit(self, list_name, name, **fields):
        args = ["edit", "-l", list_name]
        for field, value in fields.items():
            args += [f"--{field}", str(value)]
        self.run(*args, "--", name)

    def remove_by_id(self, list_name, item_id):
        for item in self.get(list_name)["items"]:
            if item["id"] == item_id:
                self.run("remove", "-l", list_name, "--", item["name"])
                return
        raise AssertionError(f"no item {item_id}")

    @property
    def history(self):
        entries = json.loads(self.run("history", "--json", "--limit", "50"))["history"]
        return [e["command"] for e in reversed(entries)]  # oldest first, as a log reads

    @property
    def lists(self):
        return [l["name"].casefold() for l in json.loads(self.run("lists", "--json"))["lists"]]

    def hold_write_lock(self, seconds):
        """Another program writing: the database is busy for `seconds`."""
        ready = threading.Event()

        def hold():
            connection = sqlite3.connect(self.path, timeout=10, isolation_level=None)
            connection.execute("BEGIN IMMEDIATE")
            ready.set()
            time.sleep(seconds)
            connection.execute("ROLLBACK")
            connection.close()

        thread = threading.Thread(target=hold, daemon=True)
        thread.start()
        ready.wait(10)
        return thread

    def insert_raw(self, list_name, name, note):
        """A row written by another SQLite program, holding what shoplist itself refuses."""
        connection = sqlite3.connect(self.path, timeout=10)
        with connection:
            list_id = connection.execute(
                "SELECT id FROM list WHERE name = ?", (list_name,)).fetchone()[0]
            connection.execute(
                "INSERT INTO product (id, listId, position, name, nameKey, note, addedAt, updatedAt)"
                " SELECT ?, ?, coalesce(max(position), 0) + 1, ?, ?, ?, '2026-11-23T10:00:00Z',"
                " '2026-11-23T10:00:00Z' FROM product WHERE listId = ?",
                (str(uuid.uuid4()).upper(), list_id, name, name.lower(), note, list_id))
        connection.close()


def seed(db):
    for name, fields in [
        ("Milk", {"quantity": 2, "unit": "l", "category": "dairy"}),
        ("Bread", {"category": "bakery", "note": "wholemeal, sliced"}),
        ("Eggs", {"quantity": 12, "category": "dairy"}),
        ("Tomatoes", {"quantity": 500, "unit": "g", "category": "vegetables"}),
        ("Olive oil", {"category": "pantry"}),
        ("Bananas", {"quantity": 6, "category": "fruit"}),
        ("Washing-up liquid", {"category": "household", "note": "the lemon one"}),
    ]:
        db.add("shopping", name, **fields)
    db.check("shopping", "Olive oil")
    db.run("lists", "create", "Hardware store")
    db.add("Hardware store", "Screws", quantity=20, unit="mm 4x30")
