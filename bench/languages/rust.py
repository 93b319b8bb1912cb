"""Rust: `cargo test` ("test result:" lines), offline, CARGO_HOME private to each run."""
from __future__ import annotations

import functools
import shutil
import subprocess
from pathlib import Path

from bench.languages.base import Profile, Tool


@functools.lru_cache(maxsize=1)
def sysroot() -> Path | None:
    """The active toolchain's own directory (`rustc --print sysroot`): under rustup, ~/.rustup/toolchains/X,
    whose bin/ holds the real cargo and rustc, which need no rustup proxy (nor its home) to start."""
    exe = shutil.which("rustc")
    if exe is None:
        return None
    try:
        done = subprocess.run([exe, "--print", "sysroot"], capture_output=True, timeout=30, check=False,
                              stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError):
        return None
    root = Path(done.stdout.decode(errors="replace").strip())
    return root if done.returncode == 0 and root.is_absolute() and (root / "bin").is_dir() else None


class RustProfile(Profile):
    """Rust's rules."""

    def path_dirs(self) -> list[str]:
        """The toolchain's bin/ (real cargo and rustc, not rustup's proxies)."""
        root = sysroot()
        return [str(root / "bin")] if root else []

    def mounts(self) -> list[Path]:
        """The toolchain's directory, whole (its libraries and std), where it lies outside the system directories."""
        from bench.exec import sandbox
        root = sysroot()
        return sandbox.mount_set([root]) if root else []

    def env(self, home: Path) -> dict[str, str]:
        """Cargo offline with its home (registry cache, credentials) private to the run."""
        return {"CARGO_HOME": str(home / ".cargo"), "CARGO_NET_OFFLINE": "true", "CARGO_TERM_COLOR": "never"}


PROFILE = RustProfile(
    name="rust", aliases=("rs",),
    test_dirs=("tests",),
    config_names=("Cargo.toml", "Cargo.lock", "build.rs", "rust-toolchain", "rust-toolchain.toml"),
    config_dirs=(".cargo", "vendor"), build_dirs=("target",),
    tools=(Tool("cargo", ("cargo", "--version")), Tool("rustc", ("rustc", "--version"))),
    runners=("cargo test",),
)
