"""The bare baseline for the move benchmark: lock a row, append a JSON row, one transaction.

Installed only when STARPOST_BENCH=1 (config/settings.py); never part of a deployment.
"""
