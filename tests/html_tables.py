"""The tests' reading of a rendered page: the header of its first table (a report's first table must be its claims)."""

from html.parser import HTMLParser


class _FirstTable(HTMLParser):
    """Collects the rows of the first ``<table>`` (cells of a table nested in it are not its own)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth, self.done, self.in_head = 0, False, False
        self.rows: list[tuple[bool, list[str]]] = []  # (in thead, cells)
        self.cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.done:
            return
        self.depth += tag == "table"
        if self.depth == 1 and tag == "thead":
            self.in_head = True
        elif self.depth == 1 and tag == "tr":
            self.rows.append((self.in_head, []))
        elif self.depth == 1 and tag in ("th", "td") and self.rows:
            self.cell = []

    def handle_endtag(self, tag: str) -> None:
        if self.done:
            return
        if tag == "table" and self.depth:
            self.depth -= 1
            self.done = self.depth == 0
        elif self.depth == 1 and tag == "thead":
            self.in_head = False
        elif self.depth == 1 and tag in ("th", "td") and self.cell is not None:
            self.rows[-1][1].append(" ".join("".join(self.cell).split()))
            self.cell = None

    def handle_data(self, data: str) -> None:
        if self.cell is not None and self.depth == 1:
            self.cell.append(data)


def first_table_header(page: str) -> list[str]:
    """The column headers of the first table on a page, e.g. to check that a report's first table is its claims.

    Args:
        page: the page's HTML.

    Returns:
        The text of each cell of the table's first header row (its first ``<thead>`` row, or its first row if it
        has no ``<thead>``), whitespace collapsed; an index column's empty corner cell gives ``""``.

    Raises:
        ValueError: the page has no table.
    """
    parser = _FirstTable()
    parser.feed(page)
    parser.close()
    if not parser.rows:
        raise ValueError("the page has no table")
    head = [cells for in_head, cells in parser.rows if in_head]
    return head[0] if head else parser.rows[0][1]
