"""Constrained decoding: the grammar, its llguidance mask and the guards after it (chain.py shows the order)."""
