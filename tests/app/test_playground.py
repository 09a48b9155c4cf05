"""The playground in Chromium: streaming, interactions, persistence, bad model output."""

from __future__ import annotations

import pytest

from tests.app.conftest import ask, wait_turn

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_canvas_builds_while_tokens_arrive(page):
    page.fill("#ask-input", "counter please")
    page.click("#ask-send")
    frames: list[str] = []
    for _ in range(800):
        html = page.inner_html("#canvas")
        if not frames or frames[-1] != html:
            frames.append(html)
        if "Lights are off" in html and page.get_attribute("#canvas", "data-streaming") == "false":
            break
        page.wait_for_timeout(15)
    intermediate = [f for f in frames[:-1] if 'class="ui4a"' in f]
    assert len(intermediate) >= 3, f"saw {len(intermediate)} intermediate canvas states"
    assert "Count 0" in page.inner_text("#canvas")
    meta = page.locator("[data-role=assistant] .pg-meta").last.inner_text()
    assert "route ui" in meta and "scripted" in meta and "UI tokens vs" in meta


def test_set_and_toggle_actions_update_state(page):
    ask(page, "counter please")
    canvas = page.locator("#canvas")
    page.get_by_role("button", name="Add").click()
    page.get_by_role("button", name="Add").click()
    page.wait_for_function("document.querySelector('#canvas').innerText.includes('Count 2')")
    page.get_by_label("Lights").click()
    page.wait_for_function("document.querySelector('#canvas').innerText.includes('Lights are on')")
    page.get_by_role("button", name="Reset").click()
    page.wait_for_function("document.querySelector('#canvas').innerText.includes('Count 0')")
    assert "Lights are on" in canvas.inner_text()


def test_button_send_starts_a_turn_and_the_backend_answers(page):
    ask(page, "pick a flight")
    before = page.locator("[data-role=assistant]").count()
    page.get_by_role("button", name="Choose TP1351").click()
    wait_turn(page, before)
    users = page.locator("[data-role=user]").all_inner_texts()
    assert users[-1] == "I choose TP1351"
    assert "hold that seat" in page.locator("[data-role=assistant]").last.inner_text()


def test_form_submit_sends_its_values(page):
    ask(page, "newsletter form")
    page.get_by_label("Email").press_sequentially("ada@example.com")  # fast typing, nothing lost
    page.get_by_label("Topic").select_option("Events")
    before = page.locator("[data-role=assistant]").count()
    page.get_by_role("button", name="Subscribe").click()
    wait_turn(page, before)
    sent = page.locator("[data-role=user]").all_inner_texts()[-1]
    assert sent == "Submitted: email: ada@example.com, topic: Events"
    assert "subscribed" in page.locator("[data-role=assistant]").last.inner_text()


def test_reload_restores_conversation_and_ui_state(page):
    ask(page, "counter please")
    page.get_by_role("button", name="Add").click()
    page.wait_for_function("document.querySelector('#canvas').innerText.includes('Count 1')")
    page.reload()
    page.wait_for_function("document.querySelector('#canvas').innerText.includes('Count 1')")
    assert page.locator("[data-role=user]").all_inner_texts() == ["counter please"]


def test_broken_output_keeps_the_last_good_frame_and_shows_the_error(page):
    ask(page, "broken ui")
    canvas = page.inner_text("#canvas")
    assert "This part is fine." in canvas and "1,200" in canvas
    errors = page.inner_text("#errors")
    assert "answer:4:14: unexpected '}' in text; write \\} for a literal brace" in errors


def test_invalid_output_shows_positioned_validation_errors(page):
    ask(page, "typo ui")
    errors = page.inner_text("#errors")
    assert "answer:1:7: <Card> has no prop 'titel'; did you mean 'title'?" in errors
    assert "answer:2:3: unknown component <Txt>; did you mean <Text>?" in errors


def test_hostile_output_stays_inert(page):
    ask(page, "hostile ui")
    assert "javascript:" not in page.inner_html("#canvas")
    assert page.locator("#canvas script").count() == 0
    assert "<script>alert(1)</script> stays text" in page.inner_text("#canvas")
    assert "URL must be https://" in page.inner_text("#errors")


def test_plain_chat_answer_streams_into_the_conversation(page):
    ask(page, "just chat")
    assert page.locator("[data-role=assistant]").last.inner_text().startswith("This is a plain text answer")


def test_source_toggle_shows_the_compact_code(page):
    ask(page, "counter please")
    page.click("#toggle-source")
    assert page.inner_text("#source").startswith("<State n=0 on=false />")


def test_links_in_a_streamed_answer_render_offline(page):
    # Runtime-built canvases must not import their libraries (react-router's Link) from a CDN.
    ask(page, "links please")
    assert page.get_by_role("link", name="guide").count() == 1
    assert "API reference" in page.inner_text("#canvas")


def test_a_message_with_binary_bytes_is_refused_and_nothing_is_sent(page):
    before = page.locator("[data-role=user]").count()
    page.fill("#ask-input", "chart\x00\x01 of sales")
    page.click("#ask-send")
    page.wait_for_selector("#errors", timeout=10_000)
    assert ("message: it contains control character U+0000 at character 6 (binary data?); nothing was sent"
            in page.inner_text("#errors"))
    assert page.locator("[data-role=user]").count() == before
    # The form clears its input on submit; the refused text comes back to be edited, not lost.
    page.wait_for_function("v => document.querySelector('#ask-input').value === v", arg="chart\x00\x01 of sales",
                           timeout=10_000)


def test_a_message_over_the_limit_is_refused_whole_and_given_back(page):
    before = page.locator("[data-role=user]").count()
    text = "make a chart " + "x" * 100_000
    page.fill("#ask-input", text)
    page.click("#ask-send")
    page.wait_for_selector("#errors", timeout=10_000)
    assert ("message: it is 100013 characters, over the limit of 4000 (session.max_message_chars); "
            "nothing was sent" in page.inner_text("#errors"))
    page.wait_for_function("n => document.querySelector('#ask-input').value.length === n", arg=len(text),
                           timeout=10_000)
    page.reload()  # nothing was stored either
    page.wait_for_selector("#canvas")
    assert page.locator("[data-role=user]").count() == before


def test_an_a2ui_paste_is_shown_live_and_its_source_is_the_compact_code(page):
    from pathlib import Path

    jsonl = (Path(__file__).resolve().parents[1] / "fixtures" / "a2ui" / "contact_form_v09.jsonl").read_text()
    ask(page, jsonl)  # the one-line input joins the lines: messages one after another
    # the canvas's own update may reach the page a moment after the turn's message
    page.wait_for_function("document.querySelector('#canvas').innerText.includes('Contact us')", timeout=10_000)
    canvas = page.inner_text("#canvas")
    assert "Contact us" in canvas and "Send message" in canvas
    assert page.input_value("#canvas input >> nth=0") == "Ada"
    assert "A2UI import" in page.locator("[data-role=assistant] .pg-meta").last.inner_text()
    page.click("#toggle-source")
    assert page.inner_text("#source").startswith('<State contactFirstName="Ada"')
    assert "warning: component 'phone': check 'regex' is not kept" in page.inner_text("#errors")
