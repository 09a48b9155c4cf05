"""Training: generated request/answer data, the sequence format, the build and held-out evaluation."""
