"""The last resort for generated answers: whatever goes in, what comes out validates, and only what
was faulty is dropped."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import example_sources
from ui4a.mend import NOTICE, mend
from ui4a.validate import check


@pytest.mark.parametrize(("source", "kept", "dropped"), [
    ('<Card title="Sales"><PieChart title="x" height="abc" data={0} /><Text>ok</Text></Card>',
     '<Card title="Sales"><Text>ok</Text></Card>', ["prop 'height' of <PieChart>", "<PieChart>"]),
    ('<Card title="Sales"><Text>hi {nope}</Text><Stat label="A" value=3 /></Card>',
     '<Card title="Sales"><Stat label="A" value=3 /></Card>', ["<Text>"]),
    ('<Stack><Text>cut short</Text><Badge tone="bl', "<Stack><Text>cut short</Text><Badge /></Stack>", []),
    ('<Table columns={1} rows=[] />', NOTICE, ["<Table>", "everything"]),
])
def test_what_is_faulty_goes_and_the_rest_stays(source, kept, dropped):
    m = mend(source)
    assert m.report.ok and m.source == kept
    assert [d.split(" (")[0].split(":")[0] for d in m.dropped] == dropped


def test_a_valid_answer_is_returned_unchanged():
    for _, source in example_sources():
        m = mend(source)
        assert m.source == source and not m.changed


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([s for _, s in example_sources()]), st.integers(0, 10_000), st.text(max_size=12))
def test_any_cut_or_spliced_answer_comes_out_valid(source, cut, junk):
    at = cut % (len(source) + 1)
    m = mend(source[:at] + junk + source[at:at + 40])
    assert check(m.source).ok
