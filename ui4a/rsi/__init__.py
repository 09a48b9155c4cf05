"""RSI, recursive self-improvement: traces → dataset → candidate adapter → evaluation → gated promotion.

``export`` builds a training set from traces, ``train`` fits a candidate adapter
starting from the current one, ``evaluate`` scores candidate and current on the
same requests, and ``promote`` replaces the current adapter only when the
candidate wins by the manifest's gate margin, recording every generation.
"""
