"""Saved force lists, for the games whose engines are ForceBuilding: a player saves a priced,
checked force once and builds it in any match of the game (games.play.forces)."""
