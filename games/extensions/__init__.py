"""Optional server features, each built on an optional engine capability (games.engines.base):
a game that implements the capability gets the feature, with nothing named after the game."""
