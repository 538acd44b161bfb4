"""Benchmarks (not tests): ratios measured in one run. See bench/README.md."""
