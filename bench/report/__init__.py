"""Reports: the static site and its pages, charts, compare, and the leaderboard (promote, publish)."""
