"""Helpers shared by the test folders (clock, receivers, waiting, full-game loops)."""
