"""Go: `go test` (-v or -json output), the module cache and build cache private to each run, no proxy."""
from __future__ import annotations

from pathlib import Path

from bench.languages.base import Profile, Tool


class GoProfile(Profile):
    """Go's rules."""

    def env(self, home: Path) -> dict[str, str]:
        """Caches in the private HOME; no module proxy, no checksum database, no toolchain download."""
        return {"GOPATH": str(home / "go"), "GOCACHE": str(home / ".cache" / "go-build"),
                "GOMODCACHE": str(home / "go" / "pkg" / "mod"), "GOPROXY": "off", "GOSUMDB": "off",
                "GOTOOLCHAIN": "local", "GOTELEMETRY": "off", "GOFLAGS": "-mod=mod"}


PROFILE = GoProfile(
    name="go", aliases=("golang",),
    test_names=("*_test.go",), test_dirs=("testdata",),
    config_names=("go.mod", "go.sum", "go.work", "go.work.sum"), config_dirs=("vendor",),
    tools=(Tool("go", ("go", "version")),), runners=("go test",),
)
