"""The generated Lark grammar and the llguidance constraint built on it."""

from __future__ import annotations

import pathlib

import pytest

pytest.importorskip("llguidance")
torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")
pytest.importorskip("tokenizers")

from ui4a import registry  # noqa: E402
from ui4a.lang.parser import parse  # noqa: E402
from ui4a.model.decode.grammar import json_schema_for_route, lark_grammar, route_grammar  # noqa: E402
from ui4a.model.decode.mask import GrammarConstraint, compile_grammar, ll_tokenizer, match  # noqa: E402
from ui4a.validate import check  # noqa: E402

EXAMPLES = sorted((pathlib.Path(__file__).parents[2] / "examples").glob("*.ui"))
SUBSET = ["Badge", "Button", "Card", "Stat", "Text"]


@pytest.fixture(scope="module")
def full() -> str:
    return compile_grammar(lark_grammar())


@pytest.fixture(scope="module")
def full_elements() -> str:
    return compile_grammar(lark_grammar(top="elements"))


def test_grammar_is_generated_from_the_registry():
    text = lark_grammar()
    for comp in registry.all_components():
        assert f'"<{comp.name}"' in text
    sub = lark_grammar(SUBSET)
    assert '"<Card"' in sub and '"<Table"' not in sub
    with pytest.raises(KeyError):
        lark_grammar(["NoSuchThing"])


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_examples_match(full, full_elements, path):
    source = path.read_text()
    assert match(full, source) is None
    assert match(full_elements, source) is None


def test_component_examples_match(full):
    failures = {c.name: match(full, c.example) for c in registry.all_components() if c.example}
    assert {k: v for k, v in failures.items() if v} == {}


@pytest.mark.parametrize("source", [
    '<Card title="x"><Button label="Go" action={n = n + 1; send("hi {n}")} /></Card>',
    '<State on=false n=2 s="" xs=[1, "a", {k: 1},] /><Badge tone={on ? "success" : \'danger\'}>x</Badge>',
    '<Text size="lg" strong>Total {fixed(n * 1.5, 2)} \\{not an expr\\}</Text>',
    '<Text>a <Badge>b</Badge> c</Text>',
    '<Card id="main" title=\'a {x ? "b" : "c"}\'>text</>',
    '<Button label="x" disabled={!ok} action={toggle(ok); submit()} />',
    '<Stat label="MRR" value=12.5 delta=-3 downIsGood />',
    '<Card title="a {x ? \'say \\"hi\\"\' : \'c\'}" />',  # the outer quote escaped in a nested string
    '',
])
def test_valid_documents_match(full, source):
    assert match(full, source) is None


@pytest.mark.parametrize("source", [
    "<Frobnicate />",                                 # unknown component
    '<Card colour="red" />',                          # unknown prop
    '<Badge tone="purple">x</Badge>',                 # bad enum value
    '<State on=false /><Badge tone={on ? "success" : "pink"}>x</Badge>',  # bad enum in a branch
    '<Button label="x">hi</Button>',                  # children in a "none" component
    "<Button />",                                     # missing required prop
    '<Button label="a" label="b" />',                 # duplicate prop
    '<State a=1 /><Slider label="x" bind={a + 1} />',  # bind must be a name
    '<Button label="x" action={1 + 2} />',            # action must be statements
    '<Button label="x" action={true = 1} />',         # assignment to a keyword
    "<Text>{foo(1)}</Text>",                          # unknown function
    "<Tabs>hello</Tabs>",                             # text where only <Tab> may go
    "<Badge><Card /></Badge>",                        # element in a text-only component
    "<Text><Card /></Text>",                          # block element inside inline text
    "<State a={1} />",                                # state needs a literal
    "<State a={k:1} />",                              # an object state only inside an array (braces are an expression)
    "<Card></Row>",                                   # mismatched close
    '<Card id="1x" />',                               # id not a name
    "<Grid columns=2.5 />",                           # integer prop
    '<Card title="a {x ? "b" : "c"}" />',             # same quote nested (the parser cannot read it)
    '<Card title="a {x ? \'it"s\' : \'c\'}" />',       # the outer quote inside a nested string ends the outer one
    '<Card title=\'{ {"a\'b": 1}.x }\' />',            # ... and inside a nested key
    "<Card title=\"x\"",                              # unfinished tag
    "<Text>}</Text>",                                 # stray brace
])
def test_invalid_documents_are_rejected(full, source):
    assert match(full, source) is not None


def test_elements_top_rejects_stray_text(full_elements):
    assert match(full_elements, "hello <Card />") is not None
    assert match(full_elements, "") is not None
    assert match(full_elements, "\n<State a=1 />\n<Card />\n") is None


# ------------------------------------------------------------ decoding with a random tiny model


@pytest.fixture(scope="module")
def tiny():
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast

    texts = [p.read_text() for p in EXAMPLES]
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    tok.train_from_iterator(texts, trainers.BpeTrainer(
        vocab_size=600, special_tokens=["<pad>", "<s>", "</s>"],
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(), show_progress=False))
    hf = PreTrainedTokenizerFast(tokenizer_object=tok, bos_token="<s>", eos_token="</s>", pad_token="<pad>")
    torch.manual_seed(0)
    config = LlamaConfig(vocab_size=len(hf), hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                         num_attention_heads=4, num_key_value_heads=4, max_position_embeddings=512,
                         bos_token_id=hf.bos_token_id, eos_token_id=hf.eos_token_id,
                         pad_token_id=hf.pad_token_id)
    model = LlamaForCausalLM(config).eval()
    threads = torch.get_num_threads()
    torch.set_num_threads(1)  # a 30k-parameter model: threads only add overhead
    yield hf, ll_tokenizer(hf), model
    torch.set_num_threads(threads)


