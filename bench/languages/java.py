"""Java: JUnit 5's console launcher (its summary box), Maven's surefire summary; builds offline."""
from __future__ import annotations

from pathlib import Path

from bench.languages.base import Profile, Tool


class JavaProfile(Profile):
    """Java's rules."""

    def env(self, home: Path) -> dict[str, str]:
        """Maven offline with its local repository private to the run (MAVEN_OPTS), Gradle's home likewise."""
        return {"MAVEN_OPTS": f"-Dmaven.repo.local={home / '.m2' / 'repository'}", "MAVEN_ARGS": "--offline",
                "GRADLE_USER_HOME": str(home / ".gradle")}


PROFILE = JavaProfile(
    name="java",
    test_names=("*Test.java", "*Tests.java", "*IT.java", "*TestCase.java"),
    test_paths=("src/test/*", "*/src/test/*"),
    config_names=("pom.xml", "build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts",
                  "gradle.properties", "gradlew", "gradlew.bat", "mvnw", "mvnw.cmd", "junit-platform.properties",
                  "build.xml"),
    config_dirs=(".mvn", "gradle"), build_dirs=("target", "build", ".gradle"),
    tools=(Tool("java", ("java", "-version")), Tool("javac", ("javac", "-version"))),
    runners=("junit console launcher", "maven surefire"),
)
