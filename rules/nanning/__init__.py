"""南宁麻将 (documents 000 and 001): the rules core; `game.Nanning` is its entry in the registry."""
