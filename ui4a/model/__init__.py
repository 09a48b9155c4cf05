"""The model runtime: a frozen base with LoRA adapters, one picked per turn (Mixture-of-LoRA).

    router.py     which adapter answers a turn (rules, the model's constrained choice, a default)
    turn.py       one turn, written once: route → stream → check → repair → trace
    repair.py     the repair turn's message for sources that cannot be constrained
    server.py     ``ui4a serve``: the runtime behind an OpenAI-compatible API
    backends/     where answers come from: the Backend interface (base.py), local (torch + peft),
                  openai (any compatible server), replay, scripted, and factory.py, which turns a
                  model spec (``local:PATH``, ``openai:URL``, …) into a backend
    decode/       what a constrained answer may write: the grammar (grammar.py), llguidance's mask
                  (mask.py) and the guards after it, each named for what it guarantees, composed
                  in order by chain.py
    train/        how adapters are made: training data (data.py), the sequence format
                  (sequence.py), the build (build.py) and held-out evaluation (heldout.py)
"""
