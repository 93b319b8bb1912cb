"""Running things: process trees, the bubblewrap sandbox, git and file operations that never follow a path the
agent shaped."""
