"""Star Fighters: Rapid Fire on the web and in emails: its drawings, move-panel hints and templates."""