class _EosBias(transformers.LogitsProcessor):
    """Makes EOS likelier where the grammar allows it, so more random samples finish."""

    def __init__(self, eos: int, bias: float) -> None:
        self.eos, self.bias = eos, bias

    def __call__(self, input_ids, scores):
        scores[:, self.eos] += self.bias
        return scores


def test_example_token_streams_pass_the_constraint(tiny, full_elements):
    hf, llt, _ = tiny
    constraint = GrammarConstraint(full_elements, hf, llt)
    for path in EXAMPLES[:6]:
        constraint.reset()
        seq = [hf.bos_token_id]
        for token in hf(path.read_text(), add_special_tokens=False)["input_ids"] + [hf.eos_token_id]:
            scores = constraint(torch.tensor([seq]), torch.zeros(1, len(hf)))
            assert scores[0, token] != float("-inf"), (path.name, hf.decode(seq[-10:]))
            seq.append(token)
        assert constraint.accepting


def test_eos_only_when_accepting(tiny):
    hf, llt, _ = tiny
    constraint = GrammarConstraint(lark_grammar(SUBSET, top="elements"), hf, llt)
    seq = [hf.bos_token_id]
    scores = constraint(torch.tensor([seq]), torch.zeros(1, len(hf)))
    assert scores[0, hf.eos_token_id] == float("-inf")  # the empty document is not accepted
    for token in hf('<Card title="x" />', add_special_tokens=False)["input_ids"]:
        seq.append(token)
        scores = constraint(torch.tensor([seq]), torch.zeros(1, len(hf)))
    assert scores[0, hf.eos_token_id] == 0


def test_constrained_sampling_from_a_random_model(tiny):
    from transformers import LogitsProcessorList

    hf, llt, model = tiny
    grammar = compile_grammar(lark_grammar(SUBSET, top="elements"))
    finished = 0
    for seed in range(20):
        constraint = GrammarConstraint(grammar, hf, llt)
        torch.manual_seed(seed)
        ids = torch.tensor([[hf.bos_token_id]])
        out = model.generate(ids, attention_mask=torch.ones_like(ids), do_sample=True, temperature=1.0,
                             top_k=0, max_new_tokens=300, pad_token_id=hf.pad_token_id,
                             logits_processor=LogitsProcessorList([constraint, _EosBias(hf.eos_token_id, 4.0)]))
        new = out[0, 1:].tolist()
        if not new or new[-1] != hf.eos_token_id:
            continue  # ran out of tokens mid-document: a valid prefix, nothing to check
        finished += 1
        text = llt.decode_str(new[:-1])
        assert match(grammar, text) is None
        parse(text)  # raises on any syntax fault
        report = check(text)
        codes = {d.code for d in report.diagnostics}
        # The grammar enforces components, prop names (each once, required ones present),
        # enum values, children and function names; declared state names and value
        # ranges are left to the validator.
        assert not codes & {"syntax", "unknown-component", "unknown-prop", "duplicate-prop",
                            "missing-prop", "children", "unknown-function"}, (codes, text)
        enum_faults = [d for d in report.diagnostics
                       if d.code == "prop-type" and "Input should be '" in d.message]
        assert not enum_faults, (enum_faults, text)
    assert finished >= 5


def test_route_grammar_only_yields_labels(tiny):
    from transformers import LogitsProcessorList

    hf, llt, model = tiny
    labels = ["ui", "chat"]
    grammar = route_grammar(labels)
    assert grammar == 'start: "ui" | "chat"\n'
    for text in labels:
        assert match(grammar, text) is None
    for text in ["u", "uichat", "chat ", "UI", ""]:
        assert match(grammar, text) is not None
    seen = set()
    for seed in range(10):
        torch.manual_seed(seed)
        ids = torch.tensor([[hf.bos_token_id]])
        out = model.generate(ids, attention_mask=torch.ones_like(ids), do_sample=True, top_k=0,
                             max_new_tokens=10, pad_token_id=hf.pad_token_id,
                             logits_processor=LogitsProcessorList([GrammarConstraint(grammar, hf, llt)]))
        new = out[0, 1:].tolist()
        assert new[-1] == hf.eos_token_id
        seen.add(llt.decode_str(new[:-1]))
    assert seen <= set(labels) and seen
    schema = json_schema_for_route(labels)
    assert schema["properties"]["adapter"]["enum"] == labels


def test_batch_of_two_is_refused(tiny):
    hf, llt, _ = tiny
    constraint = GrammarConstraint(route_grammar(["ui"]), hf, llt)
    with pytest.raises(ValueError, match="batch size 1"):
        constraint(torch.tensor([[1], [1]]), torch.zeros(2, len(hf)))


@pytest.mark.slow
def test_the_grammar_allows_no_prefix_the_parser_rejects(tok):
    """Random logits tilted toward brackets, quotes and operators write deep, odd values; at every
    step the text so far must still be readable by the streaming parser (the grammar is never looser)."""
    from tests.model.test_ends_within_budget import decode
    from ui4a.lang.parser import StreamParser

    tilt = torch.tensor([3.0 if any(c in tok.decode([i]) for c in "{}[]:?,\"'=<>/ \\") else 0.0
                         for i in range(len(tok))])
    g = torch.Generator().manual_seed(0)
    for trial in range(80):
        text, _, _ = decode(tok, lambda out: torch.randn(len(tok), generator=g) + tilt, 150, closing=False)
        parser = StreamParser()
        parser.feed(text.rstrip("\ufffd"))
        assert parser.error is None, (trial, text, parser.error.message)
