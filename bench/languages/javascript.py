"""JavaScript and TypeScript: `node --test` (TAP or spec reporter) and jest, npm offline with a private cache."""
from __future__ import annotations

from pathlib import Path

from bench.languages.base import Profile, Tool

_SUFFIXES = ("js", "mjs", "cjs", "jsx", "ts", "mts", "cts", "tsx")


class JavaScriptProfile(Profile):
    """JavaScript's (and TypeScript's) rules."""

    def env(self, home: Path) -> dict[str, str]:
        """npm offline, its cache private to the run; no update check, no colour codes in the summary."""
        return {"npm_config_cache": str(home / ".npm"), "npm_config_offline": "true",
                "npm_config_update_notifier": "false", "NO_COLOR": "1", "FORCE_COLOR": "0"}


_CONFIG = ("package.json", "package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "pnpm-lock.yaml",
           "pnpm-workspace.yaml", ".npmrc", ".yarnrc", ".yarnrc.yml", ".pnpmfile.cjs", "jest.config.*",
           "vitest.config.*", "vite.config.*", "babel.config.*", ".babelrc", ".babelrc.*", "tsconfig*.json",
           "jsconfig.json", ".mocharc*", ".nycrc*", ".swcrc", "ava.config.*", "karma.conf.*", ".node-version",
           ".nvmrc")

PROFILE = JavaScriptProfile(
    name="javascript", aliases=("js", "node", "nodejs", "typescript", "ts"),
    test_names=tuple(f"*.{kind}.{suffix}" for kind in ("test", "spec") for suffix in _SUFFIXES),
    test_dirs=("__tests__", "test", "tests"),
    config_names=_CONFIG, config_dirs=("node_modules", ".yarn"),
    tools=(Tool("node", ("node", "--version")), Tool("npm", ("npm", "--version"))),
    runners=("node --test", "jest"),
)
