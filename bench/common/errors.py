"""Errors a user can fix: printed as one line, never as a traceback."""


class UserError(Exception):
    """Bad input or a missing prerequisite; the message names the file, the field and the fix."""
