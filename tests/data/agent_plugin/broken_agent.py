"""An adapter whose import fails, as a plugin with a missing dependency would."""
import localagentbench_no_such_dependency  # noqa: F401
