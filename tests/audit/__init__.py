"""Black-box audit of the Hu Mahjong rules (seed 000 + RULES.md) through the CLI contracts."""
