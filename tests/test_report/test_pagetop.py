"""Each page's finding, first: the lead of the conclusion its code wrote, in a box under the title."""

import nbformat

from pawnslib.report import pagetop


def notebook(conclusion: str, *, in_output: bool = False) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    code = nbformat.v4.new_code_cell("display(...)")
    text = f"## Conclusion\n\n{conclusion}" if in_output else conclusion
    code.outputs = [nbformat.v4.new_output("display_data", data={"text/markdown": text})]
    nb.cells = [nbformat.v4.new_markdown_cell("# Chapter 9: a title\n\nIts prose."), nbformat.v4.new_code_cell("1"),
                *([] if in_output else [nbformat.v4.new_markdown_cell("## Conclusion")]), code]
    return nb


def test_the_finding_is_the_conclusions_bold_answer_with_a_number_else_its_first_number():
    nb = notebook("Each method played the same 1600 games. **No method beats plain6 beyond noise** (p < 0.05, Holm "
                  "over 15). More.")
    assert pagetop.finding(nb) == "**No method beats plain6 beyond noise** (p < 0.05, Holm over 15)."
    lead = notebook("* **Does it reproduce? Mostly not.** It makes 23 claims. More.\n* **Next.** 4 more.",
                    in_output=True)
    assert pagetop.finding(lead) == "**Does it reproduce? Mostly not.** It makes 23 claims."
    assert pagetop.finding(notebook("pgmpy gives P(x | y) = 0.6667, the thesis's 2/3. the rest 5.")) == (
        "pgmpy gives P(x | y) = 0.6667, the thesis's 2/3.")
    assert pagetop.finding(notebook("No number here.")) == ""
    assert pagetop.finding(nbformat.v4.new_notebook()) == ""


def test_the_box_stands_under_the_title_before_the_prose_and_any_code():
    nb = notebook("It found 3 things.")
    pagetop.put_first(nb, pagetop.finding(nb))
    sources = [c.source for c in nb.cells]
    assert sources[0] == "# Chapter 9: a title" and sources[2] == "Its prose."
    assert sources[1].startswith(":::{admonition} What this page finds") and "It found 3 things." in sources[1]
    assert f"[The conclusion]({pagetop.LINK})" in sources[1]
    before = [c.source for c in nb.cells]
    pagetop.put_first(nb, "")
    assert [c.source for c in nb.cells] == before  # nothing to say: nothing added


def test_one_rule_for_sentences_serves_the_finding_and_the_front_page():
    said = pagetop.sentences("**Yes, at 3.5 %.** As `m.run()` says. With $a. B$ inside, e.g. here, and by J. Smith. "
                             "the lower case starts one too.\n* A bullet. Two.")
    assert said == ["**Yes, at 3.5 %.**", "As `m.run()` says.", "With $a. B$ inside, e.g. here, and by J. Smith.",
                    "the lower case starts one too.", "A bullet.", "Two."]


def test_the_title_stands_alone_for_the_box_and_the_readings_note():
    nb = notebook("It found 3 things.")
    assert pagetop.title_alone(nb) == 0 and [c.source for c in nb.cells[:2]] == ["# Chapter 9: a title", "Its prose."]
    assert pagetop.title_alone(nb) == 0 and len(nb.cells) == 5  # already alone: nothing moves
    untitled = nbformat.v4.new_notebook()
    untitled.cells = [nbformat.v4.new_markdown_cell("## Not a title")]
    assert pagetop.title_alone(untitled) == -1
