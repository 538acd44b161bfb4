"""Drawing and panel helpers shared by the games' UI packages."""
